/**
 * The table's settings as the page writes them, in English and Finnish: the
 * variant, players and colours, pieces, long jumps, teams with who partners
 * whom, the clock, who begins, and the computer players.
 */
import { describe, expect, it } from "vitest";
import {
  clockText,
  durationText,
  type SummaryInput,
  settingsSummary,
} from "../../src/client/ui/table-page/settings-summary.ts";
import { makeSettings, type Settings } from "../../src/rules/index.ts";
import { isolated } from "../isolated.ts";
import { i18nIn } from "../translations.ts";

const NAMES = ["Aino", "Bjørn", "Cecilia", "Dag", "Eeva", "Frida"];

function input(settings: Partial<Settings>, rest: Partial<SummaryInput> = {}): SummaryInput {
  const full = makeSettings(settings);
  return {
    settings: full,
    clock: null,
    firstPlayer: null,
    gameFirstPlayer: null,
    computers: new Array(full.players).fill(null),
    names: NAMES.slice(0, full.players),
    ...rest,
  };
}

/** The rows as term → value. */
function summary(language: "en" | "fi", data: SummaryInput): Record<string, string> {
  return Object.fromEntries(settingsSummary(i18nIn(language), data).map((row) => [row.term, row.value]));
}

describe("the settings summary", () => {
  it("says when a table starts by itself: as soon as every seat is taken, in English and Finnish", () => {
    expect(summary("en", input({}, { startWhenFull: true })).Starts).toBe("as soon as every seat is taken");
    expect(summary("fi", input({}, { startWhenFull: true })).Alkaa).toBe("heti kun kaikki paikat on otettu");
    expect(summary("en", input({}, { startWhenFull: false })).Starts).toBeUndefined();
  });

  it("says what a default two-player race is, in English", () => {
    expect(summary("en", input({}))).toEqual({
      Variant: "Classic race",
      Players: "2",
      "Colours per player": "1",
      Pieces: "10 per colour",
      "Long jumps": "Not allowed",
      "Turn clock": "No clock",
      "Who begins": "Drawn at random",
    });
  });

  it("names the partners of a six-player team game with their colours, the bank clock and who begins", () => {
    const rows = summary(
      "en",
      input(
        { players: 6, teams: true, longJump: true },
        {
          clock: { kind: "bank", seconds: 300, increment: 5 },
          firstPlayer: 2,
          gameFirstPlayer: 2,
          computers: [null, null, null, "strong", null, "easy"],
          names: ["Aino", "Bjørn", "Cecilia", "Computer 4", "Eeva", "Computer 6"],
        },
      ),
    );
    expect(rows.Teams).toBe(
      [
        isolated`${"Aino"} (${"red"}) + ${"Computer 4"} (${"blue"})`,
        isolated`${"Bjørn"} (${"yellow"}) + ${"Eeva"} (${"white"})`,
        isolated`${"Cecilia"} (${"green"}) + ${"Computer 6"} (${"black"})`,
      ].join("; "),
    );
    expect(rows["Long jumps"]).toBe("Allowed");
    expect(rows["Turn clock"]).toBe(isolated`${"5 minutes"} in the bank, + ${"5 seconds"} a move`);
    expect(rows["Who begins"]).toBe("Cecilia");
    expect(rows["Computer players"]).toBe(
      `${isolated`${"Computer 4"} (${"Strong"})`}, ${isolated`${"Computer 6"} (${"Easy"})`}`,
    );
  });

  it("says a six-player game without teams has none, and leaves the row out where teams cannot be", () => {
    expect(summary("en", input({ players: 6 })).Teams).toBe("No teams");
    expect(summary("en", input({ players: 3 })).Teams).toBeUndefined();
    expect(summary("en", input({ players: 2, colours: 3 }))["Colours per player"]).toBe("3");
  });

  it("says who began this game when it was drawn, or differs from the table's choice", () => {
    expect(summary("en", input({}, { gameFirstPlayer: 1 }))["Who begins"]).toBe(
      `Drawn at random · ${isolated`this game: ${"Bjørn"}`}`,
    );
    expect(summary("en", input({}, { firstPlayer: 0, gameFirstPlayer: 1 }))["Who begins"]).toBe(
      `Aino · ${isolated`this game: ${"Bjørn"}`}`,
    );
  });

  it("speaks Finnish: the capture variant with long jumps and a clock per move", () => {
    expect(
      summary(
        "fi",
        input({ variant: "capture", players: 3, longJump: true }, { clock: { kind: "move", seconds: 120 } }),
      ),
    ).toEqual({
      Muunnelma: "Kaappaava",
      Pelaajat: "3",
      Nappulat: "60 kuusikulmiossa, kuka tahansa voi siirtää mitä tahansa",
      "Pitkä hyppy": "Sallittu",
      Siirtokello: isolated`${"2 minuuttia"} siirtoa kohden`,
      "Kuka aloittaa": "Arvotaan",
    });
  });

  it("speaks Finnish: 15 pieces and a chosen first player", () => {
    const rows = summary("fi", input({ pieces: 15 }, { firstPlayer: 1, gameFirstPlayer: 1 }));
    expect(rows.Nappulat).toBe("15 väriä kohden");
    expect(rows["Kuka aloittaa"]).toBe("Bjørn");
    expect(rows["Pitkä hyppy"]).toBe("Ei sallittu");
  });

  it("writes a clock's time in the largest whole unit, in the page's language", () => {
    expect(durationText("en", 90)).toBe("90 seconds");
    expect(durationText("en", 3600)).toBe("1 hour");
    expect(durationText("fi", 259_200)).toBe("3 päivää");
    expect(durationText("sv", 86_400)).toBe("1 dygn");
    expect(clockText(i18nIn("nb"), { kind: "move", seconds: 30 })).toBe(isolated`${"30 sekunder"} per trekk`);
    expect(clockText(i18nIn("fi"), null)).toBe("Ei kelloa");
  });
});
