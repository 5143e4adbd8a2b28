/** The rules page in Finnish. */
import type { RulesText } from "./outline.ts";

export const rules: RulesText = {
  title: "Näin pelaat kiinanshakkia",
  lead: "Kiinanshakki on kilpajuoksu tähden poikki. Vie kaikki nappulasi vastapäiseen sakaraan ennen muita. Vuorolla tehdään yksi askel tai hyppyketju muiden nappuloiden yli – siinä koko peli.",
  contents: "Tällä sivulla",
  chapters: {
    board: {
      heading: "Lauta ja pelin tavoite",
      body: [
        "Lauta on 121 reiän tähti: keskellä kuusikulmio ja sen ympärillä kuusi kymmenen reiän sakaraa. Jokainen väri aloittaa omasta sakarastaan ja kilpailee suoraan vastapäiseen sakaraan, joka on sen **maali**.",
        "Kilpapelissä mitään ei syödä, eikä siinä ole kuninkaita tai pisteitä. Nappulat eivät koskaan poistu laudalta: jokaisesta nappulasta, omasta tai toisen, voi tulla silta, jonka yli hypätään.",
        "Värien paikat riippuvat pelaajien määrästä:",
        {
          list: [
            "**2 pelaajaa:** punainen (ylhäällä) ja sininen (alhaalla) vastakkain.",
            "**3 pelaajaa:** joka toinen sakara (punainen, vihreä ja valkoinen), joten jokainen maali on alussa tyhjä.",
            "**4 pelaajaa:** kaksi vastakkaista paria (keltainen, vihreä, valkoinen ja musta); ylä- ja alasakara jäävät tyhjiksi.",
            "**6 pelaajaa:** kaikki sakarat.",
          ],
        },
        "Viisi pelaajaa ei voi pelata kilpaa: yksi heistä saisi vastaansa tyhjän sakaran ja helpomman tien kotiin. Kaappaavaa muunnelmaa voi pelata 2–6 pelaajaa.",
      ],
      sections: {},
    },
    turns: {
      heading: "Kenen vuoro",
      body: [
        "Vuoro kiertää tähteä myötäpäivään väri kerrallaan: punainen, keltainen, vihreä, sininen, valkoinen, musta. Sakarat, joilla ei pelaa kukaan, ohitetaan.",
        "Aloittajan valinta on pöydän asetus. Oletuksena se arvotaan jokaiseen peliin; isäntä voi myös valita aloittavan paikan pöytää luodessaan tai pelien välissä. Sivu kertoo ennen pelin alkua, kuka aloittaa.",
        "Kaappaavassa muunnelmassa nappulat eivät kuulu kenellekään, joten pelaajat vuorottelevat paikkajärjestyksessä aloittajasta alkaen.",
      ],
      sections: {},
    },
    moves: {
      heading: "Siirrot: askel tai hypyt",
      body: [
        "Vuorollasi siirrät yhtä oman värisi nappulaa joko yhden askeleen tai hyppyketjun verran. Et koskaan molempia, etkä kahta askelta.",
      ],
      sections: {
        step: {
          heading: "Askel",
          body: [
            "Siirrä nappula viereiseen tyhjään reikään. Reiällä on enintään kuusi naapuria, ja kaikki suunnat ovat sallittuja: eteen, sivulle ja taakse. Askel päättää vuorosi.",
          ],
        },
        jump: {
          heading: "Hyppy",
          body: [
            "Hyppää yhden viereisen nappulan yli, minkä värisen tahansa, sen takana samalla linjalla olevaan tyhjään reikään. Nappula, jonka yli hyppäät, jää paikalleen.",
            "Tyhjän reiän yli ei voi hypätä, ei kahden nappulan yli kerralla eikä varattuun reikään.",
          ],
        },
        chain: {
          heading: "Hyppyketju",
          body: [
            "Hypyn jälkeen sama nappula saa hypätä uudelleen laskeutumispaikastaan niin monta kertaa kuin hyppyjä riittää. Ketju voi kääntyä jokaisella laskeutumisella, ja voit lopettaa minkä tahansa hypyn jälkeen: hyppääminen ei ole koskaan pakollista, eikä pisin ketju ole pakollinen.",
            "Ketju saa kulkea oman reittinsä poikki ja jopa lähtöreikänsä kautta, mutta vuoron lopussa nappulan on oltava eri reiässä kuin alussa.",
            "Tällä sivustolla valitset nappulan ja reiän, johon sen pitää päätyä. Lauta etsii reitin ja numeroi jokaisen laskeutumisen, joten pitkäkin ketju syntyy kahdella napsautuksella.",
          ],
        },
      },
    },
    finishing: {
      heading: "Kotiin pääseminen",
      body: [],
      sections: {
        places: {
          heading: "Maaliin ja sijoitukset",
          body: [
            "Väri on kotona, kun sen maali on täynnä. Ei ole väliä, missä järjestyksessä nappulat saapuvat, eikä riitä, että suurin osa on perillä.",
            "Kun joku on kotona, muut jatkavat jäljellä olevista sijoista, kunnes vain yksi on jäljellä. Kahden pelaajan peli päättyy heti. Kotiin päässeet nappulat jäävät laudalle: niiden yli voi yhä hypätä, ja niiden omistajan vuorot ohitetaan.",
            "Peli ei voi jatkua loputtomiin: se päättyy, kun jokaista pelissä olevaa väriä kohden on pelattu 1 000 vuoroa (kahden pelaajan pelissä 2 000), ja kaikki vielä kilpailevat jakavat seuraavan sijan.",
          ],
        },
        blocking: {
          heading: "Tukkimisen estävä sääntö",
          body: [
            "Vastustaja ei voi estää sinua jättämällä nappulaansa maaliisi. Maalisi lasketaan täydeksi, kun sen jokainen reikä on varattu, kunhan ainakin yksi nappuloista on sinun eikä yksikään kuulu omalle puolellesi.",
            "Vastustajien nappulat siis auttavat täyttämään maalisi. Oman puolen nappulat eivät auta: ei toinen värisi, kun pelaat useammalla, eikä parisi väri joukkuepelissä. Muuten maalin voisi täyttää nappuloilla, joita ei koskaan aikonutkaan viedä kotiin.",
            "Sääntö tarkistetaan jokaisen siirron jälkeen, kenen tahansa: jos vastustajan siirto täyttää maalisi viimeisen reiän, olet kotona sillä siirrolla.",
          ],
        },
        stuck: {
          heading: "Kun siirtoa ei ole, ja pelistä poistuminen",
          body: [
            "Väri, jolla ei ole yhtään sallittua siirtoa, passaa; pöytä tekee sen puolestasi.",
            "Pelistä voi poistua milloin tahansa. Kilpapelissä poistuvan pelaajan nappulat nostetaan pois laudalta, jotta kenenkään maali ei jää tukituksi, ja hänen vuoronsa ohitetaan. Jo kotiin päässyt pelaaja säilyttää sijansa ja nappulansa.",
            "Poistuneet sijoittuvat kaikkien maaliin päässeiden ja loppuun asti pelanneiden jälkeen; ensimmäisenä poistunut jää viimeiseksi. Kun jäljellä on vain yksi pelaaja tai joukkue, peli päättyy ja se saa seuraavan sijan. Kaappaavassa muunnelmassa poistuva pelaaja säilyttää kaappauksensa.",
          ],
        },
      },
    },
    options: {
      heading: "Muunnelmat ja valinnat",
      body: ["Ne valitaan pöytää luotaessa. Useimpia voi yhdistellä."],
      sections: {
        colours: {
          heading: "Useampi väri pelaajaa kohden",
          body: [
            "Kaksi pelaajaa voi pelata kahdella tai kolmella värillä kumpikin ja kolme pelaajaa kahdella värillä kukin. Jokainen värisi kilpailee omaan maaliinsa, jokainen väri saa oman vuoronsa myötäpäiväisessä järjestyksessä, ja olet kotona, kun kaikki värisi ovat.",
            {
              list: [
                "**2 pelaajaa × 2 väriä:** kummallakin vastakkaiset sakarat.",
                "**2 pelaajaa × 3 väriä:** kummallakin joka toinen sakara.",
                "**3 pelaajaa × 2 väriä:** jokaisella vastakkaiset sakarat.",
              ],
            },
          ],
        },
        teams: {
          heading: "Joukkueet",
          body: [
            "Kuusi pelaajaa voi pelata kolmena kahden hengen joukkueena, parit vastakkaisissa sakaroissa. Kumpikin joukkuetoveri vie oman värinsä kotiin, ja joukkue sijoittuu, kun molemmat ovat kotona; joukkuetoverit jakavat sijan.",
            "Jos toinen joukkuetovereista poistuu, toinen ottaa hänen värinsä ja pelaa molemmilla. Joukkueen nappulat poistuvat laudalta vasta, kun molemmat ovat lähteneet.",
          ],
        },
        pieces15: {
          heading: "15 nappulaa",
          body: [
            "Kahdelle pelaajalle, joilla on yksi väri kummallakin: kummallakin värillä on 15 nappulaa, jotka täyttävät sakaran ja sen vieressä olevat viisi kuusikulmion reunareikää. Maali on samat 15 reikää vastakkaisella puolella.",
          ],
        },
        longJumps: {
          heading: "Pitkä hyppy",
          body: [
            "Tällä valinnalla hyppy voi ylittää kauempana samalla linjalla olevan nappulan, kun kaikki reiät sinun ja sen välillä ovat tyhjiä. Laskeudut yhtä kauas nappulan toiselle puolelle kuin lähdit sen edestä, ja kaikkien reikien laskeutumispaikkaan asti on oltava tyhjiä.",
            "Hyppy ylittää silti täsmälleen yhden nappulan. Pitkät ja lyhyet hypyt sekoittuvat vapaasti samassa ketjussa, ja pitkä hyppy toimii myös Kaappaavassa muunnelmassa.",
          ],
        },
        capture: {
          heading: "Kaappaava muunnelma",
          body: [
            "Eri peli samalla laudalla. 60 nappulaa täyttää kuusikulmion keskireikää lukuun ottamatta, ja kuusi sakaraa ovat alussa tyhjiä. Nappulat eivät kuulu kenellekään: vuorollasi voit siirtää mitä tahansa nappulaa.",
            "Jokainen siirto on hyppy tai hyppyketju, ja se voi laskeutua minne tahansa, myös sakaroihin; askeleet eivät ole sallittuja. Jokainen ylitetty nappula kaapataan heti: se poistuu laudalta ja lasketaan sinulle. Siksi ketju ei voi koskaan ylittää samaa nappulaa kahdesti, ja se voi päättyä samaan reikään, josta se alkoi. Voit lopettaa minkä tahansa hypyn jälkeen.",
            "Kun laudalla ei ole enää yhtään hyppyä, peli päättyy. Eniten kaapannut voittaa; tasapisteissä pelaajat jakavat sijan, joten tasatilanne kärjessä on tasapeli.",
          ],
        },
      },
    },
    site: {
      heading: "Pelaaminen tällä sivustolla",
      body: [],
      sections: {
        pointer: {
          heading: "Hiirellä tai sormella",
          body: [
            {
              steps: [
                "Kun on vuorosi, napsauta tai napauta omaa nappulaasi. Jokainen reikä, johon se pääsee, merkitään.",
                "Vie osoitin merkin päälle, niin näet reitin ja jokaisen laskeutumisen numeron.",
                "Siirrä nappula napsauttamalla tai napauttamalla merkkiä. Jos haluat toisen nappulan, napsauta sitä.",
              ],
            },
            "Kaappaavassa muunnelmassa rakennat ketjun laskeutuminen kerrallaan, ja kaapattavat nappulat merkitään. Lopeta painamalla **Valmis** tai napsauttamalla viimeistä laskeutumista uudelleen; ketju, joka ei voi jatkua, pelataan heti. **Peru laskeutuminen** ja **Peruuta** ottavat siirron takaisin.",
          ],
        },
        keyboard: {
          heading: "Näppäimistöllä",
          body: [
            "Sarkain (Tab) vie laudalle yhdellä painalluksella. Sen jälkeen:",
            {
              keys: [
                ["← → ↑ ↓", "liiku reiästä toiseen"],
                ["Enter, välilyönti", "valitse nappula tai reikä, johon siirrät"],
                ["Esc", "peru valinta"],
              ],
            },
            "Ruudunlukija kertoo jokaisen reiän nimen ja sen, mitä siinä on, esimerkiksi ”e5, tyhjä” tai ”a1, punainen nappula”. Rivit kulkevat ylhäältä a:sta alas q:hun; i5 on keskipiste.",
          ],
        },
        away: {
          heading: "Jos olet poissa",
          body: [
            "Paikkasi säilyy tässä selaimessa: lataa sivu uudelleen tai avaa linkki uudestaan, niin olet taas paikallasi.",
            "Siirtokellon kanssa tietokone pelaa puolestasi vuoron, jonka aika loppuu, ja kun näin käy kolme kertaa peräkkäin, tietokone pelaa puolestasi, kunnes otat paikkasi takaisin. Jos yhteytesi katkeaa omalla vuorollasi, muut pelaajat voivat minuutin kuluttua antaa tietokoneen pelata puolestasi tai poistaa sinut pelistä.",
            "Pöytä, jolla ei ole pelattu 30 päivään, poistetaan linkkeineen.",
          ],
        },
      },
    },
  },
  diagrams: {
    start:
      "Kaksi pelaajaa: punainen aloittaa ylhäältä ja kilpailee alas siniseen sakaraan; sininen kulkee toiseen suuntaan.",
    step: "Askel: punainen nappula voi siirtyä mihin tahansa viidestä merkitystä reiästä. Kuudes naapurireikä on varattu.",
    jump: "Hyppy: punainen hyppää viereisen sinisen nappulan yli sen takana olevaan tyhjään reikään.",
    chain:
      "Hyppyketju: kolme hyppyä samalla vuorolla – sinisen, punaisen ja taas sinisen yli – ja suunta vaihtuu jokaisella laskeutumisella.",
    blocking:
      "Punaisen maali, jossa on yhdeksän punaista nappulaa ja yksi sininen, joka ei lähde: maali on täynnä, joten punainen on kotona.",
    longJump:
      "Pitkä hyppy: sininen nappula on kahden reiän päässä, joten punainen laskeutuu kaksi reikää sen taakse. Välissä olevat reiät ovat tyhjiä.",
    capture:
      "Kaappaus: kahden hypyn ketju vie molemmat nappulat, joiden yli se kulkee. Minkä tahansa nappulan olisi voinut siirtää; tästä siirrosta saa kaksi kaappausta.",
  },
};
