/** The rules page in Swedish. */
import type { RulesText } from "./outline.ts";

export const rules: RulesText = {
  title: "Så spelar du kinaschack",
  lead: "Kinaschack är en kapplöpning över en stjärna. Flytta alla dina pjäser till spetsen mittemot innan någon annan hinner dit. Ett drag är ett enda steg eller en kedja av hopp över andra pjäser – mer än så är det inte.",
  contents: "På den här sidan",
  chapters: {
    board: {
      heading: "Brädet och målet",
      body: [
        "Brädet är en stjärna med 121 hål: en sexhörning i mitten och sex spetsar med tio hål var. Varje färg börjar i en spets och tävlar mot spetsen rakt mittemot, som är dess **mål**.",
        "I kapplöpningen slår man inga pjäser, och det finns varken damer eller poäng. Pjäserna lämnar aldrig brädet: varje pjäs, din egen eller någon annans, kan bli en bro att hoppa över.",
        "Var färgerna börjar beror på hur många som spelar:",
        {
          list: [
            "**2 spelare:** röd (överst) mot blå (nederst).",
            "**3 spelare:** varannan spets (röd, grön och vit), så att varje mål är tomt från början.",
            "**4 spelare:** två par av motstående spetsar (gul, grön, vit och svart); den översta och den nedersta spetsen står tomma.",
            "**6 spelare:** alla spetsar.",
          ],
        },
        "Fem spelare kan inte tävla: en av dem skulle stå mittemot den tomma spetsen och få en lättare väg hem. Slag spelas av 2–6 spelare.",
      ],
      sections: {},
    },
    turns: {
      heading: "Vems tur",
      body: [
        "Turen går medurs runt stjärnan, färg för färg: röd, gul, grön, blå, vit, svart. Spetsar som ingen spelar med hoppas över.",
        "Vem som börjar är en inställning för bordet. Som standard lottas det inför varje parti; värden kan i stället välja en plats när bordet skapas eller mellan partierna. Sidan visar vem som börjar innan partiet startar.",
        "I Slag tillhör pjäserna ingen, så spelarna turas helt enkelt om i platsordning, och den som börjar gör det första draget.",
      ],
      sections: {},
    },
    moves: {
      heading: "Drag: ett steg eller hopp",
      body: [
        "När det är din tur flyttar du en pjäs av din färg, antingen ett steg eller en kedja av hopp. Aldrig båda, och aldrig två steg.",
      ],
      sections: {
        step: {
          heading: "Ett steg",
          body: [
            "Flytta pjäsen till ett tomt hål bredvid. Varje hål har upp till sex grannar, och alla riktningar är tillåtna: framåt, åt sidan och bakåt. Ett steg avslutar ditt drag.",
          ],
        },
        jump: {
          heading: "Ett hopp",
          body: [
            "Hoppa över en pjäs bredvid din, av vilken färg som helst, till det tomma hålet rakt bakom den på samma linje. Pjäsen du hoppar över står kvar där den står.",
            "Du kan inte hoppa över ett tomt hål, över två pjäser på en gång eller till ett upptaget hål.",
          ],
        },
        chain: {
          heading: "Hoppkedjor",
          body: [
            "Efter ett hopp får samma pjäs hoppa igen från där den landade, så många gånger som det finns hopp att göra. Kedjan får byta riktning vid varje landning, och du får stanna efter vilket hopp som helst: du måste aldrig hoppa, och du måste inte ta den längsta kedjan.",
            "En kedja får korsa sin egen väg och till och med passera hålet den startade från, men pjäsen måste sluta draget på ett annat hål.",
            "Här på sidan väljer du pjäsen och hålet där den ska hamna. Brädet hittar vägen och numrerar varje landning, så även en lång kedja är två klick.",
          ],
        },
      },
    },
    finishing: {
      heading: "Att komma hem",
      body: [],
      sections: {
        places: {
          heading: "I mål och placeringar",
          body: [
            "En färg är hemma när dess mål är fullt. Det spelar ingen roll i vilken ordning pjäserna kommer fram, och det räcker inte att de flesta är framme.",
            "När en spelare är hemma fortsätter de andra om de återstående placeringarna tills bara en är kvar. Med två spelare slutar partiet direkt. Pjäser som är hemma står kvar på brädet: alla kan fortfarande hoppa över dem, och deras ägares tur hoppas över.",
            "Ett parti kan inte pågå i evighet: det slutar efter 1 000 drag för varje färg i spelet (2 000 i ett parti för två), och alla som fortfarande tävlar delar nästa placering.",
          ],
        },
        blocking: {
          heading: "Regeln mot blockering",
          body: [
            "En motståndare som lämnar en pjäs i ditt mål kan inte stoppa dig. Ditt mål räknas som fullt när varje hål är upptaget, så länge minst en av pjäserna är din och ingen tillhör din egen sida.",
            "Motståndarnas pjäser hjälper alltså till att fylla ditt mål. Din egen sidas pjäser gör det inte: inte din andra färg när du spelar flera, och inte din partners i ett lagspel. Annars kunde man fylla ett mål med pjäser som man aldrig tänkt föra hem.",
            "Regeln kontrolleras efter varje drag, vems som helst: om en motståndares drag fyller det sista hålet i ditt mål är du hemma på det draget.",
          ],
        },
        stuck: {
          heading: "Inget drag, och att lämna spelet",
          body: [
            "En färg som inte har något tillåtet drag står över; bordet gör det åt dig.",
            "Vem som helst får lämna spelet när som helst. I kapplöpningen tas pjäserna för den som lämnar bort från brädet, så att ingens mål förblir blockerat, och deras tur hoppas över. Den som redan är hemma behåller sin placering och sina pjäser.",
            "De som lämnar placeras efter alla som gick i mål eller spelade till slutet; den som lämnade först kommer sist. När bara en spelare eller ett lag är kvar slutar partiet, och de får nästa placering. I Slag behåller den som lämnar sina slagna pjäser.",
          ],
        },
      },
    },
    options: {
      heading: "Varianter och val",
      body: ["Du väljer dem när du skapar bordet. De flesta går att kombinera."],
      sections: {
        colours: {
          heading: "Flera färger var",
          body: [
            "Två spelare kan spela med två eller tre färger var, och tre spelare med två var. Varje färg tävlar mot sitt eget mål, varje färg har sin egen tur i medurs ordning, och du är hemma när alla dina färger är det.",
            {
              list: [
                "**2 spelare × 2 färger:** motstående spetsar var.",
                "**2 spelare × 3 färger:** varannan spets var.",
                "**3 spelare × 2 färger:** motstående spetsar var.",
              ],
            },
          ],
        },
        teams: {
          heading: "Lag",
          body: [
            "Sex spelare kan spela i tre lag om två, med partnerna i motstående spetsar. Var och en för hem sin egen färg, och laget placeras när båda är hemma; partnerna delar placeringen.",
            "Om den ena partnern lämnar tar den andra över hens färg och spelar med båda. Först när båda har lämnat tas lagets pjäser bort från brädet.",
          ],
        },
        pieces15: {
          heading: "15 pjäser",
          body: [
            "För två spelare med en färg var: varje färg har 15 pjäser, som fyller spetsen och de fem hålen längs sexhörningens kant intill den. Målet är samma 15 hål på motsatta sidan.",
          ],
        },
        longJumps: {
          heading: "Långt hopp",
          body: [
            "Med det här valet får ett hopp gå över en pjäs längre bort på en linje, när alla hål mellan dig och den är tomma. Du landar lika långt bortom pjäsen som du stod före den, och alla hål fram till landningen måste också vara tomma.",
            "Ett hopp går fortfarande över exakt en pjäs. Långa och korta hopp blandas fritt i en kedja, och långa hopp gäller även i Slag.",
          ],
        },
        capture: {
          heading: "Slag",
          body: [
            "Ett annat spel på samma bräde. De 60 pjäserna fyller sexhörningen utom mitthålet, och de sex spetsarna är tomma från början. Pjäserna tillhör ingen: när det är din tur får du flytta vilken pjäs som helst.",
            "Varje drag är ett hopp eller en hoppkedja, som får landa var som helst, även i spetsarna; steg är inte tillåtna. Varje pjäs du hoppar över slås direkt: den lämnar brädet och räknas till dig. Därför kan en kedja aldrig hoppa över samma pjäs två gånger, och den kan sluta i hålet den startade från. Du får stanna efter vilket hopp som helst.",
            "När det inte finns något hopp kvar någonstans på brädet är partiet slut. Flest slagna pjäser vinner; lika poäng ger delad placering, så lika i toppen blir oavgjort.",
          ],
        },
      },
    },
    site: {
      heading: "Att spela här",
      body: [],
      sections: {
        pointer: {
          heading: "Med mus eller finger",
          body: [
            {
              steps: [
                "När det är din tur klickar eller trycker du på en av dina pjäser. Alla hål den kan nå markeras.",
                "Peka på en markering för att se vägen, med varje landning numrerad.",
                "Klicka eller tryck på markeringen för att flytta dit. Vill du välja en annan pjäs klickar du på den i stället.",
              ],
            },
            "I Slag bygger du kedjan landning för landning, och pjäserna du skulle slå markeras. Avsluta med **Klar** eller genom att klicka på den sista landningen igen; en kedja som inte kan fortsätta spelas direkt. **Ångra landning** och **Avbryt** tar tillbaka den.",
          ],
        },
        keyboard: {
          heading: "Med tangentbordet",
          body: [
            "Tabbtangenten tar dig till brädet med ett enda tryck. Sedan:",
            {
              keys: [
                ["← → ↑ ↓", "flytta mellan hålen"],
                ["Enter, blanksteg", "välj pjäsen, eller hålet att flytta till"],
                ["Esc", "ångra valet"],
              ],
            },
            "En skärmläsare läser upp varje hål med dess namn och vad som står där, till exempel ”e5, tomt” eller ”a1, röd pjäs”. Raderna går från a överst till q nederst; i5 är mitten.",
          ],
        },
        away: {
          heading: "Om du är borta",
          body: [
            "Din plats sparas i den här webbläsaren: ladda om sidan eller öppna länken igen, så sitter du där igen.",
            "Med dragklocka spelar datorn ett drag åt dig när tiden tar slut, och efter tre sådana drag i rad spelar datorn åt dig tills du tar tillbaka din plats. Om du tappar anslutningen när det är din tur får de andra spelarna efter en minut låta datorn spela åt dig eller ta dig ur spelet.",
            "Ett bord där ingen har spelat på 30 dagar tas bort, tillsammans med sin länk.",
          ],
        },
      },
    },
  },
  diagrams: {
    start: "Två spelare: röd börjar överst och tävlar mot den blå spetsen nederst; blå tävlar åt andra hållet.",
    step: "Ett steg: den röda pjäsen får flytta till vilket som helst av de fem markerade hålen. Den sjätte grannen är upptagen.",
    jump: "Ett hopp: röd hoppar över den blå pjäsen bredvid till det tomma hålet bakom.",
    chain:
      "En kedja: tre hopp i samma drag – över blå, över röd och över blå igen – med ny riktning vid varje landning.",
    blocking: "Röds mål med nio röda pjäser och en blå som inte flyttar: målet är fullt, så röd är hemma.",
    longJump:
      "Ett långt hopp: den blå pjäsen står två hål bort, så röd landar två hål bortom den. Hålen emellan är tomma.",
    capture:
      "Slag: en kedja med två hopp tar de två pjäser den passerar. Vilken pjäs som helst hade kunnat flyttas; det här draget ger två slagna.",
  },
};
