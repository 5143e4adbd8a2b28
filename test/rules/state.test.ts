/**
 * `Game.state` and `Game.resume`: a game taken up from its position's state
 * (through JSON, as a table stores it) and its history is the game it was,
 * and plays on exactly as it would have, in every setting the rules accept.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Game, type Settings } from "../../src/rules/index.ts";
import { legalSettings, stateOf } from "./helpers.ts";

const LEGAL_SETTINGS = legalSettings();

/** Plays turn `turn` of a random game: a leave where one is due, a pass when one must, else the chosen move. */
function playTurn(game: Game, choice: number, resign: { at: number; player: number } | null, turn: number): void {
  if (resign && resign.at === turn) {
    const player = resign.player % game.settings.players;
    if (!game.standings()[player].resigned) game.resign(player);
    if (game.isOver) return;
  }
  if (game.mustPass) {
    game.play("pass");
    return;
  }
  const moves = game.legalMoves();
  game.apply({ kind: "path", path: moves[choice % moves.length].path });
}

/** The state as it comes back from storage. */
function stored(game: Game): ReturnType<Game["state"]> {
  return JSON.parse(JSON.stringify(game.state()));
}

/** What a game is, the pieces' list order included (it orders the legal moves, which the computer reads). */
function everything(game: Game) {
  return { ...stateOf(game), standings: game.standings(), colours: game.playerColours, mustPass: game.mustPass };
}

describe("a game resumed from its state", () => {
  it("is the same game, and plays on the same, in every setting (random games, a leave in some)", () => {
    const capturesFast = (settings: Settings) => settings.variant !== "capture" || !settings.longJump;
    fc.assert(
      fc.property(
        fc.constantFrom(...LEGAL_SETTINGS.filter(capturesFast)),
        fc.option(fc.nat(5)),
        fc.array(fc.nat(), { minLength: 1, maxLength: 80 }),
        fc.nat(79),
        fc.option(fc.record({ at: fc.nat(80), player: fc.nat(5) }), { freq: 3 }),
        (settings, first, choices, cut, resign) => {
          const firstPlayer = first === null ? undefined : first % settings.players;
          const game = Game.create(settings, { firstPlayer });
          const at = cut % choices.length;
          let resumed: Game | undefined;
          for (let turn = 0; turn < choices.length && !game.isOver; turn++) {
            if (turn === at) {
              resumed = Game.resume(settings, { firstPlayer }, stored(game), game.history);
              expect(everything(resumed)).toEqual(everything(game));
            }
            playTurn(game, choices[turn], resign, turn);
            if (resumed && !resumed.isOver) playTurn(resumed, choices[turn], resign, turn);
          }
          if (resumed) expect(everything(resumed)).toEqual(everything(game));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("a finished race and a game over keep their places and their end", () => {
    const game = Game.create({ players: 2 }, { firstPlayer: 0 });
    for (let i = 0; i < 40 && !game.isOver; i++) game.apply({ kind: "path", path: game.legalMoves()[0].path });
    game.resign(1);
    expect(game.isOver).toBe(true);
    const resumed = Game.resume({ players: 2 }, { firstPlayer: 0 }, stored(game), game.history);
    expect(everything(resumed)).toEqual(everything(game));
    expect(resumed.result()).toEqual(game.result());
  });
});
