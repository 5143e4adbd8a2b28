/**
 * The table page's opening: what its entry does before the rest of the
 * page's code has come. It takes a hand-over code out of the address, sets
 * the page's frame (the title bar; an embed's classes) and draws the board
 * from the table the page's HTML carries (`#table-snapshot`), turned to the
 * visitor's seat as the page will turn it, with the last move's trail and
 * the moves since the visitor's last turn; and it opens the table's socket,
 * whose handshake is then done while the rest of the page's code comes. On
 * a slow phone the board is drawn a round trip and most of the page's code
 * sooner: the SDK, the protocol's schemas and the page's panels come after
 * it (table-page.ts, which builds the page around this board, as it is, and
 * takes the socket for its client).
 *
 * On the visitor's turn the board takes their move at once, from the same
 * snapshot: shown played, as the page shows a move of yours, and held for
 * the rest, which sends it once its client has the table (`takeHeldMove`).
 * The visitor can play before the SDK and the panels have come; what they
 * do is the page's first screen, and the bytes it costs are the opening's
 * (npm run size). One move: the board then offers nothing more until the
 * page is built around it.
 *
 * The snapshot is read here as the page's own data, written by the server
 * into the same document as the page's scripts, and not through the
 * protocol's schema, whose code is the heaviest part of what comes after:
 * the page checks it with the schema before the SDK takes it, and a table
 * that does not read as one here is simply not drawn until then.
 */
import type { Snapshot } from "../../../protocol/snapshot.ts";
import { type Action, formatPathNames, Game, parseMove } from "../../../rules/index.ts";
import { EarlySocket } from "../../sdk/early-socket.ts";
import { handoverCodeIn } from "../../sdk/handover-link.ts";
import { lastMoveOf, movedColour } from "../../sdk/last-move.ts";
import { memoryTokens, seatTokenKey, storedSeatNumber, type TokenStore, webStorageTokens } from "../../sdk/storage.ts";
import { Board } from "../board.ts";
import { header, storage } from "../chrome.ts";
import { h } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import { engineMoves, NO_MOVES } from "../legal-moves.ts";
import { startingPieces } from "../starting-pieces.ts";
import { movesSinceLastTurn } from "./since-last-turn.ts";
import { keepBoardTurn, turnFor, wantsBoardTurned } from "./turn-toggle.ts";

/** The table page as its entry leaves it for the rest of its code. */
export interface Opening {
  readonly tableId: string;
  /** Without the page's frame, and reporting to the parent page with postMessage. */
  readonly embed: boolean;
  /** The title bar (none in an embed). */
  readonly header: HTMLElement | null;
  /** The board, drawn from the page's snapshot when there was one to draw. */
  readonly board: Board;
  /** A hand-over's code, taken out of the address: the page redeems it before it connects. */
  readonly handoverCode: string | null;
  /** The table's socket, opened with the tokens the browser keeps; none for a hand-over, whose tokens are to come. */
  readonly early: EarlySocket | null;
  /**
   * The page's snapshot of the table (`#table-snapshot`), read once and
   * unchecked (the rest checks it with the schema); undefined when the page
   * has none of this table.
   */
  readonly snapshotJson: unknown;
  /**
   * The move the visitor made on the board before the rest of the page came
   * (its hole names), once: the board shows it played, and the rest sends it.
   */
  takeHeldMove(): readonly string[] | null;
}

/**
 * Opens the table page: the frame, the board drawn from the page's snapshot
 * and the table's socket, unless the address hands a seat over (that page
 * waits for its seat before it draws anyone's or connects).
 */
export function openTable(root: HTMLElement, i18n: I18n, tableId: string, embed: boolean): Opening {
  const handoverCode = embed ? null : takeHandoverCode();
  root.classList.toggle("embed", embed);
  // An embed asked to size its board from the frame's width alone (embed.ts, `followParent`).
  if (embed && new URLSearchParams(location.search).get("height") === "auto") root.classList.add("auto-height");
  const store = storage();
  const tokens = store ? webStorageTokens(store) : memoryTokens();
  const snapshot = pageSnapshotOf(tableId);
  // Its hello asks for what came after the page's snapshot, from which the page's client starts (table-page.ts).
  const lastSeq = Number.isSafeInteger(snapshot?.seq) ? snapshot?.seq : undefined;
  const early = handoverCode === null ? new EarlySocket(location.origin, tableId, tokens, { lastSeq }) : null;
  const titleBar = embed ? null : header(i18n);
  const board = new Board({ i18n });
  let held: readonly string[] | null = null;
  if (handoverCode === null && snapshot) {
    const drawn = drawSnapshot(board, i18n, snapshot, tokens, store);
    if (drawn) takeOneMove(board, drawn, (path) => (held = path));
  }
  // The page's structure as table-page.ts builds it, so that the board is where it will stay.
  const main = h("main", { class: "table" }, h("div", { class: "board-wrap" }, board.element));
  root.replaceChildren(...(titleBar ? [titleBar] : []), main);
  const takeHeldMove = () => {
    const move = held;
    held = null;
    return move;
  };
  return { tableId, embed, header: titleBar, board, handoverCode, early, snapshotJson: snapshot, takeHeldMove };
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
 * The hand-over code in the page's address, if there is one, removed from
 * the address before anything else happens: it is not left in the history,
 * a bookmark or a copied link, and a reload does not try it again.
 */
function takeHandoverCode(): string | null {
  const code = handoverCodeIn(location.hash);
  if (code !== null) history.replaceState(history.state, "", `${location.pathname}${location.search}`);
  return code;
}

/**
 * The page's snapshot, if it is of this table: as JSON, unchecked, taken
 * for a snapshot where it reads as one (the rest checks it with the schema).
 */
function pageSnapshotOf(tableId: string): Snapshot | undefined {
  let snapshot: Snapshot | undefined;
  try {
    snapshot = JSON.parse(document.getElementById("table-snapshot")?.textContent ?? "");
  } catch {
    return undefined;
  }
  return snapshot?.id === tableId ? snapshot : undefined;
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
    const seat = tokens.get(seatTokenKey(tableId)) === null ? null : storedSeatNumber(tokens, tableId);
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
