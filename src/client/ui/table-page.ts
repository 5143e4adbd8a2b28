/**
 * The table page (`/t/:id`) and its frameless twin for iframes
 * (`/embed/:id`): the board beside the share box, whose turn, the clock,
 * the buttons, the result, the seats and the moves, each drawn by its part
 * in `table-page/`. Everything shown comes from the SDK's model; the page
 * lays the parts out, redraws them on every change, and announces moves.
 */
import { memoryTokens, type SdkError, TableClient, type TableModel, webStorageTokens } from "../sdk/index.ts";
import { Board } from "./board.ts";
import { header, Notices, storage } from "./chrome.ts";
import { h, Section } from "./dom.ts";
import type { I18n } from "./i18n/index.ts";
import { engineMoves, NO_MOVES } from "./legal-moves.ts";
import { shareBox } from "./share.ts";
import { startingPieces } from "./starting-pieces.ts";
import { announcement } from "./table-page/announcements.ts";
import { AwayNotice } from "./table-page/away-notice.ts";
import { Confirmation } from "./table-page/confirmation.ts";
import { ConnectionBanner } from "./table-page/connection-banner.ts";
import { Controls } from "./table-page/controls.ts";
import { followParent, reportToParent } from "./table-page/embed.ts";
import { FirstPlayerChoice } from "./table-page/first-player-choice.ts";
import { Leavers } from "./table-page/leavers.ts";
import { MoveList } from "./table-page/move-list.ts";
import { RematchStatus } from "./table-page/rematch-status.ts";
import { Seats } from "./table-page/seats.ts";
import { StallRemedies } from "./table-page/stall-remedies.ts";
import { Standings } from "./table-page/standings.ts";
import { TurnClock } from "./table-page/turn-clock.ts";
import { TurnStatus } from "./table-page/turn-status.ts";
import { playerNames, seatNames, type TableView } from "./table-page/view.ts";

interface TablePageOptions {
  /** Without the page's frame, and reporting to the parent page with postMessage. */
  readonly embed: boolean;
}

export function mountTable(root: HTMLElement, tableId: string, i18n: I18n, options: TablePageOptions): TableClient {
  const store = storage();
  const client = new TableClient({
    baseUrl: location.origin,
    tableId,
    tokens: store ? webStorageTokens(store) : memoryTokens(),
  });
  const notices = new Notices();
  const live = h("div", { class: "visually-hidden", "aria-live": "polite" });
  const board = new Board({
    i18n,
    onMove: (path) => {
      client.move(path).catch(() => {
        // Refusals are shown through the client's error event.
      });
    },
    onSelection: () => render(),
  });

  // --- Layout -------------------------------------------------------------------------------
  const banner = new ConnectionBanner(i18n);
  const share = new Section(h("div", { class: "share-slot" }));
  const status = new TurnStatus(i18n);
  const clock = new TurnClock(i18n, client);
  const away = new AwayNotice(i18n, client);
  const stall = new StallRemedies(i18n, client, new Confirmation(() => render()));
  const controls = new Controls(i18n, client, board, tableId, () => render());
  const firstPlayer = new FirstPlayerChoice(i18n, client);
  const rematch = new RematchStatus(i18n);
  const standings = new Standings(i18n);
  const leavers = new Leavers(i18n);
  const seats = new Seats(i18n, client, notices, store, clock.seatElement);
  const moves = new MoveList(i18n);

  const boardWrap = h("div", { class: "board-wrap" }, board.element);
  const side = h(
    "aside",
    { class: "side" },
    ...(options.embed ? [] : [share.element]),
    status.element,
    clock.element,
    away.element,
    stall.element,
    controls.element,
    rematch.element,
    firstPlayer.element,
    standings.element,
    leavers.element,
    seats.joinRow,
    seats.element,
    moves.element,
  );
  const main = h("main", { class: "table" }, boardWrap, side);

  // The page's top heading, for screen readers (the title bar, or nothing in an embed, shows the name).
  const heading = h("h1", { class: "visually-hidden" });
  main.prepend(heading);
  root.replaceChildren(...(options.embed ? [] : [header(i18n)]), banner.element, main, notices.element, live);
  root.classList.toggle("embed", options.embed);
  const openFull = h("a", {
    class: "open-full",
    href: `/t/${encodeURIComponent(tableId)}`,
    target: "_blank",
    rel: "noopener",
  });
  if (options.embed) main.append(openFull);

  const myTurn = (model: TableModel) =>
    model.status === "playing" && client.you.seat !== null && model.turn?.seat === client.you.seat;

  // --- Rendering ----------------------------------------------------------------------------
  function render(): void {
    const model = client.model;
    root.dataset.connection = client.connection;
    openFull.textContent = `${i18n.t("title")} ↗`;
    banner.render(client.connection);
    main.classList.toggle("offline", client.connection !== "open");
    main.setAttribute("aria-busy", String(client.connection !== "open"));
    heading.textContent = i18n.t("title");
    if (!model) return;
    root.dataset.status = model.status;
    root.dataset.seq = String(model.seq);
    root.dataset.seat = client.you.seat === null ? "" : String(client.you.seat);
    const view: TableView = {
      model,
      you: client.you,
      names: seatNames(i18n, model),
      players: playerNames(i18n, model),
    };

    board.update({
      variant: model.settings.variant,
      pieces: model.game ? model.pieces : startingPieces(model.settings),
      moves: myTurn(model) && client.connection === "open" && model.game ? engineMoves(model.game) : NO_MOVES,
      lastMove: model.lastMove,
    });
    share.update([model.status === "waiting", i18n.language], () =>
      model.status === "waiting" ? [shareBox(i18n, `${location.origin}/t/${tableId}`)] : [],
    );
    status.render(view);
    away.render(view);
    stall.render(view);
    seats.render(view);
    controls.render(view);
    rematch.render(view);
    firstPlayer.render(view);
    standings.render(view);
    leavers.render(view);
    moves.render(view);
    clock.render();
    document.title = myTurn(model) ? `${i18n.t("yourTurn")} · ${i18n.t("title")}` : i18n.t("title");
  }

  // --- Events -----------------------------------------------------------------------------------
  client.on("change", () => render());
  client.on("event", ({ event, model }) => {
    const said = announcement(i18n, event, model, playerNames(i18n, model));
    if (said !== null) live.textContent = said;
    // Your own moves are drawn as you make them; the computer's, even for your seat, are animated.
    const someoneElse = event.type === "moved" && (event.seat !== client.you.seat || event.by !== undefined);
    if (someoneElse && model.lastMove) {
      const end = model.lastMove.path[model.lastMove.path.length - 1];
      const colour = (end && model.pieces[end]) || "neutral";
      void board.animate(model.lastMove.path, colour, model.lastMove.captured);
    }
  });
  client.on("error", (error: SdkError) => {
    if (error.code === "bad-server-message") {
      console.warn(error.message);
      return;
    }
    notices.show(() => i18n.error(error.code));
  });
  if (options.embed) reportToParent(client, tableId);
  if (options.embed) followParent(root, tableId, i18n);
  i18n.onChange(() => {
    board.relabel();
    notices.refresh();
    render();
  });
  render();
  return client;
}
