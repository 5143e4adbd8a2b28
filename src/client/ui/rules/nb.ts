/** The rules page in Norwegian Bokmål. */
import type { RulesText } from "./outline.ts";

export const rules: RulesText = {
  title: "Slik spiller du kinasjakk",
  lead: "Kinasjakk er et kappløp over en stjerne. Flytt alle brikkene dine til spissen rett overfor før noen andre rekker det. Et trekk er ett enkelt steg eller en serie hopp over andre brikker – mer er det ikke.",
  contents: "På denne siden",
  chapters: {
    board: {
      heading: "Brettet og målet",
      body: [
        "Brettet er en stjerne med 121 hull: en sekskant i midten og seks stjernespisser med ti hull hver. Hver farge starter i én spiss og løper mot spissen rett overfor, som er fargens **målområde**.",
        "I kappløpet blir ingen brikker slått, og det finnes verken konger eller poeng. Brikkene forlater aldri brettet: hver brikke, din egen eller andres, kan bli en bro å hoppe over.",
        "Hvor fargene starter, avhenger av hvor mange som spiller:",
        {
          list: [
            "**2 spillere:** rød (øverst) mot blå (nederst).",
            "**3 spillere:** annenhver spiss (rød, grønn og hvit), så hvert målområde er tomt fra start.",
            "**4 spillere:** to par motstående spisser (gul, grønn, hvit og svart); den øverste og den nederste spissen står tomme.",
            "**6 spillere:** alle spissene.",
          ],
        },
        "Fem spillere kan ikke løpe om kapp: én av dem ville stå overfor den tomme spissen og få en lettere vei hjem. Slag kan spilles av 2–6 spillere.",
      ],
      sections: {},
    },
    turns: {
      heading: "Hvem sin tur",
      body: [
        "Turen går med klokken rundt stjernen, farge for farge: rød, gul, grønn, blå, hvit, svart. Spisser som ingen spiller med, hoppes over.",
        "Hvem som begynner, er en innstilling for bordet. Som standard trekkes det tilfeldig før hvert parti; verten kan i stedet velge en plass når bordet opprettes eller mellom partiene. Siden viser hvem som begynner, før partiet starter.",
        "I Slag tilhører brikkene ingen, så spillerne bytter bare på i plassrekkefølge, og den som begynner, tar første trekk.",
      ],
      sections: {},
    },
    moves: {
      heading: "Trekk: ett steg eller hopp",
      body: [
        "Når det er din tur, flytter du én brikke i din farge, enten ett steg eller en serie hopp. Aldri begge deler, og aldri to steg.",
      ],
      sections: {
        step: {
          heading: "Et steg",
          body: [
            "Flytt brikken til et ledig nabohull. Hvert hull har opptil seks naboer, og alle retninger er lov: fremover, sidelengs og bakover. Et steg avslutter turen din.",
          ],
        },
        jump: {
          heading: "Et hopp",
          body: [
            "Hopp over én brikke ved siden av din, uansett farge, til det ledige hullet rett bak den på samme linje. Brikken du hopper over, blir stående.",
            "Du kan ikke hoppe over et tomt hull, over to brikker på en gang eller til et opptatt hull.",
          ],
        },
        chain: {
          heading: "Hoppserier",
          body: [
            "Etter et hopp kan den samme brikken hoppe igjen fra der den landet, så mange ganger som det finnes hopp å ta. Serien kan skifte retning ved hver landing, og du kan stoppe etter hvilket hopp du vil: du må aldri hoppe, og du må ikke velge den lengste serien.",
            "En serie kan krysse sin egen vei og til og med passere hullet den startet fra, men brikken må avslutte trekket i et annet hull.",
            "Her på siden velger du brikken og hullet den skal ende i. Brettet finner veien og nummererer hver landing, så selv en lang serie er to klikk.",
          ],
        },
      },
    },
    finishing: {
      heading: "Å komme hjem",
      body: [],
      sections: {
        places: {
          heading: "I mål og plasseringer",
          body: [
            "En farge er hjemme når målområdet er fullt. Det spiller ingen rolle i hvilken rekkefølge brikkene kommer frem, og det holder ikke at de fleste er fremme.",
            "Når en spiller er hjemme, fortsetter de andre om de gjenstående plassene til bare én er igjen. Med to spillere er partiet over med en gang. Brikker som er hjemme, blir stående på brettet: alle kan fortsatt hoppe over dem, og eierens tur hoppes over.",
            "Et parti kan ikke vare evig: det stopper etter 1000 trekk for hver farge i spillet (2000 i et parti for to), og alle som fortsatt er med i løpet, deler neste plass.",
          ],
        },
        blocking: {
          heading: "Regelen mot blokkering",
          body: [
            "En motspiller som lar en brikke stå i målområdet ditt, kan ikke stoppe deg. Målområdet ditt regnes som fullt når alle hullene er opptatt, så lenge minst én av brikkene er din og ingen tilhører din egen side.",
            "Motspillernes brikker hjelper altså til med å fylle målområdet ditt. Brikker fra din egen side gjør det ikke: ikke den andre fargen din når du spiller flere, og ikke makkerens i lagspill. Ellers kunne man fylle et målområde med brikker man aldri hadde tenkt å få hjem.",
            "Regelen sjekkes etter hvert trekk, uansett hvem som gjorde det: fyller en motspillers trekk det siste hullet i målområdet ditt, er du hjemme på det trekket.",
          ],
        },
        stuck: {
          heading: "Ingen trekk, og å forlate spillet",
          body: [
            "En farge uten lovlige trekk må stå over; bordet gjør det for deg.",
            "Hvem som helst kan forlate spillet når som helst. I kappløpet tas brikkene til den som forlater spillet, av brettet, så ingen målområder blir stående blokkert, og turene deres hoppes over. Den som allerede er hjemme, beholder plassen og brikkene sine.",
            "De som forlater spillet, plasseres etter alle som kom i mål eller spilte til slutt; den som gikk først, kommer sist. Når bare én spiller eller ett lag er igjen, er partiet over, og de får neste plass. I Slag beholder den som går, brikkene de har slått.",
          ],
        },
      },
    },
    options: {
      heading: "Varianter og valg",
      body: ["Du velger dem når du oppretter bordet. De fleste kan kombineres."],
      sections: {
        colours: {
          heading: "Flere farger hver",
          body: [
            "To spillere kan spille med to eller tre farger hver, og tre spillere med to hver. Hver farge løper mot sitt eget målområde, hver farge har sin egen tur i rekkefølgen med klokken, og du er hjemme når alle fargene dine er det.",
            {
              list: [
                "**2 spillere × 2 farger:** motstående spisser hver.",
                "**2 spillere × 3 farger:** annenhver spiss hver.",
                "**3 spillere × 2 farger:** motstående spisser hver.",
              ],
            },
          ],
        },
        teams: {
          heading: "Lag",
          body: [
            "Seks spillere kan spille i tre lag på to, med makkerne i motstående spisser. Hver makker fører sin egen farge hjem, og laget får plass når begge er hjemme; makkerne deler plassen.",
            "Hvis den ene makkeren går, overtar den andre fargen og spiller med begge. Først når begge har gått, tas lagets brikker av brettet.",
          ],
        },
        pieces15: {
          heading: "15 brikker",
          body: [
            "For to spillere med én farge hver: hver farge har 15 brikker, som fyller spissen og de fem hullene langs sekskantens kant ved siden av. Målområdet er de samme 15 hullene på motsatt side.",
          ],
        },
        longJumps: {
          heading: "Lange hopp",
          body: [
            "Med dette valget kan et hopp gå over en brikke lenger unna langs en linje, når alle hullene mellom deg og den er tomme. Du lander like langt bak brikken som du sto foran den, og alle hullene frem til landingen må også være tomme.",
            "Et hopp går fortsatt over nøyaktig én brikke. Lange og korte hopp kan blandes fritt i en serie, og lange hopp gjelder også i Slag.",
          ],
        },
        capture: {
          heading: "Slag",
          body: [
            "Et annet spill på det samme brettet. De 60 brikkene fyller sekskanten unntatt midthullet, og de seks spissene er tomme fra start. Brikkene tilhører ingen: når det er din tur, kan du flytte hvilken brikke du vil.",
            "Hvert trekk er et hopp eller en hoppserie, som kan lande hvor som helst, også i spissene; steg er ikke lov. Hver brikke du hopper over, blir slått med en gang: den forlater brettet og teller for deg. Derfor kan en serie aldri hoppe over den samme brikken to ganger, og den kan ende i hullet den startet fra. Du kan stoppe etter hvilket hopp du vil.",
            "Når det ikke finnes flere hopp noe sted på brettet, er partiet over. Flest slåtte brikker vinner; like mange gir delt plass, så likt på toppen er uavgjort.",
          ],
        },
      },
    },
    site: {
      heading: "Å spille her",
      body: [],
      sections: {
        pointer: {
          heading: "Med mus eller finger",
          body: [
            {
              steps: [
                "Når det er din tur, klikker eller trykker du på en av brikkene dine. Alle hull den kan nå, blir markert.",
                "Pek på en markering for å se veien, med hver landing nummerert.",
                "Klikk eller trykk på markeringen for å flytte dit. Vil du heller bruke en annen brikke, klikker du på den.",
              ],
            },
            "I Slag bygger du serien landing for landing, og brikkene du ville slått, blir markert. Avslutt med **Ferdig** eller ved å klikke på den siste landingen igjen; en serie som ikke kan fortsette, spilles med en gang. **Angre landing** og **Avbryt** tar den tilbake.",
          ],
        },
        keyboard: {
          heading: "Med tastaturet",
          body: [
            "Tabulatortasten tar deg til brettet med ett enkelt trykk. Deretter:",
            {
              keys: [
                ["← → ↑ ↓", "flytt mellom hullene"],
                ["Enter, mellomrom", "velg brikken, eller hullet du vil flytte til"],
                ["Esc", "angre valget"],
              ],
            },
            "En skjermleser leser opp hvert hull med navnet og det som står der, for eksempel «e5, tomt» eller «a1, rød brikke». Radene går fra a øverst til q nederst; i5 er midten.",
          ],
        },
        away: {
          heading: "Hvis du er borte",
          body: [
            "Plassen din blir husket i denne nettleseren: last inn siden på nytt eller åpne lenken igjen, så sitter du der igjen.",
            "Med trekkur spiller datamaskinen et trekk for deg når tiden renner ut, og etter tre slike trekk på rad spiller datamaskinen for deg til du tar plassen tilbake. Mister du forbindelsen når det er din tur, kan de andre spillerne etter ett minutt la datamaskinen spille for deg eller ta deg ut av spillet.",
            "Et bord der ingen har spilt på 30 dager, blir slettet, sammen med lenken.",
          ],
        },
      },
    },
  },
  diagrams: {
    start: "To spillere: rød starter øverst og løper mot den blå spissen nederst; blå løper motsatt vei.",
    step: "Et steg: den røde brikken kan flytte til hvilket som helst av de fem markerte hullene. Den sjette naboen er opptatt.",
    jump: "Et hopp: rød hopper over den blå brikken ved siden av, til det tomme hullet bak.",
    chain:
      "En hoppserie: tre hopp i samme trekk – over blå, over rød og over blå igjen – med ny retning ved hver landing.",
    blocking:
      "Røds målområde med ni røde brikker og én blå som ikke flytter seg: målområdet er fullt, så rød er hjemme.",
    longJump:
      "Et langt hopp: den blå brikken står to hull unna, så rød lander to hull bak den. Hullene imellom er tomme.",
    capture:
      "Slag: en serie på to hopp tar de to brikkene den passerer. Hvilken som helst brikke kunne vært flyttet; dette trekket gir to slåtte.",
  },
};
