import { afterEach, describe, expect, it, vi } from "vitest";
import {
  Game,
  holeName,
  makeSettings,
  POINT_HOLES,
  type Point,
  parseMove,
  type Settings,
  seating,
  VARIANT_NAMES,
  VARIANTS,
  variantOf,
  writeRecord,
} from "../../src/rules/index.ts";
import { legalSettings, names, piecesOf, refusal } from "./helpers.ts";

/** The colours that move, turn by turn, for `plies` turns (each plays its first listed move). */
function turnOrder(game: Game, plies: number): string[] {
  const colours: string[] = [];
  for (let i = 0; i < plies; i++) {
    const turn = game.turn;
    if (!turn) break;
    colours.push(`${turn.colour}:${turn.player + 1}`);
    game.apply({ kind: "path", path: game.legalMoves()[0].path });
  }
  return colours;
}

describe("race seating: 2 → N, S; 3 → N, SE, SW; 4 → NE, SE, SW, NW; 6 → all", () => {
  it.each([
    [2, [["N"], ["S"]]],
    [3, [["N"], ["SE"], ["SW"]]],
    [4, [["NE"], ["SE"], ["SW"], ["NW"]]],
    [6, [["N"], ["NE"], ["SE"], ["S"], ["SW"], ["NW"]]],
  ] as const)("%i players sit on %j", (players, colours) => {
    const game = Game.create({ players });
    expect(game.playerColours).toEqual(colours);
    for (const [point] of colours) expect(piecesOf(game, point)).toBe(names(POINT_HOLES[point]));
    const seated = new Set(colours.flat());
    const empty = game.board().filter((occupant) => occupant === null).length;
    expect(empty).toBe(121 - 10 * seated.size);
  });
});

describe("several colours per player: 2×2 on opposite points, 2×3 on alternate points, 3×2 on opposite points", () => {
  it.each([
    [
      2,
      2,
      [
        ["NE", "SW"],
        ["SE", "NW"],
      ],
    ],
    [
      2,
      3,
      [
        ["N", "SE", "SW"],
        ["S", "NW", "NE"],
      ],
    ],
    [
      3,
      2,
      [
        ["N", "S"],
        ["NE", "SW"],
        ["SE", "NW"],
      ],
    ],
  ] as const)("%i players × %i colours sit on %j", (players, colours, seats) => {
    const game = Game.create({ players, colours });
    expect(game.playerColours).toEqual(seats);
    for (const point of seats.flat()) expect(piecesOf(game, point)).toBe(names(POINT_HOLES[point]));
  });

  it("refuses other combinations, naming the colours field", () => {
    for (const [players, colours] of [
      [3, 3],
      [4, 2],
      [6, 2],
      [6, 3],
    ] as const) {
      const error = refusal(() => Game.create({ players, colours }));
      expect(error.code).toBe("invalid-settings");
      expect(error.field).toBe("colours");
    }
  });
});

describe("turns go clockwise, colour by colour, starting with the first colour clockwise from N", () => {
  it.each([
    [{ players: 2 }, ["N:1", "S:2", "N:1", "S:2"]],
    [{ players: 3 }, ["N:1", "SE:2", "SW:3", "N:1", "SE:2", "SW:3"]],
    [{ players: 4 }, ["NE:1", "SE:2", "SW:3", "NW:4", "NE:1"]],
    [{ players: 6 }, ["N:1", "NE:2", "SE:3", "S:4", "SW:5", "NW:6", "N:1"]],
    [{ players: 2, colours: 2 }, ["NE:1", "SE:2", "SW:1", "NW:2", "NE:1"]],
    [{ players: 2, colours: 3 }, ["N:1", "NE:2", "SE:1", "S:2", "SW:1", "NW:2", "N:1"]],
    [{ players: 3, colours: 2 }, ["N:1", "NE:2", "SE:3", "S:1", "SW:2", "NW:3", "N:1"]],
  ] as [Partial<Settings>, string[]][])("%o: %j", (settings, order) => {
    expect(turnOrder(Game.create(settings), order.length)).toEqual(order);
  });

  it("starts with the chosen first player's first colour and goes on clockwise", () => {
    expect(turnOrder(Game.create({ players: 3 }, { firstPlayer: 2 }), 4)).toEqual(["SW:3", "N:1", "SE:2", "SW:3"]);
    expect(turnOrder(Game.create({ players: 2, colours: 3 }, { firstPlayer: 1 }), 3)).toEqual(["NE:2", "SE:1", "S:2"]);
  });

  it("lets the capture variant's players move in seat order from player 1, or the chosen first player", () => {
    const game = Game.create({ variant: "capture", players: 3 });
    expect(game.turn).toEqual({ player: 0, colour: undefined });
    game.play("i7-i5");
    expect(game.turn).toEqual({ player: 1, colour: undefined });
    expect(Game.create({ variant: "capture", players: 3 }, { firstPlayer: 2 }).turn?.player).toBe(2);
  });

  it("refuses a first player outside the table", () => {
    for (const firstPlayer of [-1, 2, 1.5]) {
      const error = refusal(() => Game.create({ players: 2 }, { firstPlayer }));
      expect(error.code).toBe("invalid-settings");
      expect(error.field).toBe("firstPlayer");
    }
  });
});

describe("the race is for 2, 3, 4 or 6 players; 5 is refused", () => {
  it("refuses five players with invalid-settings on the players field", () => {
    const error = refusal(() => Game.create({ variant: "classic", players: 5 }));
    expect(error.code).toBe("invalid-settings");
    expect(error.field).toBe("players");
    expect(error.message).toMatch(/five/i);
  });

  it.each([1, 7, 0, 2.5])("refuses %s players", (players) => {
    const error = refusal(() => Game.create({ players }));
    expect(error.code).toBe("invalid-settings");
    expect(error.field).toBe("players");
  });
});

describe("the capture variant takes 2 to 6 players, with no colours, teams or 15 pieces", () => {
  it.each([2, 3, 4, 5, 6])("accepts %i players", (players) => {
    const game = Game.create({ variant: "capture", players });
    expect(game.settings.players).toBe(players);
    expect(game.playerColours).toEqual(Array.from({ length: players }, () => []));
  });

  it.each([
    [{ colours: 2 }, "colours"],
    [{ pieces: 15 }, "pieces"],
    [{ teams: true, players: 6 }, "teams"],
    [{ players: 7 }, "players"],
  ] as [Partial<Settings>, string][])("refuses %o (field %s)", (settings, field) => {
    const error = refusal(() => Game.create({ variant: "capture", ...settings }));
    expect(error.code).toBe("invalid-settings");
    expect(error.field).toBe(field);
  });
});

describe("options: 15 pieces for two players of one colour, teams for six players of one colour", () => {
  it("refuses 15 pieces except for two players of one colour", () => {
    for (const settings of [{ players: 3 }, { players: 2, colours: 2 }] as Partial<Settings>[]) {
      const error = refusal(() => Game.create({ ...settings, pieces: 15 }));
      expect(error.field).toBe("pieces");
    }
    expect(refusal(() => Game.create({ pieces: 12 as 10 })).field).toBe("pieces");
  });

  it("refuses teams except for six players of one colour", () => {
    for (const players of [2, 3, 4]) expect(refusal(() => Game.create({ players, teams: true })).field).toBe("teams");
    expect(refusal(() => Game.create({ players: 3, colours: 2, teams: true })).field).toBe("teams");
  });

  it("refuses unknown values with the field at fault", () => {
    expect(refusal(() => Game.create({ variant: "chess" as "classic" })).field).toBe("variant");
    expect(refusal(() => Game.create({ longJump: "yes" as unknown as boolean })).field).toBe("longJump");
    expect(refusal(() => Game.create({ teams: 1 as unknown as boolean })).field).toBe("teams");
  });

  it("accepts exactly 28 combinations of settings", () => {
    const legal = legalSettings();
    // Race: 2×1 (10 or 15 pieces), 3×1, 4×1, 6×1 (with or without teams), 2×2, 2×3, 3×2; capture: 2–6 players.
    // Each with or without long jumps.
    expect(legal.filter((s) => s.variant === "classic")).toHaveLength(18);
    expect(legal.filter((s) => s.variant === "capture")).toHaveLength(10);
    for (const settings of legal) if (settings.variant === "classic") expect(() => seating(settings)).not.toThrow();
  });

  it("fills in the defaults: classic, 2 players, 1 colour, 10 pieces, no long jumps, no teams", () => {
    expect(makeSettings()).toEqual({
      variant: "classic",
      players: 2,
      colours: 1,
      pieces: 10,
      longJump: false,
      teams: false,
    });
  });
});

describe("partners in teams sit on opposite points", () => {
  it("seats six players N, NE, SE, S, SW, NW so that N+S, NE+SW and SE+NW are partners", () => {
    const game = Game.create({ players: 6, teams: true });
    const colours = game.playerColours.map(([point]) => point);
    expect(colours).toEqual(["N", "NE", "SE", "S", "SW", "NW"] satisfies Point[]);
    // Partners share a unit in the position: players 1+4, 2+5, 3+6.
    const { unitOf } = game.searchPosition;
    expect(unitOf[0]).toBe(unitOf[3]);
    expect(unitOf[1]).toBe(unitOf[4]);
    expect(unitOf[2]).toBe(unitOf[5]);
    expect(new Set(unitOf).size).toBe(3);
  });
});

describe("variants come from one registry, by the name in the settings", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("registers the race as classic and the capture variant as capture, each name once", () => {
    expect(VARIANTS.map((variant) => variant.name)).toEqual(["classic", "capture"]);
  });

  it.each(VARIANTS.map((variant) => [variant.name, variant] as const))(
    "makeSettings asks %s, and only it, whether the settings are a game of it",
    (name, variant) => {
      for (const each of VARIANTS) vi.spyOn(each, "checkSettings");
      const settings = makeSettings({ variant: name, players: 3 });
      expect(variant.checkSettings).toHaveBeenCalledExactlyOnceWith(settings);
      for (const other of VARIANTS) if (other !== variant) expect(other.checkSettings).not.toHaveBeenCalled();
    },
  );

  it.each(VARIANTS.map((variant) => [variant.name, variant] as const))(
    "a %s game starts from the position its variant builds",
    (name, variant) => {
      const start = vi.spyOn(variant, "start");
      const game = Game.create({ variant: name });
      expect(start).toHaveBeenCalledExactlyOnceWith(game.settings);
      expect(game.searchPosition).toBe(start.mock.results[0].value);
    },
  );

  it("refuses a name no variant has, even one every object answers to", () => {
    for (const name of ["chess", "toString", "constructor", ""]) {
      const error = refusal(() => makeSettings({ variant: name as Settings["variant"] }));
      expect([error.code, error.field]).toEqual(["invalid-settings", "variant"]);
    }
  });

  it.each(VARIANTS.map((variant) => [variant.name, variant.captures] as const))(
    "%s records carry a Captures tag: %s",
    (name, captures) => {
      expect(writeRecord(Game.create({ variant: name })).includes("[Captures ")).toBe(captures);
    },
  );
});

describe("what a variant can do is data, asked by its settings: variantOf", () => {
  it("the race: no captures, colours racing home, a move picked as a piece and a destination", () => {
    expect(variantOf({ variant: "classic" })).toEqual({ captures: false, colours: true, landings: false });
  });

  it("the capture variant: captures, no colours, a move picked landing by landing", () => {
    expect(variantOf({ variant: "capture" })).toEqual({ captures: true, colours: false, landings: true });
  });

  it("names the variants as a tuple in the registry's order", () => {
    expect(VARIANT_NAMES).toEqual(VARIANTS.map((variant) => variant.name));
    expect(VARIANT_NAMES).toEqual(["classic", "capture"]);
  });

  it.each(VARIANT_NAMES.map((name) => [name, variantOf({ variant: name }).colours] as const))(
    "%s: players have colours (%s) exactly when the start seats them on points",
    (name, colours) => {
      const game = Game.create({ variant: name, players: 3 });
      expect(game.playerColours.map((points) => points.length > 0)).toEqual([colours, colours, colours]);
      expect(game.board().some((occupant) => occupant === "neutral")).toBe(!colours);
    },
  );

  it.each(VARIANT_NAMES.map((name) => [name, variantOf({ variant: name }).landings] as const))(
    "%s: a move's first landing may be followed by more (%s)",
    (name, landings) => {
      // After c1-e7 a1 may jump on past its first landing in the race; after f5-f3 many chains go on in capture.
      const game = Game.replay({ variant: name }, {}, [parseMove(name === "capture" ? "f5-f3" : "c1-e7")]);
      const pieces = game.continuations([]).next;
      const goesOn = pieces.some((piece) =>
        game.continuations([piece]).next.some((next) => game.continuations([piece, next]).next.length > 0),
      );
      expect(goesOn).toBe(landings);
    },
  );
});

describe("the piece map: every occupied hole by name, its piece's colour or neutral; empty holes left out", () => {
  it("the race's start: each seated colour on its point's ten holes", () => {
    const pieces = Game.create({ players: 2 }).pieces();
    expect(Object.keys(pieces)).toHaveLength(20);
    expect(pieces).toEqual({
      ...Object.fromEntries(POINT_HOLES.N.map((hole) => [holeName(hole), "N"])),
      ...Object.fromEntries(POINT_HOLES.S.map((hole) => [holeName(hole), "S"])),
    });
  });

  it("the capture variant: 60 neutral pieces, none on i5, and a captured piece's hole gone", () => {
    const start = Game.create({ variant: "capture" }).pieces();
    expect(Object.keys(start)).toHaveLength(60);
    expect(new Set(Object.values(start))).toEqual(new Set(["neutral"]));
    expect(start.i5).toBeUndefined();
    const after = Game.replay({ variant: "capture" }, {}, [parseMove("f5-f3")]).pieces();
    expect(Object.keys(after)).toHaveLength(59);
    expect([after.f5, after.f4, after.f3]).toEqual([undefined, undefined, "neutral"]);
  });

  it("is the board's occupants by name", () => {
    const game = Game.replay({ players: 3 }, {}, [parseMove("c1-e7")]);
    const fromBoard = Object.fromEntries(
      game.board().flatMap((occupant, hole) => (occupant === null ? [] : [[holeName(hole), occupant]])),
    );
    expect(game.pieces()).toEqual(fromBoard);
  });
});
