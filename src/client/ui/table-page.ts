/**
 * The table page (`/t/:id`) and its frameless twin for iframes
 * (`/embed/:id`): the board beside the waiting room, whose turn, the clock,
 * the buttons, the result, the seats and the moves, each drawn by its part
 * in `table-page/`. Everything shown comes from the table's model; the page
 * lays the parts out, redraws them on every change, and announces moves.
 *
 * The page is built once, around a board and a client that may not have
 * come yet: between games it is built from the page's snapshot over the
 * worker's picture of the board, and used (its seats, its result) before
 * the SDK and the live board have come, which then take their places
 * (`HeldClient`, `BoardSlot`; pages/table-between.ts). During a game it is
 * built around the opening's live board (pages/table-start.ts), and its
 * client comes with it.
 */
import type { ConnectionState } from "../sdk/client.ts";
import type { SdkError } from "../sdk/errors.ts";
import type { TableModel } from "../sdk/model.ts";
import type { OptimisticMoves } from "../sdk/optimistic.ts";
import { Notices, rulesHref, storage } from "./chrome.ts";
import { h } from "./dom.ts";
import type { I18n } from "./i18n/index.ts";
import { engineMoves, NO_MOVES } from "./legal-moves.ts";
import type { Sounds } from "./sounds.ts";
import { startingPieces } from "./starting-pieces.ts";
import { announcement, ownNotice } from "./table-page/announcements.ts";
import type { PageBoard } from "./table-page/board-slot.ts";
import { ConnectionBanner } from "./table-page/connection-banner.ts";
import { Controls } from "./table-page/controls.ts";
import { embedShowsChat } from "./table-page/embed-address.ts";
import { FirstPlayerChoice } from "./table-page/first-player-choice.ts";
import type { TableFrame } from "./table-page/frame.ts";
import { GameOverDialog } from "./table-page/game-over.ts";
import type * as GamePartsModule from "./table-page/game-parts.ts";
import { Handover } from "./table-page/handover.ts";
import { HeldClient } from "./table-page/held-client.ts";
import { arrangeRecord } from "./table-page/layout.ts";
import { analysisHost, chatHost, LazyPart, movesHost, notifyHost } from "./table-page/lazy-part.ts";
import { Leavers } from "./table-page/leavers.ts";
import { Lobby } from "./table-page/lobby.ts";
import type { MoveList } from "./table-page/move-list.ts";
import { RematchStatus } from "./table-page/rematch-status.ts";
import { Replay } from "./table-page/replay.ts";
import { Seats } from "./table-page/seats.ts";
import { SettingsSummary } from "./table-page/settings-summary.ts";
import { movesSinceLastTurn, type SinceMove } from "./table-page/since-last-turn.ts";
import { Standings } from "./table-page/standings.ts";
import { TurnClock } from "./table-page/turn-clock.ts";
import { TurnStatus } from "./table-page/turn-status.ts";
import { playerNames, seatNames, type TableView } from "./table-page/view.ts";

/** The table page, built: what its client's code does with it when it comes (table-page/live-client.ts). */
export interface TablePage {
  /** What stands in for the table's client until it comes (`attach`), and forwards to it from then on. */
  readonly client: HeldClient;
  /** The page's notices, where the client's code says what became of a hand-over's link. */
  readonly notices: Notices;
  /** The table has gone: the page stops drawing it, for the not-found page to take its place. */
  gone(): void;
  /**
   * Takes in the parts a game in play needs (game-parts.ts), once their
   * code has come, and draws them; `heldMove`: a move made on the
   * opening's board before this code came.
   */
  addGameParts(parts: GameParts, heldMove?: readonly string[] | null): void;
}

/** The module of the table page's parts of a game (game-parts.ts). */
export type GameParts = typeof GamePartsModule;

/** The parts of a game, as the page has them once their code has come. */
interface GamePartsIn {
  readonly optimistic: OptimisticMoves;
  readonly sounds: Sounds;
  readonly moves: MoveList;
  /** The board turned to the player's side: drawn before the board is. */
  readonly turnToggle: { render(view: TableView): void };
  /** Each drawn from the table's view. */
  readonly drawn: readonly { render(view: TableView): void }[];
  /** Each written again in another language. */
  readonly relabelled: readonly { relabel(): void }[];
}

/** The verdicts on the moves before the game's analysis is there: none. */
const NO_VERDICTS: ReadonlyMap<number, never> = new Map<number, never>();

/** The least time between two drawings of the table's news (20 a second). */
const RENDER_GAP_MS = 50;

/**
 * Builds the table's page in its frame around `board` (the opening's live
 * board, or the picture's slot for it), drawn from the page's snapshot
 * until the table's client comes: the board is kept as it was drawn, and
 * answers picks once it is live and the parts of a game have come
 * (`addGameParts`).
 */
export function mountTable(root: HTMLElement, i18n: I18n, frame: TableFrame, board: PageBoard): TablePage {
  const { tableId, embed } = frame;
  const store = storage();
  const client = new HeldClient(tableId, frame.snapshot, frame.tokens);
  const notices = new Notices();
  const live = h("div", { class: "visually-hidden", "aria-live": "polite" });
  /** The parts of a game, once their code has come. */
  let parts: GamePartsIn | null = null;
  /** The table as the page last drew it: what a refused pick is explained against. */
  let shown: TableView | null = null;

  // --- Layout -------------------------------------------------------------------------------
  const banner = new ConnectionBanner(i18n);
  const status = new TurnStatus(i18n);
  const clock = new TurnClock(i18n, client);
  const controls = new Controls(i18n, client, board, tableId, () => render());
  const firstPlayer = new FirstPlayerChoice(i18n, client);
  const rematch = new RematchStatus(i18n);
  const standings = new Standings(i18n);
  const leavers = new Leavers(i18n);
  const seats = new Seats(i18n, client, notices, store, clock.seatElement, () => render());
  // The table's settings, and stepping through the moves.
  const summary = new SettingsSummary(i18n);
  const replay = new Replay(i18n, {
    onChange: () => render(),
    onStepForward: (move) => {
      const model = client.model;
      const end = move.path.at(-1);
      if (!model || end === undefined) return;
      const pieces = replay.position(model)?.pieces ?? model.pieces;
      void board.animate(move.path, pieces[end] ?? "neutral", move.captured);
    },
  });
  const moves = movesHost();
  // After a race game: its analysis, run in a worker; a point of its chart shows that position.
  // Its code comes when a game with moves is over, where the panel shows.
  const analysis = new LazyPart(
    analysisHost(),
    async (element) => {
      const { AnalysisPanel } = await import("./table-page/analysis-panel.ts");
      return new AnalysisPanel(i18n, { onPick: (ply) => replay.goTo(ply), onChange: () => render() }, element);
    },
    () => render(),
  );
  document.addEventListener("keydown", (event) => replay.pageKey(event));

  const lobby = new Lobby(i18n, client, seats, embed ? null : `${location.origin}/t/${tableId}`);
  const gameOver = new GameOverDialog(i18n, client, !embed, () => render());
  const handover = new Handover(i18n, client, notices, () => render());
  // Its code comes once the visitor has a seat, the one thing it is offered for.
  const notify = embed
    ? null
    : new LazyPart(
        notifyHost(),
        async (element) =>
          new (await import("./table-page/notify-toggle.ts")).NotifyToggle(
            i18n,
            await client.arrived,
            tableId,
            store,
            element,
          ),
        () => render(),
      );
  // Table talk, everywhere but in an embed whose page did not ask for it: its code comes after the page's
  // first drawing, so the board and the seats never wait for it.
  const talk = !embed || embedShowsChat(location.search);
  const chat = talk
    ? new LazyPart(
        chatHost(),
        async (element) =>
          new (await import("./table-page/talk.ts")).Talk(
            i18n,
            await client.arrived,
            notices,
            store,
            element,
            seats.element,
            (said) => {
              live.textContent = said;
            },
          ),
        () => render(),
      )
    : null;

  const pageOptions = h("div", { class: "page-options" }, notify?.element);
  const boardWrap = h("div", { class: "board-wrap" }, board.element, gameOver.element, replay.tag);
  const side = h(
    "aside",
    { class: "side" },
    handover.notice,
    lobby.element,
    status.element,
    clock.element,
    summary.element,
    controls.element,
    ...(embed ? [] : [handover.element]),
    rematch.element,
    firstPlayer.element,
    standings.element,
    leavers.element,
    seats.element,
    chat?.element,
    moves,
    pageOptions,
  );
  const recordColumn = h("div", { class: "record-column" });
  const main = h("main", { class: "table" }, boardWrap, side, recordColumn);
  arrangeRecord({
    boardWrap,
    side,
    column: recordColumn,
    results: standings.element,
    replay: replay.element,
    moveList: moves,
    analysis: analysis.element,
    chat: chat?.element,
  });

  // The page's top heading, for screen readers (the title bar, or nothing in an embed, shows the name).
  const heading = h("h1", { class: "visually-hidden" });
  main.prepend(heading);
  root.replaceChildren(...(frame.header ? [frame.header] : []), banner.element, main, notices.element, live);
  const openFull = h("a", {
    class: "open-full",
    href: `/t/${encodeURIComponent(tableId)}`,
    target: "_blank",
    rel: "noopener",
  });
  const embedRules = h("a", { class: "rules-link", href: rulesHref(i18n), target: "_blank", rel: "noopener" });
  if (embed) main.append(h("p", { class: "embed-links" }, embedRules, openFull));

  /** Whose turn as shown: after your move on its way to the table, once the parts of a game have come. */
  const turnShown = (model: TableModel) => (parts ? parts.optimistic.turn : model.turn);
  const myTurn = (model: TableModel) =>
    model.status === "playing" && client.you.seat !== null && turnShown(model)?.seat === client.you.seat;
  /** Whether it was your turn at the last render: the turn cue sounds when it becomes so, not on arrival. */
  let wasMyTurn: boolean | null = null;

  /**
   * The moves the board numbers: since your last turn (a watcher: this
   * round), in the position shown; none while your own move is on its way,
   * as it is your turn taken.
   */
  function movesSince(model: TableModel): SinceMove[] {
    const { game } = model;
    if (!game) return [];
    const past = replay.position(model);
    if (past) return movesSinceLastTurn(game.history.slice(0, past.ply), client.you.seat, past.toMove);
    if (parts?.optimistic.pending) return [];
    return movesSinceLastTurn(game.history, client.you.seat, game.turn?.player ?? null);
  }

  // --- Rendering ----------------------------------------------------------------------------
  let lastRenderAt = Number.NEGATIVE_INFINITY;
  let renderTimer: ReturnType<typeof setTimeout> | null = null;
  /**
   * Draws the table's news at once, but at most once in RENDER_GAP_MS: a burst
   * of events (a catch-up after a reconnect, computers playing each other, a
   * script's moves) is drawn as its latest state rather than event by event,
   * which fell seconds behind and starved the heartbeat. A timer, not an
   * animation frame: a page in the background still updates its title.
   */
  function renderSoon(): void {
    if (renderTimer !== null) return;
    const wait = lastRenderAt + RENDER_GAP_MS - performance.now();
    if (wait <= 0) render();
    else renderTimer = setTimeout(render, wait);
  }

  /**
   * The connection as the page shows it. A table drawn from the page's snapshot while its socket first opens
   * is shown as open: neither dimmed nor under a line that would push it down as it went, and taking a move
   * as the opening's board did (opening.ts), which goes once the socket is open, within a round trip or two.
   * A lost connection is shown as lost.
   */
  function connectionShown(): ConnectionState {
    return client.connection === "connecting" && client.model !== null ? "open" : client.connection;
  }

  function render(): void {
    lastRenderAt = performance.now();
    if (renderTimer !== null) clearTimeout(renderTimer);
    renderTimer = null;
    const model = client.model;
    root.dataset.connection = client.connection;
    openFull.textContent = `${i18n.t("title")} ↗`;
    embedRules.textContent = `${i18n.t("rules")} ↗`;
    embedRules.href = rulesHref(i18n);
    const shownConnection = connectionShown();
    banner.render(shownConnection);
    main.classList.toggle("offline", shownConnection !== "open");
    main.setAttribute("aria-busy", String(client.connection !== "open"));
    heading.textContent = i18n.t("title");
    if (!model) return;
    // The table as the table has said it, over the open socket: a page drawn from its snapshot shows it at
    // once, with the seat kept beside the token, but says it here (for the tests, and whoever reads the page)
    // only once the table has answered, as it did when nothing was drawn before the welcome.
    if (client.connection === "open") {
      root.dataset.status = model.status;
      root.dataset.seq = String(model.seq);
      root.dataset.seat = client.you.seat === null ? "" : String(client.you.seat);
    }
    const view: TableView = {
      model,
      you: client.you,
      names: seatNames(i18n, model),
      players: playerNames(i18n, model),
      turn: turnShown(model),
    };
    shown = view;

    const mine = myTurn(model);
    // While the player steps through the game, the board shows that position and takes no move.
    replay.render(view);
    const past = replay.position(model);
    parts?.turnToggle.render(view);
    if (client.attached && model.status === "over" && (model.game?.history.length ?? 0) > 0) analysis.want();
    analysis.loaded?.render(view, replay.ply);
    boardWrap.classList.toggle("replaying", past !== null);
    // The parts whose code comes later wait for the client's, which the page's first screen did not wait for.
    const connected = client.attached !== null;
    if (connected && client.you.seat !== null) notify?.want();
    notify?.loaded?.render(view);
    // While your move waits for the table, the board shows it played, and offers nothing more to move.
    const pending = parts?.optimistic.pending ?? null;
    const canMove = !past && mine && shownConnection === "open" && model.game && !pending;
    const since = movesSince(model);
    const sinceLabel = client.you.seat === null ? "roundMark" : "sinceMark";
    board.update({
      variant: model.settings.variant,
      pieces: past ? past.pieces : model.game ? (parts?.optimistic ?? model).pieces : startingPieces(model.settings),
      moves: canMove && model.game ? engineMoves(model.game) : NO_MOVES,
      lastMove: past ? past.lastMove : (parts?.optimistic ?? model).lastMove,
      since: since.map(({ path, order }) => ({ path, order, label: i18n.t(sinceLabel, { n: order }) })),
      // Once the game is analysed: the computer's better move where the move shown lost tempo.
      better: analysis.loaded?.betterMove(past ? past.ply : (model.game?.history.length ?? 0)) ?? null,
    });
    lobby.render(view);
    status.render(view, gameOver.open);
    for (const part of parts?.drawn ?? []) part.render(view);
    seats.render(view);
    if (connected) chat?.want();
    chat?.loaded?.render(view);
    controls.render(view);
    rematch.render(view);
    firstPlayer.render(view);
    standings.render(view);
    leavers.render(view);
    summary.render(view);
    parts?.moves.render(view, replay.ply, since, analysis.loaded?.verdicts() ?? NO_VERDICTS);
    gameOver.render(view);
    handover.render(view);
    clock.render();
    // The tab says so when it is your turn, with a mark that shows in a row of tabs.
    document.title = mine ? `● ${i18n.t("yourTurn")} · ${i18n.t("title")}` : i18n.t("title");
    if (mine && wasMyTurn === false) parts?.sounds.play("turn");
    wasMyTurn = mine;
  }

  // --- Events -----------------------------------------------------------------------------------
  client.on("change", () => renderSoon());
  client.on("chat", () => renderSoon());
  client.on("event", ({ event, model }) => {
    const said = announcement(i18n, event, model, playerNames(i18n, model));
    if (said !== null) live.textContent = said;
    const you = client.you;
    // Shown, and written again in another language if the player switches: the notice is a function of both.
    if (ownNotice(i18n, event, you) !== null) notices.show(() => ownNotice(i18n, event, you) ?? "", "info");
    // Your own moves were animated as you made them; the computer's, even for your seat, are animated now.
    const someoneElse = event.type === "moved" && (event.seat !== client.you.seat || event.by !== undefined);
    if (someoneElse && model.lastMove && !replay.past) {
      const end = model.lastMove.path[model.lastMove.path.length - 1];
      const colour = (end && model.pieces[end]) || "neutral";
      void board.animate(model.lastMove.path, colour, model.lastMove.captured);
      // Your turn now: its own cue comes with the redraw.
      if (!myTurn(model)) parts?.sounds.play("move");
    }
    if (event.type === "ended") {
      parts?.sounds.play("end");
      gameOver.show();
    }
  });
  client.on("error", (error: SdkError) => {
    if (error.code === "bad-server-message") {
      console.warn(error.message);
      return;
    }
    notices.show(() => i18n.error(error.code));
  });
  let gone = false;
  i18n.onChange(() => {
    if (gone) return;
    board.relabel();
    notices.refresh();
    for (const part of parts?.relabelled ?? []) part.relabel();
    render();
  });
  // The client's own news is drawn once it has come, before the socket has said anything.
  void client.arrived.then(() => render());
  render();
  /** The parts of a game, in their places, drawing from the page and acting on its board. */
  function addGameParts(module: GameParts, heldMove: readonly string[] | null = null): void {
    // Your own moves are shown at once and sent; the table's answer confirms or takes them back.
    const optimistic = new module.OptimisticMoves(client);
    // A move made on the opening's board before this code came is shown played there already: adopted before
    // the page listens for moves played (so it is not drawn moving twice), and sent once the client is connected.
    if (heldMove)
      optimistic.move(heldMove).catch(() => {
        // A refusal is shown like any other (below).
      });
    const pickHint = new module.PickHint();
    const away = new module.AwayNotice(i18n, client);
    const stall = new module.StallRemedies(i18n, client, new module.Confirmation(() => render()));
    // The board turned to the player's side, and the holes' names at the rows' ends.
    const turnToggle = new module.TurnToggle(i18n, board, store);
    const coordinates = new module.CoordinatesToggle(i18n, board, store);
    const sounds = new module.Sounds(i18n, store);
    const moveList = new module.MoveList(i18n, (ply) => replay.goTo(ply), moves);
    // In the places the page keeps for them: over the board, and in the panel (both empty between games).
    gameOver.element.before(pickHint.element, turnToggle.element);
    controls.element.before(away.element, stall.element);
    pageOptions.prepend(sounds.element, coordinates.element);
    board.listen({
      onMove: (path) => {
        optimistic.move(path).catch(() => {
          // Refusals are shown through the client's error event and `refused` below.
        });
      },
      onSelection: () => render(),
      // Nothing stays over the board once a piece is picked (zoomed in on a phone, the reason would hide holes).
      onPiecePicked: () => pickHint.hide(),
      onRefusedPick: ({ piece, hadSelection }) => {
        const model = client.model;
        if (!model || !shown) return;
        pickHint.show(
          module.pickRefusal(i18n, {
            view: shown,
            piece,
            hadSelection,
            replaying: replay.position(model) !== null,
            pending: optimistic.pending !== null,
            connection: connectionShown(),
          }),
        );
      },
    });
    optimistic.on("played", (move) => {
      void board.animate(move.path, move.colour, move.captured);
      sounds.play("move");
    });
    optimistic.on("change", () => render());
    optimistic.on("refused", ({ move, error }) => {
      // Back to the table's position: the piece goes back the way it came, and the page says why.
      void board.animate([...move.path].reverse(), move.colour, []);
      notices.show(() => i18n.t("moveRefused", { reason: i18n.error(error.code) }));
    });
    parts = {
      optimistic,
      sounds,
      moves: moveList,
      turnToggle,
      drawn: [away, stall],
      relabelled: [sounds, coordinates],
    };
    render();
  }

  return {
    client,
    notices,
    gone: () => {
      gone = true;
    },
    addGameParts,
  };
}
