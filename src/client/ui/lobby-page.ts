/**
 * The lobby (`/lobby`, issue 31): where strangers find a game. Two lists,
 * both live: the open tables, listed by their hosts, waiting for players
 * (the one that has waited longest first, with a Join link), and the listed
 * games in play, to watch (the most watched first). A row says the players,
 * the variant, how many seats are free or how many watch, the clock and the
 * table's language.
 *
 * The page follows the lobby's socket (`LobbyFeed`): a table listed, a seat
 * taken, a game started or a table unlisted shows without a reload. Until
 * the socket's first list arrives, or while it is down, the feed reads the
 * cached `GET /api/lobby` instead, and the page says the list may be behind.
 * A table newly listed open is announced politely to screen readers; the
 * rest just changes in place.
 */
import type { Listing } from "../../protocol/index.ts";
import { LobbyFeed } from "../sdk/lobby.ts";
import { header } from "./chrome.ts";
import { h, Section } from "./dom.ts";
import { type I18n, LANGUAGE_NAMES, type MessageKey } from "./i18n/index.ts";
import { listingFacts, listingNames } from "./lobby-listing.ts";

export function mountLobby(root: HTMLElement, i18n: I18n): void {
  const feed = new LobbyFeed({ baseUrl: location.origin });

  const heading = h("h1", {});
  const intro = h("p", { class: "intro" });
  const status = h("p", { class: "lobby-status", role: "status" });
  const announcer = h("p", { class: "visually-hidden", "aria-live": "polite" });
  const openHeading = h("h2", { id: "lobby-open-heading" });
  const watchHeading = h("h2", { id: "lobby-watch-heading" });
  const openList = new Section(h("div", { class: "lobby-slot", "data-list": "open" }));
  const watchList = new Section(h("div", { class: "lobby-slot", "data-list": "watch" }));

  const row = (table: Listing): HTMLElement => {
    const open = table.status === "waiting";
    const names = listingNames(i18n, table);
    return h(
      "li",
      { class: `lobby-table ${table.status}`, "data-table": table.tableId },
      h(
        "div",
        { class: "lobby-table-text" },
        h(
          "span",
          { class: "lobby-players" },
          table.names.flatMap((name, seat) => [
            // The gap shows where one name ends; a screen reader hears a comma (a name may hold spaces).
            seat > 0 ? h("span", { class: "visually-hidden" }, ", ") : null,
            name === null ? h("em", { class: "free" }, i18n.t("freeSeat")) : h("bdi", { class: "player" }, name),
          ]),
        ),
        h(
          "span",
          { class: "lobby-facts" },
          listingFacts(i18n, table).map((fact) => h("span", { class: "fact" }, fact)),
          h(
            "span",
            { class: "fact" },
            `${i18n.t("language")}: `,
            h("span", { lang: table.lang }, LANGUAGE_NAMES[table.lang]),
          ),
        ),
      ),
      h(
        "a",
        {
          class: `button${open ? " primary" : ""}`,
          // A list redrawn for a change elsewhere keeps the keyboard's focus on this link (Section).
          "data-focus": `open-${table.tableId}`,
          // In the language the visitor reads the lobby in, which the address may have set rather than a choice kept.
          href: `/t/${encodeURIComponent(table.tableId)}?lang=${i18n.language}`,
          "aria-label": i18n.t(open ? "lobbyJoinLabel" : "lobbyWatchLabel", { names }),
        },
        i18n.t(open ? "lobbyJoin" : "lobbyWatch"),
      ),
    );
  };

  const list = (tables: readonly Listing[], empty: MessageKey, labelledBy: string) =>
    tables.length > 0
      ? [h("ul", { class: "lobby-list", "aria-labelledby": labelledBy }, tables.map(row))]
      : [h("p", { class: "empty" }, i18n.t(empty))];

  const render = () => {
    document.title = `${i18n.t("lobby")} · ${i18n.t("title")}`;
    heading.textContent = i18n.t("lobby");
    intro.textContent = i18n.t("lobbyIntro");
    openHeading.textContent = i18n.t("lobbyOpenHeading");
    watchHeading.textContent = i18n.t("lobbyWatchHeading");
    const loaded = feed.at > 0;
    status.textContent = !loaded
      ? i18n.t("lobbyLoading")
      : feed.connection === "reconnecting"
        ? i18n.t("lobbyOffline")
        : "";
    root.dataset.lobby = loaded ? "loaded" : "loading";
    const { openTables, games } = feed;
    openList.update([loaded, openTables, i18n.language], () =>
      loaded
        ? [
            ...list(openTables, "lobbyOpenEmpty", "lobby-open-heading"),
            openTables.length === 0
              ? h("p", { class: "page-actions" }, h("a", { class: "button", href: "/" }, i18n.t("createTableLink")))
              : null,
          ]
        : [],
    );
    watchList.update([loaded, games, i18n.language], () =>
      loaded ? list(games, "lobbyWatchEmpty", "lobby-watch-heading") : [],
    );
  };

  feed.on("change", ({ change }) => {
    if (change.type === "listed" && change.added && change.table.status === "waiting") {
      announcer.textContent = i18n.t("lobbyListed", { names: listingNames(i18n, change.table) });
    }
    render();
  });
  feed.on("connection", render);
  i18n.onChange(render);

  root.dataset.page = "lobby";
  root.replaceChildren(
    header(i18n),
    h(
      "main",
      { class: "lobby-page" },
      heading,
      intro,
      status,
      h("section", { class: "lobby-section", "aria-labelledby": "lobby-open-heading" }, openHeading, openList.element),
      h(
        "section",
        { class: "lobby-section", "aria-labelledby": "lobby-watch-heading" },
        watchHeading,
        watchList.element,
      ),
      announcer,
    ),
  );
  render();
}
