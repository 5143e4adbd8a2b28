/**
 * The game the analysis is tested and measured on: the strong computer
 * player (seat 1, 20,000 positions a move, a clock that stands still)
 * against the greedy one, two players, seat 1 first. The client test, the
 * browser test and `npm run bench:analysis` all play it, so that their
 * figures are of one game (67 moves).
 */
import { computerMove, greedyMove, type MoveAction } from "../src/bots/index.ts";
import { Game } from "../src/rules/index.ts";

/** The move of the side to move in the reference game: strong for seat 1, greedy for seat 2. */
export function referenceMove(game: Game): MoveAction | undefined {
  return game.turn?.player === 0
    ? computerMove(game, { level: "strong", maxNodes: 20_000, now: () => 0 })
    : greedyMove(game);
}

/** The reference game, to its end or its first `moves` actions. */
export function referenceGame(moves = Number.POSITIVE_INFINITY): Game {
  const game = Game.create({ players: 2 }, { firstPlayer: 0 });
  while (!game.isOver && game.history.length < moves) {
    const action = referenceMove(game);
    if (action) game.commit(action);
    else game.play("pass");
  }
  return game;
}
