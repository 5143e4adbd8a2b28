/**
 * The table page (`/t/:id`) and its frameless twin for iframes
 * (`/embed/:id`): seats, the board, whose turn, the moves, the result.
 * Everything shown comes from the SDK's model; the page only draws it and
 * turns clicks into requests.
 */
import { formatPath } from "../../rules/index.ts";
import {
  type ConnectionState,
  type Identity,
  memoryTokens,
  type Snapshot,
  TableClient,
  type TableError,
  type TableEvent,
  type TableModel,
  webStorageTokens,
} from "../sdk/index.ts";
import { Board } from "./board.ts";
import { header, Notices, storage } from "./chrome.ts";
import { swatch } from "./colours.ts";
import { h, Section } from "./dom.ts";
import type { I18n } from "./i18n/index.ts";
import { listedMoves, NO_MOVES } from "./legal-moves.ts";
import { shareBox } from "./share.ts";
import { startingPieces } from "./starting-pieces.ts";

export interface TablePageOptions {
  /** Without the page's frame, and reporting to the parent page with postMessage. */
  readonly embed: boolean;
}

/** What an embedded table posts to its parent page, besides `source`, `version` and `table` (docs/client.md). */
export type EmbedMessageBody =
  | { readonly type: "welcome"; readonly snapshot: Snapshot; readonly you: Identity }
  | { readonly type: "event"; readonly seq: number; readonly event: TableEvent }
  | { readonly type: "identity"; readonly you: Identity }
  | { readonly type: "connection"; readonly state: ConnectionState }
  | { readonly type: "error"; readonly code: string; readonly message: string };

export type EmbedMessage = {
  readonly source: "chinese-checkers";
  readonly version: 1;
  readonly table: string;
} & EmbedMessageBody;

const NAME_KEY = "chinese-checkers:name";

export function mountTable(root: HTMLElement, tableId: string, i18n: I18n, options: TablePageOptions): TableClient {
  const store = storage();
  const client = new TableClient({
    baseUrl: location.origin,
    tableId,
    tokens: store ? webStorageTokens(store) : memoryTokens(),
  });
  const notices = new Notices();
  const live = h("div", { class: "visually-hidden", "aria-live": "polite" });
  let confirmResign = false;
  let resignTimer: ReturnType<typeof setTimeout> | undefined;

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
  const banner = new Section(h("div", { class: "connection", role: "status" }));
  const share = new Section(h("div", { class: "share-slot" }));
  const status = new Section(h("section", { class: "status", "aria-live": "polite" }));
  const clock = h("p", { class: "clock", hidden: true });
  const seats = new Section(h("section", { class: "seats" }));
  const nameInput = h("input", {
    id: "player-name",
    name: "name",
    maxlength: 24,
    autocomplete: "nickname",
    value: safeGet(store, NAME_KEY) ?? "",
  });
  const nameLabel = h("label", { for: "player-name" });
  const joinRow = h("div", { class: "join-row" }, nameLabel, nameInput);
  const controls = new Section(h("section", { class: "controls" }));
  const results = new Section(h("section", { class: "results" }));
  const moves = new Section(h("section", { class: "moves" }));

  const boardWrap = h("div", { class: "board-wrap" }, board.element);
  const side = h(
    "aside",
    { class: "side" },
    ...(options.embed ? [] : [share.element]),
    status.element,
    clock,
    controls.element,
    results.element,
    joinRow,
    seats.element,
    moves.element,
  );
  const main = h("main", { class: "table" }, boardWrap, side);
  root.replaceChildren(...(options.embed ? [] : [header(i18n)]), banner.element, main, notices.element, live);
  root.classList.toggle("embed", options.embed);
  const openFull = h("a", {
    class: "open-full",
    href: `/t/${encodeURIComponent(tableId)}`,
    target: "_blank",
    rel: "noopener",
  });
  if (options.embed) root.append(openFull);

  // --- Helpers ------------------------------------------------------------------------------
  const nameOf = (model: TableModel, seat: number) => model.seats[seat]?.name ?? i18n.t("seatN", { n: seat + 1 });
  const myTurn = (model: TableModel) =>
    model.status === "playing" && client.you.seat !== null && model.turn?.seat === client.you.seat;

  const post = (message: EmbedMessageBody) => {
    if (!options.embed || window.parent === window) return;
    window.parent.postMessage({ source: "chinese-checkers", version: 1, table: tableId, ...message }, "*");
  };

  const join = (seat: number) => {
    const name = nameInput.value.trim();
    if (!name) {
      notices.show(() => i18n.error("bad-name"));
      nameInput.focus();
      return;
    }
    try {
      store?.setItem(NAME_KEY, name);
    } catch {
      // Not remembered.
    }
    client.join(seat, name).catch(() => {});
  };

  // --- Rendering ----------------------------------------------------------------------------
  function render(): void {
    const model = client.model;
    const lang = i18n.language;
    root.dataset.connection = client.connection;
    openFull.textContent = `${i18n.t("title")} ↗`;
    banner.update([client.connection, lang], () => {
      if (client.connection === "reconnecting") return [h("p", { class: "reconnecting" }, i18n.t("reconnecting"))];
      if (client.connection === "connecting") return [h("p", { class: "connecting" }, i18n.t("connecting"))];
      if (client.connection === "closed") return [h("p", { class: "closed" }, i18n.t("tableGone"))];
      return [];
    });
    main.classList.toggle("offline", client.connection !== "open");
    main.setAttribute("aria-busy", String(client.connection !== "open"));
    if (!model) return;
    root.dataset.status = model.status;
    root.dataset.seq = String(model.seq);
    root.dataset.seat = client.you.seat === null ? "" : String(client.you.seat);
    const you = client.you;
    const names = model.seats.map((_, seat) => nameOf(model, seat));
    const turn = model.turn;

    board.update({
      variant: model.settings.variant,
      pieces: model.game ? model.pieces : startingPieces(model.settings),
      moves: myTurn(model) && client.connection === "open" ? listedMoves(model.legalPaths()) : NO_MOVES,
      lastMove: model.lastMove,
    });

    share.update([model.status === "waiting", lang], () =>
      model.status === "waiting" ? [shareBox(i18n, `${location.origin}/t/${tableId}`)] : [],
    );

    status.update([model.status, turn, you, names, model.result, model.gameNumber, lang], () => {
      if (model.status === "waiting") {
        const text = !model.seatsFilled ? i18n.t("needPlayers") : you.host ? "" : i18n.t("waitingForHost");
        return [text && h("p", { class: "state" }, text)];
      }
      if (model.status === "over") {
        const result = model.result;
        const winners = result?.winners ?? [];
        const line =
          winners.length === 1 || (winners.length > 1 && model.settings.teams)
            ? i18n.t("winner", { name: winners.map((seat) => names[seat]).join(" & ") })
            : winners.length > 1
              ? i18n.t("draw")
              : "";
        return [
          h("h2", { class: "state" }, i18n.t("gameOver")),
          line && h("p", { class: "winner" }, line),
          result && h("p", { class: "reason" }, i18n.t(`reason_${result.reason}`)),
        ];
      }
      if (!turn) return [];
      const colour = turn.colour ? i18n.colour(turn.colour) : null;
      const mine = turn.seat === you.seat;
      const text = mine
        ? colour
          ? i18n.t("yourTurnColour", { colour })
          : i18n.t("yourTurn")
        : colour
          ? i18n.t("turnOfColour", { name: names[turn.seat], colour })
          : i18n.t("turnOf", { name: names[turn.seat] });
      return [
        h(
          "p",
          { class: `state turn${mine ? " mine" : ""}` },
          turn.colour ? swatch(turn.colour) : null,
          h("span", {}, text),
        ),
        mine &&
          h("p", { class: "hint" }, model.settings.variant === "capture" ? i18n.t("captureHint") : i18n.t("raceHint")),
      ];
    });

    seats.update([model.seats, you, model.status, turn?.seat, model.spectators, lang], () => {
      const canJoin = you.seat === null && model.status !== "playing";
      const rows = model.seats.map((seat) => {
        const colours = model.coloursOf(seat.seat);
        const isYou = you.seat === seat.seat;
        return h(
          "li",
          {
            class: `seat${isYou ? " you" : ""}${turn?.seat === seat.seat ? " to-move" : ""}${seat.name ? "" : " free"}`,
            "data-seat": seat.seat,
          },
          h("span", { class: "swatches" }, colours.map(swatch)),
          seat.name
            ? h("span", {
                class: `dot ${seat.connected ? "on" : "off"}`,
                role: "img",
                "aria-label": i18n.t(seat.connected ? "online" : "offline"),
                title: i18n.t(seat.connected ? "online" : "offline"),
              })
            : null,
          h(
            "span",
            { class: "name" },
            seat.name ?? h("em", {}, `${i18n.t("seatN", { n: seat.seat + 1 })}: ${i18n.t("freeSeat")}`),
          ),
          isYou ? h("span", { class: "badge" }, i18n.t("you")) : null,
          seat.resigned ? h("span", { class: "badge muted" }, i18n.t("left")) : null,
          !seat.name && canJoin
            ? h(
                "button",
                {
                  type: "button",
                  class: "sit",
                  "data-focus": `sit-${seat.seat}`,
                  "aria-label": i18n.t("takeSeat", { n: seat.seat + 1 }),
                  onclick: () => join(seat.seat),
                },
                i18n.t("sitHere"),
              )
            : null,
          seat.name && you.host && model.status !== "playing" && !isYou
            ? h(
                "button",
                {
                  type: "button",
                  class: "remove subtle",
                  "data-focus": `remove-${seat.seat}`,
                  "aria-label": i18n.t("removeSeat", { name: seat.name }),
                  onclick: () => client.remove(seat.seat).catch(() => {}),
                },
                i18n.t("remove"),
              )
            : null,
        );
      });
      return [
        h("h2", {}, i18n.t("seats")),
        h("ul", { class: "seat-list" }, rows),
        model.spectators > 0 ? h("p", { class: "watching" }, i18n.t("watching", { n: model.spectators })) : null,
        you.seat === null && model.status === "playing" ? h("p", { class: "hint" }, i18n.t("spectatorHint")) : null,
      ];
    });
    nameLabel.textContent = i18n.t("yourName");
    joinRow.hidden = !(you.seat === null && model.status !== "playing" && model.seats.some((seat) => !seat.name));

    controls.update(
      [model.status, you, model.seatsFilled, board.building, board.canFinish, confirmResign, model.seats, lang],
      () => {
        const buttons: HTMLElement[] = [];
        if (model.status === "waiting" && you.host) {
          buttons.push(
            h(
              "button",
              {
                type: "button",
                class: "primary start",
                "data-focus": "start",
                disabled: !model.seatsFilled,
                onclick: () => client.start().catch(() => {}),
              },
              i18n.t("start"),
            ),
          );
        }
        if (board.building) {
          buttons.push(
            h(
              "button",
              {
                type: "button",
                class: "primary done",
                "data-focus": "done",
                disabled: !board.canFinish,
                onclick: () => board.finish(),
              },
              i18n.t("done"),
            ),
            h("button", { type: "button", "data-focus": "undo", onclick: () => board.undoLanding() }, i18n.t("undo")),
            h("button", { type: "button", "data-focus": "cancel", onclick: () => board.cancel() }, i18n.t("cancel")),
          );
        }
        if (model.status === "over" && (you.seat !== null || you.host)) {
          buttons.push(
            h(
              "button",
              {
                type: "button",
                class: "primary rematch",
                "data-focus": "rematch",
                onclick: () => client.rematch().catch(() => {}),
              },
              i18n.t("rematch"),
            ),
          );
        }
        if (you.seat !== null && model.status === "waiting") {
          buttons.push(
            h(
              "button",
              { type: "button", class: "subtle", "data-focus": "leave", onclick: () => client.leave().catch(() => {}) },
              i18n.t("leaveSeat"),
            ),
          );
        }
        const seat = you.seat === null ? undefined : model.seats[you.seat];
        if (seat && model.status === "playing" && !seat.resigned) {
          buttons.push(
            h(
              "button",
              {
                type: "button",
                class: `subtle resign${confirmResign ? " confirm" : ""}`,
                "data-focus": "resign",
                onclick: () => {
                  if (confirmResign) {
                    confirmResign = false;
                    client.leave().catch(() => {});
                  } else {
                    confirmResign = true;
                    clearTimeout(resignTimer);
                    resignTimer = setTimeout(() => {
                      confirmResign = false;
                      render();
                    }, 5000);
                  }
                  render();
                },
              },
              confirmResign ? i18n.t("confirmResign") : i18n.t("resign"),
            ),
          );
        }
        if (model.game) {
          buttons.push(
            h(
              "a",
              { class: "record", href: `/api/tables/${encodeURIComponent(tableId)}/record`, target: "_blank" },
              i18n.t("record"),
            ),
          );
        }
        return buttons.length ? [h("div", { class: "buttons" }, buttons)] : [];
      },
    );

    results.update([model.result, names, lang], () => {
      const result = model.result;
      if (!result) return [];
      const capture = model.settings.variant === "capture";
      const standings = [...result.standings].sort(
        (a, b) => (a.place ?? 99) - (b.place ?? 99) || b.captures - a.captures || a.seat - b.seat,
      );
      return [
        h(
          "table",
          { class: "standings" },
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              h("th", { scope: "col" }, i18n.t("place")),
              h("th", { scope: "col" }, i18n.t("player")),
              capture ? h("th", { scope: "col" }, i18n.t("captures")) : null,
            ),
          ),
          h(
            "tbody",
            {},
            standings.map((standing) =>
              h(
                "tr",
                { class: standing.place === 1 ? "winner" : "" },
                h("td", {}, standing.place === null ? "–" : `${standing.place}.`),
                h(
                  "td",
                  {},
                  h("span", { class: "swatches" }, model.coloursOf(standing.seat).map(swatch)),
                  names[standing.seat],
                  standing.resigned ? h("span", { class: "badge muted" }, i18n.t("left")) : null,
                ),
                capture ? h("td", {}, standing.captures) : null,
              ),
            ),
          ),
        ),
      ];
    });

    moves.update([model.gameNumber, model.moves.length, names, lang, model.settings.variant], () => {
      const history = model.game?.history ?? [];
      const capture = model.settings.variant === "capture";
      const captures = capture ? model.seats.map((seat) => seat.captures) : [];
      return [
        h("h2", {}, i18n.t("moves")),
        history.length === 0
          ? h("p", { class: "hint" }, i18n.t("noMoves"))
          : h(
              "ol",
              { class: "move-list" },
              history.map((action) =>
                h(
                  "li",
                  {},
                  h("span", { class: "who" }, names[action.player]),
                  " ",
                  h(
                    "span",
                    { class: "notation" },
                    action.kind === "move"
                      ? formatPath(action.move.path)
                      : action.kind === "pass"
                        ? i18n.t("passed")
                        : i18n.t("left"),
                  ),
                  action.kind === "move" && action.move.captured.length > 0
                    ? h("span", { class: "captured" }, ` ×${action.move.captured.length}`)
                    : null,
                ),
              ),
            ),
        capture && model.game
          ? h(
              "p",
              { class: "scores" },
              `${i18n.t("captures")}: `,
              captures.map((n, seat) => `${names[seat]} ${n}`).join(" · "),
            )
          : null,
      ];
    });
    const list = moves.element.querySelector(".move-list");
    if (list) list.scrollTop = list.scrollHeight;

    renderClock();
    document.title = myTurn(model) ? `${i18n.t("yourTurn")} · ${i18n.t("title")}` : i18n.t("title");
  }

  function renderClock(): void {
    const model = client.model;
    if (!model || model.deadline === null || model.status !== "playing") {
      clock.hidden = true;
      return;
    }
    clock.hidden = false;
    const seconds = Math.max(0, Math.ceil((model.deadline - Date.now()) / 1000));
    clock.textContent = i18n.t("timeLeft", { s: seconds });
    clock.classList.toggle("urgent", seconds <= 10);
  }
  setInterval(renderClock, 1000);

  // --- Events -----------------------------------------------------------------------------------
  client.on("change", () => render());
  client.on("event", ({ seq, event, model }) => {
    const names = (seat: number) => nameOf(model, seat);
    if (event.type === "moved") {
      live.textContent = i18n.t("announceMove", { name: names(event.seat), move: event.path });
      if (event.seat !== client.you.seat && model.lastMove) {
        const end = model.lastMove.path[model.lastMove.path.length - 1];
        const colour = (end && model.pieces[end]) || "neutral";
        void board.animate(model.lastMove.path, colour, model.lastMove.captured);
      }
    } else if (event.type === "started") {
      live.textContent = i18n.t("announceStart", { n: event.game, name: names(event.firstPlayer) });
    }
    post({ type: "event", seq, event });
  });
  client.on("welcome", ({ snapshot, you }) => post({ type: "welcome", snapshot, you }));
  client.on("identity", ({ you }) => post({ type: "identity", you }));
  client.on("connection", ({ state }) => post({ type: "connection", state }));
  client.on("error", (error: TableError) => {
    post({ type: "error", code: error.code, message: error.message });
    if (error.code === "bad-server-message") {
      console.warn(error.message);
      return;
    }
    notices.show(() => i18n.error(error.code));
  });
  i18n.onChange(() => {
    for (const section of [banner, share, status, seats, controls, results, moves]) section.invalidate();
    board.relabel();
    notices.refresh();
    render();
  });
  render();
  return client;
}

function safeGet(store: Storage | undefined, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
