import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatPath,
  Game,
  HOLE_COUNT,
  holeName,
  POINTS,
  type Point,
  perft,
  readRecord,
  type Settings,
  TURN_LIMIT_PER_COLOUR,
  writeRecord,
} from "../../src/rules/index.ts";
import { RacePosition } from "../../src/rules/variants/race.ts";
import {
  copy,
  hasFilledGoal,
  legalSettings,
  names,
  pieceCounts,
  piecesOf,
  raceMove,
  referenceChains,
  referenceDestinations,
  stateOf,
} from "./helpers.ts";

/** Every combination of settings the rules accept (28 of them). */
const LEGAL_SETTINGS = legalSettings();

interface RandomGame {
  readonly settings: Settings;
  readonly firstPlayer: number | null;
  /** Each turn plays the listed move at this index, modulo the number of moves. */
  readonly choices: readonly number[];
  /** A player who leaves before the given turn. */
  readonly resign: { readonly at: number; readonly player: number } | null;
}

const randomGames: fc.Arbitrary<RandomGame> = fc.record({
  settings: fc.constantFrom(...LEGAL_SETTINGS),
  firstPlayer: fc.option(fc.nat(5)),
  choices: fc.array(fc.nat(), { maxLength: 200 }),
  resign: fc.option(fc.record({ at: fc.nat(200), player: fc.nat(5) }), { freq: 4 }),
});

/** Plays a random game, calling `check` before every turn and at the end. */
function play(spec: RandomGame, check: (game: Game) => void): Game {
  const { settings, choices, resign } = spec;
  const firstPlayer = spec.firstPlayer === null ? undefined : spec.firstPlayer % settings.players;
  const game = Game.create(settings, { firstPlayer });
  for (let turn = 0; turn < choices.length && !game.isOver; turn++) {
    check(game);
    if (resign && resign.at === turn) {
      game.resign(resign.player % settings.players);
      if (game.isOver) break;
    }
    if (game.mustPass) {
      game.play("pass");
      continue;
    }
    const moves = game.legalMoves();
    game.apply({ kind: "path", path: moves[choices[turn] % moves.length].path });
  }
  check(game);
  return game;
}

/** Race: every colour in play keeps all its pieces, each on a hole of its own. */
function checkPieces(game: Game): void {
  const counts = pieceCounts(game);
  if (game.settings.variant === "capture") {
    expect(Object.keys(counts).filter((kind) => kind !== "neutral")).toEqual([]);
    const captured = game.captures.reduce((a, b) => a + b, 0);
    expect(captured + (counts.neutral ?? 0)).toBe(60);
    return;
  }
  const colours = game.playerColours.flat();
  const expected: Partial<Record<Point, number>> = {};
  for (const colour of colours) expected[colour] = game.settings.pieces;
  expect(counts).toEqual(expected);
  // The engine's own piece lists agree with the board: no two pieces ever share a hole.
  const position = game.searchPosition;
  expect(position).toBeInstanceOf(RacePosition);
  for (const colour of colours) {
    const listed = (position as RacePosition).piecesOf(POINTS.indexOf(colour) + 1);
    expect(new Set(listed).size).toBe(game.settings.pieces);
    expect(names(listed)).toBe(piecesOf(game, colour));
  }
}

/** The listing agrees with a plain reference generator and with perft's count. */
function checkListing(game: Game): void {
  const moves = game.legalMoves();
  if (game.isOver) {
    expect(moves).toEqual([]);
    return;
  }
  expect(perft(game.searchPosition, 1)).toBe(Math.max(1, moves.length));
  expect(game.countMoves()).toBe(moves.length);
  expect(game.mustPass).toBe(moves.length === 0);
  // The pieces that may move, as a board asks for them, are the listed moves' first holes.
  expect(names(game.continuations([]).next)).toBe(names(moves.map((move) => move.path[0])));
  const listed = moves.map((move) => formatPath(move.path));
  if (game.settings.variant === "capture") {
    expect(new Set(listed).size).toBe(listed.length);
    const reference: string[] = [];
    for (let hole = 0; hole < HOLE_COUNT; hole++)
      if (game.occupant(hole) !== null) reference.push(...referenceChains(game, hole));
    expect([...listed].sort()).toEqual(reference.sort());
    // Every prefix of a listed chain is listed too.
    const set = new Set(listed);
    for (const path of listed) {
      const holes = path.split("-");
      for (let n = 2; n < holes.length; n++) expect(set.has(holes.slice(0, n).join("-"))).toBe(true);
    }
    return;
  }
  // Race: each (from, to) once, exactly the reference destinations of the mover's pieces.
  const pairs = moves.map((move) => `${holeName(move.path[0])}-${holeName(move.path[move.path.length - 1])}`);
  expect(new Set(pairs).size).toBe(pairs.length);
  const colour = game.turn?.colour as Point;
  const reference: string[] = [];
  game.board().forEach((occupant, from) => {
    if (occupant !== colour) return;
    for (const to of referenceDestinations(game, from)) reference.push(`${holeName(from)}-${holeName(to)}`);
  });
  expect([...pairs].sort()).toEqual(reference.sort());
}

const NUM_RUNS = 150;

describe("random legal games keep the invariants", () => {
  it("keeps every piece in the race, and captured + remaining = 60 in capture", () => {
    fc.assert(
      fc.property(randomGames, (spec) => {
        play(spec, checkPieces);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it("lists exactly the legal moves, each (from, to) once in the race and every prefix in capture", () => {
    fc.assert(
      fc.property(randomGames, (spec) => {
        play(spec, checkListing);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it("applies every listed move, written whole or, in the race, from-to", () => {
    fc.assert(
      fc.property(randomGames, (spec) => {
        const game = play(spec, () => {});
        const moves = game.legalMoves();
        const step = Math.max(1, Math.floor(moves.length / 12));
        for (let i = 0; i < moves.length; i += step) {
          const { path } = moves[i];
          const whole = copy(game);
          whole.play(formatPath(path));
          if (game.settings.variant === "classic") {
            const ends = copy(game);
            ends.play(`${holeName(path[0])}-${holeName(path[path.length - 1])}`);
            expect(ends.board()).toEqual(whole.board());
          }
          expect(whole.plies).toBe(game.plies + 1);
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it("round-trips every game through a record", () => {
    fc.assert(
      fc.property(
        randomGames,
        fc.constantFrom<Record<string, string>>({}, { Event: "Random", Round: "7" }),
        (spec, tags) => {
          const game = play(spec, () => {});
          const text = writeRecord(game, tags);
          const read = readRecord(text);
          expect(read.tags).toEqual(tags);
          expect(writeRecord(read.game, read.tags)).toBe(text);
          expect(stateOf(read.game)).toEqual(stateOf(game));
          expect(read.game.history).toEqual(game.history);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it("plays races to the end with the same invariants, ending when one unit is left", () => {
    const raceSettings = LEGAL_SETTINGS.filter((settings) => settings.variant === "classic");
    fc.assert(
      fc.property(
        fc.constantFrom(...raceSettings),
        fc.array(fc.nat(), { minLength: 1, maxLength: 50 }),
        (settings, noise) => {
          const game = Game.create(settings);
          const finished = new Set<Point>();
          // Mostly the test racer, with a random move every so often.
          for (let turn = 0; !game.isOver; turn++) {
            expect(finished.has(game.turn?.colour as Point)).toBe(false);
            if (turn % 7 === 0) {
              checkPieces(game);
              checkListing(game);
            }
            if (game.mustPass) {
              game.play("pass");
              continue;
            }
            const moves = game.legalMoves();
            const random = noise[turn % noise.length];
            const path = random % 5 === 0 ? moves[random % moves.length].path : raceMove(game);
            game.apply({ kind: "path", path: path ?? moves[0].path });
            // Every colour is checked after every move, not only the mover.
            for (const colour of game.playerColours.flat()) if (hasFilledGoal(game, colour)) finished.add(colour);
          }
          checkPieces(game);
          checkListing(game);
          const result = game.result();
          expect(["finished", "turn-limit"]).toContain(result?.reason);
          if (result?.reason === "turn-limit")
            expect(game.plies).toBe(TURN_LIMIT_PER_COLOUR * game.playerColours.flat().length);
          // Everyone has a place: nobody resigned.
          expect(result?.standings.map((standing) => standing.place)).not.toContain(null);
          expect(result?.standings.filter((standing) => standing.place === 1).length).toBeGreaterThan(0);
          const text = writeRecord(game);
          expect(writeRecord(readRecord(text).game)).toBe(text);
        },
      ),
      { numRuns: 25 },
    );
  }, 60_000);
});
