/**
 * "My tables" (`/tables`): every table this browser holds a seat or host
 * token for (issue 23, play across days), grouped: your turn first, then
 * the other games in play, the tables waiting to start, the finished games,
 * and last the tables that are gone. Each row shows the players in their
 * colours, whose turn it is and the time left on a turn clock, and opens the
 * table; its Forget button asks Yes or No in place, then removes the table's
 * tokens, its chat keys and its kept snapshot from this browser.
 *
 * What the page shows comes from snapshots: the one kept from the last visit
 * at once, then each table asked once (`If-None-Match` with the kept ETag, so
 * an unchanged table answers 304 with nothing), four at a time. Which seat is
 * this browser's comes from the seat number the table page keeps beside the
 * token (`seatNumberKey`): the snapshot does not say.
 */
import type { Snapshot } from "../../protocol/index.ts";
import { TableModel } from "../sdk/model.ts";
// The page's cache of snapshots and its reading of the token store are the page's, not the SDK package's:
// imported from their modules, so that the package (src/client/sdk/index.ts, within its size budget) does
// not carry them.
import { cachedSnapshot, eachLimited, refreshSnapshot } from "../sdk/snapshot-cache.ts";
import {
  forgetTable,
  hostTokenKey,
  memoryTokens,
  storedSeatNumber,
  storedTableIds,
  type TokenStore,
  webStorageTokens,
} from "../sdk/storage.ts";
import { header, storage } from "./chrome.ts";
import { formatClock, secondsLeft } from "./clock-format.ts";
import { swatch } from "./colours.ts";
import { h, Section } from "./dom.ts";
import type { I18n } from "./i18n/index.ts";
import { IDLE_DAYS } from "./idle-days.ts";
import { groupOf, groupTables, isYourTurn, type StoredTable } from "./my-tables.ts";
import { winnerText } from "./table-page/reason-text.ts";
import { playerNames, seatColours, seatNames } from "./table-page/view.ts";

/** How many tables are asked at once: enough to fill the page quickly, few enough not to crowd a phone's connection. */
const IN_FLIGHT = 4;

/** The tokens of this browser: localStorage, or (where it is refused) nothing kept. */
function tokenStore(): TokenStore {
  const store = storage();
  return store ? webStorageTokens(store) : memoryTokens();
}

export function mountMyTables(root: HTMLElement, i18n: I18n): void {
  const tokens = tokenStore();
  const tables = new Map<string, StoredTable>(
    storedTableIds(tokens).map((id) => [
      id,
      { id, seat: storedSeatNumber(tokens, id), snapshot: cachedSnapshot(tokens, id)?.snapshot ?? null, gone: false },
    ]),
  );
  /** Tables not answered yet, and those that failed to answer. */
  const pending = new Set(tables.keys());
  const failed = new Set<string>();
  /** The table whose Forget asks Yes or No, if any. */
  let confirming: string | null = null;
  /** The last thing done, said by the status line (a table forgotten). */
  let said: "tableForgotten" | null = null;

  const heading = h("h1", { tabindex: -1 });
  const intro = h("p", { class: "intro" });
  const status = h("p", { class: "my-tables-status", role: "status" });
  const list = new Section(h("div", { class: "my-tables-list" }));

  const render = () => {
    heading.textContent = i18n.t("myTables");
    intro.textContent = i18n.t("myTablesIntro");
    document.title = `${i18n.t("myTables")} · ${i18n.t("title")}`;
    status.textContent = said
      ? i18n.t(said)
      : pending.size > 0
        ? i18n.t("myTablesUpdating")
        : failed.size > 0
          ? i18n.t("myTablesStale")
          : "";
    root.dataset.pending = String(pending.size);
    const shown = [...tables.values()];
    list.update([shown, [...pending], confirming, i18n.language], () => {
      if (shown.length === 0) {
        return [
          h("p", { class: "empty" }, i18n.t("myTablesEmpty")),
          h("p", { class: "page-actions" }, h("a", { class: "button primary", href: "/" }, i18n.t("createTableLink"))),
        ];
      }
      return groupTables(shown).map(({ group, tables: members }) =>
        h(
          "section",
          { class: `table-group group-${group}`, "aria-labelledby": `group-${group}` },
          h("h2", { id: `group-${group}` }, i18n.t(`tablesGroup_${group}`)),
          h("ul", { class: "my-table-list" }, members.map(row)),
        ),
      );
    });
    tick();
  };

  /** One table's row: the link to it (the players, whose turn, the clock), and Forget. */
  const row = (table: StoredTable): HTMLElement => {
    const { id } = table;
    const model = modelOf(table.snapshot);
    const group = groupOf(table);
    const host = tokens.get(hostTokenKey(id)) !== null;
    const names = model ? seatNames(i18n, model) : [];
    // After a game its players, as the table page names them: a leaver's seat is freed once the game is over.
    const shown = model?.status === "over" ? playerNames(i18n, model) : names;
    const present = (seat: number) =>
      Boolean(model?.seats[seat]?.name) || (model?.status === "over" && model.players[seat] != null);
    const lines = [
      h("span", { class: "table-state" }, stateLine(table, model, names, host)),
      model ? h("span", { class: "table-players" }, players(table, model, shown, present)) : null,
      host && table.seat === null && group !== "gone"
        ? h("span", { class: "badge host-badge" }, i18n.t("tableYouHost"))
        : null,
    ];
    const body =
      group === "gone"
        ? h("div", { class: "table-link" }, lines)
        : h("a", { class: "table-link", href: `/t/${encodeURIComponent(id)}`, "data-focus": `open-${id}` }, lines);
    const what = shown.filter((_, seat) => present(seat)).join(", ") || id;
    return h(
      "li",
      {
        class: `my-table ${group}${confirming === id ? " asking" : ""}`,
        "data-table": id,
        "data-group": group,
        "data-focus": `row-${id}`,
        tabindex: -1,
      },
      body,
      h("div", { class: "forget" }, confirming === id ? confirm(id) : forgetButton(id, what)),
    );
  };

  /** What the row says first: your turn, whose turn, what the table waits for, who won, or that it is gone. */
  const stateLine = (table: StoredTable, model: TableModel | null, names: readonly string[], host: boolean) => {
    if (table.gone) return i18n.t("myTableGone", { days: IDLE_DAYS });
    if (!model) return i18n.t(pending.has(table.id) ? "tableLoading" : "tableUnknown");
    if (model.status === "waiting") {
      const free = model.seats.filter((seat) => !seat.name).length;
      return free > 0 ? i18n.count("waitingForMore", free) : i18n.t(host ? "readyToStart" : "waitingForHost");
    }
    if (model.status === "over") {
      const winner = winnerText(i18n, model, playerNames(i18n, model));
      return winner ? [h("strong", {}, i18n.t("gameOver")), ` · ${winner}`] : h("strong", {}, i18n.t("gameOver"));
    }
    const turn = model.turn;
    const text = isYourTurn(table)
      ? h("strong", { class: "your-turn" }, i18n.t("yourTurn"))
      : i18n.t("turnOf", { name: turn ? (names[turn.seat] ?? "") : "" });
    const deadline = table.snapshot?.game?.deadline ?? null;
    return [text, deadline === null ? null : h("span", { class: "my-clock", "data-deadline": deadline })];
  };

  /** The players in their colours, as the table page names them; this browser's seat marked "you". */
  const players = (
    table: StoredTable,
    model: TableModel,
    names: readonly string[],
    present: (seat: number) => boolean,
  ) =>
    model.seats.map(({ seat }) =>
      h(
        "span",
        { class: `player${model.turn?.seat === seat && model.status === "playing" ? " to-move" : ""}` },
        seatColours(model, seat).map(swatch),
        present(seat) ? h("bdi", {}, names[seat]) : h("em", {}, `${names[seat]}: ${i18n.t("freeSeat")}`),
        table.seat === seat && present(seat) ? h("span", { class: "badge" }, i18n.t("you")) : null,
      ),
    );

  const forgetButton = (id: string, what: string) =>
    h(
      "button",
      {
        type: "button",
        class: "forget-button",
        "data-focus": `forget-${id}`,
        "aria-label": i18n.t("tableForgetLabel", { what }),
        onclick: () => {
          confirming = id;
          said = null;
          render();
          list.element.querySelector<HTMLElement>(`[data-focus="no-${id}"]`)?.focus();
        },
      },
      i18n.t("tableForget"),
    );

  /** Forget's question in place of the button: Yes forgets, No (or Escape) puts the button back. */
  const confirm = (id: string) => {
    const cancel = () => {
      confirming = null;
      render();
      list.element.querySelector<HTMLElement>(`[data-focus="forget-${id}"]`)?.focus();
    };
    const group = h(
      "div",
      { class: "forget-confirm", role: "group", "aria-labelledby": `forget-q-${id}` },
      h("span", { id: `forget-q-${id}`, class: "forget-question" }, i18n.t("tableForgetQuestion")),
      h(
        "button",
        {
          type: "button",
          class: "forget-yes",
          "data-focus": `yes-${id}`,
          onclick: () => {
            // The focus goes to the next row, or the one before, or the heading once the list is empty.
            const order = [...list.element.querySelectorAll<HTMLElement>("li[data-table]")].map(
              (li) => li.dataset.table,
            );
            const at = order.indexOf(id);
            const next = order[at + 1] ?? order[at - 1];
            forgetTable(tokens, id);
            tables.delete(id);
            pending.delete(id);
            failed.delete(id);
            confirming = null;
            said = "tableForgotten";
            render();
            const target = next ? list.element.querySelector<HTMLElement>(`[data-focus="row-${next}"]`) : heading;
            (target ?? heading).focus();
          },
        },
        i18n.t("tableForgetYes"),
      ),
      h(
        "button",
        { type: "button", class: "forget-no", "data-focus": `no-${id}`, onclick: cancel },
        i18n.t("tableForgetNo"),
      ),
    );
    group.addEventListener("keydown", (event) => {
      if (event.key === "Escape") cancel();
    });
    return group;
  };

  /** The turn clocks count down between redraws: only their text changes. */
  const tick = () => {
    for (const clock of list.element.querySelectorAll<HTMLElement>(".my-clock")) {
      const seconds = secondsLeft(Number(clock.dataset.deadline), Date.now());
      const time = formatClock(seconds, (d, hours) => i18n.t("clockDaysHours", { d, h: hours }));
      clock.textContent = ` · ${i18n.t("timeLeft", { time })}`;
    }
  };
  setInterval(tick, 1000);

  root.dataset.page = "my-tables";
  root.replaceChildren(
    header(i18n),
    h("main", { class: "my-tables" }, h("div", { class: "my-tables-card" }, heading, intro, status, list.element)),
  );
  i18n.onChange(render);
  render();

  // Each table once per visit, a few at a time; the page redraws as each answers.
  void eachLimited([...tables.keys()], IN_FLIGHT, async (id) => {
    try {
      const answer = await refreshSnapshot(location.origin, id, tokens);
      const table = tables.get(id);
      if (table) {
        tables.set(id, {
          ...table,
          snapshot: answer.kind === "gone" ? null : answer.snapshot,
          gone: answer.kind === "gone",
        });
      }
    } catch {
      failed.add(id);
    } finally {
      pending.delete(id);
      render();
    }
  });
}

/** The table as the table page would show it, its game replayed; null for no snapshot (or one that will not replay). */
function modelOf(snapshot: Snapshot | null): TableModel | null {
  if (!snapshot) return null;
  try {
    return TableModel.fromSnapshot(snapshot);
  } catch {
    return null;
  }
}
