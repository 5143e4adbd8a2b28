/** The body of `POST /api/tables`: every field optional, with the engine's defaults; strict. */
import { describe, expect, it } from "vitest";
import { TableSettingsSchema } from "../../src/protocol/index.ts";
import { DEFAULT_SETTINGS, VARIANTS } from "../../src/rules/index.ts";

function issues(body: unknown) {
  return TableSettingsSchema.safeParse(body).error?.issues.map(({ path, code }) => [path.join("."), code]);
}

describe("a missing setting takes the engine's default", () => {
  it("an empty body is the default table, without a clock, started by its host", () => {
    expect(TableSettingsSchema.parse({})).toEqual({
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
    expect(TableSettingsSchema.parse({ players: 3, clock, firstPlayer: 2, startWhenFull: true })).toEqual({
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
    expect(TableSettingsSchema.parse({ variant: name }).variant).toBe(name);
  });
});

describe("a malformed setting is refused at the field at fault", () => {
  const cases: [string, unknown, [string, string][]][] = [
    ["a body that is not an object", [2], [["", "invalid_type"]]],
    ["a misspelt field", { player: 3 }, [["", "unrecognized_keys"]]],
    ["an unknown variant", { variant: "chess" }, [["variant", "invalid_value"]]],
    ["one player", { players: 1 }, [["players", "too_small"]]],
    ["seven players", { players: 7 }, [["players", "too_big"]]],
    ["four colours", { colours: 4 }, [["colours", "invalid_value"]]],
    ["twelve pieces", { pieces: 12 }, [["pieces", "invalid_value"]]],
    ["a turn of 9 seconds", { clock: { kind: "move", seconds: 9 } }, [["clock.seconds", "too_small"]]],
    ["a bank under a minute", { clock: { kind: "bank", seconds: 59, increment: 0 } }, [["clock.seconds", "too_small"]]],
    ["a bank without its increment", { clock: { kind: "bank", seconds: 60 } }, [["clock.increment", "invalid_type"]]],
    ["an unknown kind of clock", { clock: { kind: "hourglass", seconds: 60 } }, [["clock.kind", "invalid_union"]]],
    ["the old turnSeconds", { turnSeconds: 60 }, [["", "unrecognized_keys"]]],
    ["a first player past the sixth seat", { firstPlayer: 6 }, [["firstPlayer", "too_big"]]],
    ["a turn of more than a week", { clock: { kind: "move", seconds: 604_801 } }, [["clock.seconds", "too_big"]]],
    ["long jumps as a string", { longJump: "yes" }, [["longJump", "invalid_type"]]],
  ];
  for (const [what, body, expected] of cases) {
    it(what, () => {
      expect(issues(body)).toEqual(expected);
    });
  }
});
