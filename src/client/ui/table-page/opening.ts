/**
 * The table page's opening during a game: what its entry does before the
 * rest of the page's code has come. It sets the page's frame (frame.ts: the
 * title bar, an embed's classes, the socket) and draws the board
 * from the table the page's HTML carries (`#table-snapshot`), turned to the
 * visitor's seat as the page will turn it, with the last move's trail and
 * the moves since the visitor's last turn, while the socket's handshake is
 * done and the rest of the page's code comes. On
 * a slow phone the board is drawn a round trip and most of the page's code
 * sooner: the SDK, the protocol's schemas and the page's panels come after
 * it (table-page.ts, which builds the page around this board, as it is;
 * live-client.ts, whose client takes the socket).
 *
 * On the visitor's turn the board takes their move at once, from the same
 * snapshot: shown played, as the page shows a move of yours, and held for
 * the rest, which sends it once its client has the table (`takeHeldMove`).
 * The visitor can play before the SDK and the panels have come; what they
 * do is the page's first screen, and the bytes it costs are the opening's
 * (npm run size). One move: the board then offers nothing more until the
 * page is built around it.
 */
import type { Snapshot } from "../../../protocol/snapshot.ts";
import { type Action, formatPathNames, Game, parseMove } from "../../../rules/index.ts";
import { lastMoveOf, movedColour } from "../../sdk/last-move.ts";
import { keptIdentity, type TokenStore } from "../../sdk/storage.ts";
import { Board } from "../board.ts";
import { storage } from "../chrome.ts";
import { h } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import { engineMoves, NO_MOVES } from "../legal-moves.ts";
import { startingPieces } from "../starting-pieces.ts";
import { openFrame, type TableFrame } from "./frame.ts";
import { movesSinceLastTurn } from "./since-last-turn.ts";
import { keepBoardTurn, turnFor, wantsBoardTurned } from "./turn-toggle.ts";

/** The table page as its opening leaves it: the frame, and the live board drawn on it. */
export interface Opening extends TableFrame {
  /** The board, drawn from the page's snapshot when there was one to draw. */
  readonly board: Board;
  /**
   * The move the visitor made on the board before the rest of the page came
   * (its hole names), once: the board shows it played, and the rest sends it.
   */
  takeHeldMove(): readonly string[] | null;
}

/**
 * Opens the table page with its live board: the frame, and the board drawn
 * from the page's snapshot, taking the visitor's move on their turn.
 */
export function openTable(root: HTMLElement, i18n: I18n, tableId: string, embed: boolean): Opening {
  const frame = openFrame(root, i18n, tableId, embed);
  const board = new Board({ i18n });
  let held: readonly string[] | null = null;
  if (frame.snapshot) {
    const drawn = drawSnapshot(board, i18n, frame.snapshot, frame.tokens, storage());
    if (drawn) takeOneMove(board, drawn, (path) => (held = path));
  }
  // The page's structure as table-page.ts builds it, so that the board is where it will stay.
  const main = h("main", { class: "table" }, h("div", { class: "board-wrap" }, board.element));
  root.replaceChildren(...(frame.header ? [frame.header] : []), main);
  const takeHeldMove = () => {
    const move = held;
    held = null;
    return move;
  };
  return { ...frame, board, takeHeldMove };
}

/** The table as the opening drew it, on the visitor's turn. */
interface YourTurn {
  readonly game: Game;
  readonly seat: number;
  readonly view: Parameters<Board["update"]>[0];
}

/**
 * Offers the visitor's moves on the board, and takes one: played on the
 * snapshot's game (the engine checks it as the table will), drawn moving
 * and then in place, and handed to `hold`; then the board offers nothing.
 */
function takeOneMove(board: Board, { game, seat, view }: YourTurn, hold: (path: readonly string[]) => void): void {
  board.listen({
    onMove: (path) => {
      let action: Action;
      try {
        action = game.resolve(formatPathNames(path), seat);
      } catch {
        return;
      }
      if (action.kind !== "move") return;
      game.commit(action);
      hold(path);
      const moved = lastMoveOf(action);
      void board.animate(moved.path, movedColour(game, action), moved.captured);
      board.update({ ...view, pieces: game.pieces(), moves: NO_MOVES, lastMove: moved });
    },
  });
  board.update({ ...view, moves: engineMoves(game) });
}

/**
 * Draws the page's table on the board as the page's first render will, if
 * the page carries one that reads; returns it if it is the visitor's turn.
 */
function drawSnapshot(
  board: Board,
  i18n: I18n,
  snapshot: Snapshot,
  tokens: TokenStore,
  store: Storage | undefined,
): YourTurn | null {
  const tableId = snapshot.id;
  try {
    // The seat the client will take itself to hold until the table says (sdk/client.ts, a snapshot's start).
    const { seat } = keptIdentity(tokens, tableId);
    const { settings, game: view } = snapshot;
    const game = view && Game.replay(settings, { firstPlayer: view.firstPlayer }, view.moves.map(parseMove));
    const history: readonly Action[] = game?.history ?? [];
    const last = history.findLast((action) => action.kind === "move");
    const since = game ? movesSinceLastTurn(history, seat, game.turn?.player ?? null) : [];
    const sinceLabel = seat === null ? "roundMark" : "sinceMark";
    const turn = turnFor(settings, seat, wantsBoardTurned(store));
    board.setTurn(turn);
    keepBoardTurn(turn);
    const drawn = {
      variant: settings.variant,
      pieces: game ? game.pieces() : startingPieces(settings),
      moves: NO_MOVES,
      lastMove: last?.kind === "move" ? lastMoveOf(last) : null,
      since: since.map(({ path, order }) => ({ path, order, label: i18n.t(sinceLabel, { n: order }) })),
    };
    board.update(drawn);
    // Your turn as the page will take it (table-page.ts, myTurn): the table playing, your seat to move.
    const yours = snapshot.status === "playing" && seat !== null && game !== null && game.turn?.player === seat;
    return yours ? { game, seat, view: drawn } : null;
  } catch {
    // Not a table as this reads one: the page draws it once the rest has checked it (table-page.ts).
    return null;
  }
}
