/** The body of `POST /api/tables`: every field optional, with the engine's defaults; strict. */

import { describe, expect, it } from "vitest";
import { TableSettingsSchema } from "../../src/protocol/index.ts";
import * as v from "../../src/protocol/schema.ts";
import { DEFAULT_SETTINGS, VARIANTS } from "../../src/rules/index.ts";

/** The path and type (the schema or check that failed) of each issue the schema raises. */
function issues(body: unknown) {
  return v.safeParse(TableSettingsSchema, body).issues?.map((issue) => [v.getDotPath(issue) ?? "", issue.type]);
}

describe("a missing setting takes the engine's default", () => {
  it("an empty body is the default table, without a clock, started by its host", () => {
    expect(v.parse(TableSettingsSchema, {})).toEqual({
      ...DEFAULT_SETTINGS,
      clock: null,
      firstPlayer: null,
      startWhenFull: false,
    });
    expect(DEFAULT_SETTINGS).toEqual({
      variant: "classic",
      players: 2,
      colours: 1,
      pieces: 10,
      longJump: false,
      teams: false,
    });
  });

  it("a given setting is kept", () => {
    const clock = { kind: "bank", seconds: 604_800, increment: 86_400 };
    expect(v.parse(TableSettingsSchema, { players: 3, clock, firstPlayer: 2, startWhenFull: true })).toEqual({
      ...DEFAULT_SETTINGS,
      players: 3,
      clock,
      firstPlayer: 2,
      startWhenFull: true,
    });
  });
});

describe("the variants on the wire are the engine's registry", () => {
  it.each(VARIANTS.map((variant) => variant.name))("takes %s", (name) => {
    expect(v.parse(TableSettingsSchema, { variant: name }).variant).toBe(name);
  });
});

describe("a malformed setting is refused at the field at fault", () => {
  const cases: [string, unknown, [string, string][]][] = [
    ["a body that is not an object", 2, [["", "strict_object"]]],
    ["a body that is an array, whose indexes are unknown fields", [2], [["0", "strict_object"]]],
    ["a misspelt field", { player: 3 }, [["player", "strict_object"]]],
    ["an unknown variant", { variant: "chess" }, [["variant", "picklist"]]],
    ["one player", { players: 1 }, [["players", "min_value"]]],
    ["seven players", { players: 7 }, [["players", "max_value"]]],
    ["four colours", { colours: 4 }, [["colours", "picklist"]]],
    ["twelve pieces", { pieces: 12 }, [["pieces", "picklist"]]],
    ["a turn of 9 seconds", { clock: { kind: "move", seconds: 9 } }, [["clock.seconds", "min_value"]]],
    ["a bank under a minute", { clock: { kind: "bank", seconds: 59, increment: 0 } }, [["clock.seconds", "min_value"]]],
    ["a bank without its increment", { clock: { kind: "bank", seconds: 60 } }, [["clock.increment", "object"]]],
    ["an unknown kind of clock", { clock: { kind: "hourglass", seconds: 60 } }, [["clock.kind", "variant"]]],
    ["the old turnSeconds", { turnSeconds: 60 }, [["turnSeconds", "strict_object"]]],
    ["a first player past the sixth seat", { firstPlayer: 6 }, [["firstPlayer", "max_value"]]],
    ["a turn of more than a week", { clock: { kind: "move", seconds: 604_801 } }, [["clock.seconds", "max_value"]]],
    ["long jumps as a string", { longJump: "yes" }, [["longJump", "boolean"]]],
  ];
  for (const [what, body, expected] of cases) {
    it(what, () => {
      expect(issues(body)).toEqual(expected);
    });
  }
});
