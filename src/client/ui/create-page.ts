/**
 * The front page (`/`): your name, then a game in one click: "Play a friend"
 * (a table for two, its link ready to send) or "Play the computer" (a table
 * for two that starts as the computer sits down, so the game is on when the
 * page arrives; with no name typed, under "Player"), or "Play now" with
 * people online (quick-play-panel.ts, under "Player" too).
 * "More settings" unfolds the whole form: the variant, players, colours,
 * clock, who begins, and the computer players (or computers alone, to
 * watch) and their level. Either way the table is created, its host token
 * kept in localStorage for it, the creator seated in seat 1 under that name
 * (remembered for the next time) and the computers after, before the page
 * goes to the table.
 */

import type { Clock, Level, TableSettings } from "../../protocol/index.ts";
import { MAX_NAME_LENGTH } from "../../protocol/lengths.ts";
import { parsePoolName } from "../../protocol/pools.ts";
import {
  DEFAULT_SETTINGS,
  makeSettings,
  type Settings,
  VARIANT_NAMES,
  type Variant,
  variantOf,
} from "../../rules/index.ts";
import { TableError } from "../../table/errors.ts";
import type { TableSettingsInput } from "../sdk/http.ts";
import { memoryTokens, webStorageTokens } from "../sdk/storage.ts";
import { Board } from "./board.ts";
import { header, lobbyHref, Notices, rulesHref, storage } from "./chrome.ts";
import {
  type ComputerChoice,
  choiceValue,
  computerChoices,
  computerSeats,
  fitChoice,
  LEVELS,
  parseChoice,
} from "./computer-plan.ts";
import { append, h } from "./dom.ts";
import type { I18n, MessageKey } from "./i18n/index.ts";
import { NO_MOVES } from "./legal-moves.ts";
import { rememberedName, rememberName } from "./player-name.ts";
import { QuickPlayPanel } from "./quick-play-panel.ts";
import { startingPieces } from "./starting-pieces.ts";

/** Each variant's radio button, in the registry's order: its name and what it is about. */
const VARIANT_LABELS: Readonly<Record<Variant, MessageKey>> = {
  classic: "variantClassic",
  capture: "variantCapture",
};

/** The clocks offered: a time for every move, or a time bank with an increment for each move. */
const CLOCKS: readonly [Clock, MessageKey][] = [
  [null, "clockNone"],
  [{ kind: "move", seconds: 30 }, "clock30s"],
  [{ kind: "move", seconds: 60 }, "clock1m"],
  [{ kind: "move", seconds: 120 }, "clock2m"],
  [{ kind: "move", seconds: 300 }, "clock5m"],
  [{ kind: "move", seconds: 3600 }, "clock1h"],
  [{ kind: "move", seconds: 86_400 }, "clock1d"],
  [{ kind: "bank", seconds: 300, increment: 5 }, "clockBank5m5s"],
  [{ kind: "bank", seconds: 900, increment: 10 }, "clockBank15m10s"],
  [{ kind: "bank", seconds: 259_200, increment: 86_400 }, "clockBank3d1d"],
];

/** A clock as a select's value. */
function clockValue(clock: Clock): string {
  if (clock === null) return "";
  return clock.kind === "move" ? `move:${clock.seconds}` : `bank:${clock.seconds}:${clock.increment}`;
}

/** Settings the engine accepts, used to enable only the choices that fit together. */
function valid(settings: Settings): boolean {
  try {
    makeSettings(settings);
    return true;
  } catch {
    return false;
  }
}

/** What the buttons do (front-actions.ts): fetched once the page is drawn, so that a click finds it there. */
let loadedActions: Promise<typeof import("./front-actions.ts")> | null = null;
function actions(): Promise<typeof import("./front-actions.ts")> {
  if (loadedActions === null) {
    const loading = import("./front-actions.ts");
    // A failed fetch (offline) is tried again at the next click.
    loading.catch(() => {
      if (loadedActions === loading) loadedActions = null;
    });
    loadedActions = loading;
  }
  return loadedActions;
}

/** What a submit button of the form makes: a one-click table, or the one the settings describe. */
type Action = "friend" | "computer" | "settings";

/** The one-click tables: the default race for two; against the computer it starts as the computer sits down. */
const QUICK: Readonly<
  Record<Exclude<Action, "settings">, { settings: TableSettingsInput; computers: ComputerChoice }>
> = {
  friend: { settings: { players: 2 }, computers: 0 },
  computer: { settings: { players: 2, startWhenFull: true }, computers: 1 },
};

export function mountCreate(root: HTMLElement, i18n: I18n): void {
  const store = storage();
  const tokens = store ? webStorageTokens(store) : memoryTokens();
  const notices = new Notices();
  const form = h("form", { class: "create-form", novalidate: true });
  const preview = new Board({ i18n });
  preview.element.classList.add("preview-board");

  const state: { -readonly [K in keyof Settings]: Settings[K] } & {
    -readonly [K in "clock" | "firstPlayer"]: TableSettings[K];
  } = {
    ...DEFAULT_SETTINGS,
    clock: null,
    firstPlayer: null,
  };
  /** How many computer players, and how well they play: not table settings, but seats taken once it exists. */
  let computers: ComputerChoice = 0;
  let level: Level = "normal";
  /** The creator's name: the one you last played under on this device, to begin with. */
  let name = rememberedName(store);
  let busy = false;
  /** Whether "More settings" is unfolded: the form is drawn anew on every change, and keeps it. */
  let moreOpen = false;
  // Built once and put back into the form at each drawing: it keeps its seek, its ticking clock and its focus.
  const quickPlay = new QuickPlayPanel({
    i18n,
    notices,
    tokens,
    store,
    loadClient: async () => (await actions()).QuickPlay,
    seatName: async () => {
      // Strangers need no name to find a game: without one, the pool seats "Player" (made distinct at the table).
      if (name.trim() === "") return i18n.t("player");
      const checked = (await actions()).checkName(name);
      if (checked === null) {
        notices.show(() => i18n.error("bad-name"));
        document.getElementById("creator-name")?.focus();
        return null;
      }
      rememberName(store, checked);
      return checked;
    },
  });

  /** Keeps the settings playable after a change: later fields give way to earlier ones. */
  function normalise(): void {
    // A chosen first seat the table no longer has goes back to a draw.
    if (state.firstPlayer !== null && state.firstPlayer >= state.players) state.firstPlayer = null;
    computers = fitChoice(computers, state.players);
    if (!variantOf(state).colours) {
      state.colours = 1;
      state.pieces = 10;
      state.teams = false;
      return;
    }
    if (state.players === 5) state.players = 6;
    if (!valid({ ...state, pieces: 10, teams: false })) state.colours = 1;
    if (state.pieces === 15 && !valid(state)) state.pieces = 10;
    if (state.teams && !valid(state)) state.teams = false;
  }

  function render(): void {
    normalise();
    const coloured = variantOf(state).colours;
    const radio = (value: Variant, key: MessageKey) =>
      h(
        "label",
        { class: "choice" },
        h("input", {
          type: "radio",
          id: `variant-${value}`,
          name: "variant",
          value,
          checked: state.variant === value,
          onchange: () => {
            state.variant = value;
            render();
          },
        }),
        h("span", {}, i18n.t(key)),
      );
    const select = (
      id: string,
      label: MessageKey,
      options: readonly [string, string, boolean][],
      value: string,
      onChange: (value: string) => void,
      disabled = false,
    ) =>
      h(
        "div",
        { class: "field" },
        h("label", { for: id }, i18n.t(label)),
        h(
          "select",
          {
            id,
            name: id,
            disabled,
            onchange: (event: Event) => onChange((event.target as HTMLSelectElement).value),
          },
          options.map(([optionValue, text, enabled]) =>
            h("option", { value: optionValue, selected: optionValue === value, disabled: !enabled }, text),
          ),
        ),
      );
    const check = (
      id: string,
      label: MessageKey,
      checked: boolean,
      enabled: boolean,
      onChange: (on: boolean) => void,
    ) =>
      h(
        "label",
        { class: `choice${enabled ? "" : " disabled"}` },
        h("input", {
          type: "checkbox",
          id,
          name: id,
          checked,
          disabled: !enabled,
          onchange: (event: Event) => onChange((event.target as HTMLInputElement).checked),
        }),
        h("span", {}, i18n.t(label)),
      );

    const playerChoices = [2, 3, 4, 5, 6].map((n): [string, string, boolean] => [
      String(n),
      String(n),
      valid({ ...state, players: n, colours: 1, pieces: 10, teams: false }),
    ]);
    const colourChoices = [1, 2, 3].map((n): [string, string, boolean] => [
      String(n),
      String(n),
      valid({ ...state, colours: n as 1 | 2 | 3, pieces: 10, teams: false }),
    ]);
    const firstPlayerChoices: [string, string, boolean][] = [
      ["", i18n.t("firstPlayerRandom"), true],
      ...Array.from({ length: state.players }, (_, seat): [string, string, boolean] => [
        String(seat),
        i18n.t("seatN", { n: seat + 1 }),
        true,
      ]),
    ];
    const computerOptions = computerChoices(state.players).map((choice): [string, string, boolean] => [
      choiceValue(choice),
      choice === "all"
        ? i18n.t("computersAll")
        : choice === 0
          ? i18n.t("computersNone")
          : i18n.count("computersCount", choice),
      true,
    ]);
    // Computers alone: nobody sits down, so no name is asked for.
    const nameField =
      computers === "all"
        ? null
        : h(
            "div",
            { class: "field creator-name" },
            h("label", { for: "creator-name" }, i18n.t("yourName")),
            h("input", {
              id: "creator-name",
              name: "creator-name",
              maxlength: MAX_NAME_LENGTH,
              autocomplete: "nickname",
              required: true,
              "aria-describedby": "creator-name-hint",
              value: name,
              oninput: (event: Event) => {
                name = (event.target as HTMLInputElement).value;
              },
            }),
            h("p", { id: "creator-name-hint", class: "hint" }, i18n.t("creatorSeat")),
          );
    const submit = h(
      "button",
      { type: "submit", name: "action", value: "settings", class: "primary big", disabled: busy },
      i18n.t(busy ? "creating" : "createButton"),
    );
    // The first submit button is the form's default: Enter in the name field plays a friend.
    const quick = (action: Exclude<Action, "settings">, label: MessageKey, hint: MessageKey, primary: boolean) =>
      h(
        "button",
        {
          type: "submit",
          name: "action",
          value: action,
          class: `quick big${primary ? " primary" : ""}`,
          disabled: busy,
        },
        h("span", { class: "quick-label" }, i18n.t(label)),
        h("span", { class: "quick-hint" }, i18n.t(hint)),
      );
    // Rebuilding the form keeps the keyboard focus where it was.
    const focused =
      document.activeElement instanceof HTMLElement && form.contains(document.activeElement)
        ? document.activeElement.id
        : "";
    // Read from the page as it stands, not from its toggle event: that comes a task later, and a choice made
    // at once after unfolding (a click, then a change) drew the form folded again.
    moreOpen = form.querySelector<HTMLDetailsElement>("details.more-settings")?.open ?? moreOpen;
    form.replaceChildren();
    append(form, [
      h("h1", {}, i18n.t("createHeading")),
      h("p", { class: "tagline" }, i18n.t("tagline")),
      h(
        "p",
        { class: "rules-link" },
        h("a", { href: rulesHref(i18n) }, i18n.t("howToPlay")),
        // The lobby, for a visitor without a friend to play: on a phone, the title bar has no room for it.
        " · ",
        h("a", { href: lobbyHref(i18n) }, i18n.t("lobbyFind")),
      ),
      nameField,
      h(
        "div",
        { class: "quick-start" },
        quick("friend", "quickFriend", "quickFriendHint", true),
        quick("computer", "quickComputer", "quickComputerHint", false),
      ),
      quickPlay.element,
      h(
        "details",
        {
          class: "more-settings",
          open: moreOpen,
        },
        h("summary", {}, i18n.t("moreSettings")),
        h(
          "fieldset",
          {},
          h("legend", {}, i18n.t("variant")),
          VARIANT_NAMES.map((variant) => radio(variant, VARIANT_LABELS[variant])),
        ),
        h(
          "div",
          { class: "row" },
          select("players", "players", playerChoices, String(state.players), (value) => {
            state.players = Number(value);
            render();
          }),
          coloured
            ? select("colours", "coloursPerPlayer", colourChoices, String(state.colours), (value) => {
                state.colours = Number(value) as 1 | 2 | 3;
                render();
              })
            : null,
        ),
        coloured
          ? check("pieces15", "pieces15", state.pieces === 15, valid({ ...state, pieces: 15 }), (on) => {
              state.pieces = on ? 15 : 10;
              render();
            })
          : null,
        check("longJump", "longJump", state.longJump, true, (on) => {
          state.longJump = on;
          render();
        }),
        coloured
          ? check("teams", "teams", state.teams, valid({ ...state, teams: true }), (on) => {
              state.teams = on;
              render();
            })
          : null,
        select(
          "turnClock",
          "turnClock",
          CLOCKS.map(([clock, key]) => [clockValue(clock), i18n.t(key), true]),
          clockValue(state.clock),
          (value) => {
            state.clock = CLOCKS.find(([clock]) => clockValue(clock) === value)?.[0] ?? null;
            render();
          },
        ),
        select("firstPlayer", "whoBegins", firstPlayerChoices, String(state.firstPlayer ?? ""), (value) => {
          state.firstPlayer = value === "" ? null : Number(value);
          render();
        }),
        h(
          "div",
          { class: "row" },
          select("computers", "computerPlayers", computerOptions, choiceValue(computers), (value) => {
            computers = parseChoice(value);
            render();
          }),
          select(
            "computerLevel",
            "computerLevel",
            LEVELS.map((option): [string, string, boolean] => [option, i18n.t(`level_${option}`), true]),
            level,
            (value) => {
              level = value as Level;
              render();
            },
            computers === 0,
          ),
        ),
        submit,
      ),
    ]);
    if (focused) document.getElementById(focused)?.focus();
    preview.update({ variant: state.variant, pieces: startingPieces(state), moves: NO_MOVES, lastMove: null });
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy) return;
    const submitter = (event as SubmitEvent).submitter;
    const action: Action =
      submitter instanceof HTMLButtonElement && (submitter.value === "computer" || submitter.value === "settings")
        ? submitter.value
        : "friend";
    const { settings, computers: chosen } =
      action === "settings" ? { settings: state as TableSettingsInput, computers } : QUICK[action];
    // The name is checked as the table will check it, before there is a table.
    const sitting = chosen !== "all";
    // Against the computer one click is enough, as on Lichess: with no name typed you sit as "Player" (in your
    // language), which is not remembered, so the field stays empty for a name of your own next time.
    const unnamed = action === "computer" && name.trim() === "";
    busy = true;
    render();
    try {
      const { checkName, createAndSeat } = await actions();
      const checked = checkName(unnamed ? i18n.t("player") : name);
      if (sitting && checked === null) {
        busy = false;
        render();
        notices.show(() => i18n.error("bad-name"));
        document.getElementById("creator-name")?.focus();
        return;
      }
      const seatName = sitting ? checked : null;
      if (seatName !== null && !unnamed) rememberName(store, seatName);
      const players = settings.players ?? DEFAULT_SETTINGS.players;
      const id = await createAndSeat(
        settings,
        tokens,
        seatName,
        computerSeats(players, chosen),
        action === "settings" ? level : "normal",
      );
      location.assign(`/t/${encodeURIComponent(id)}`);
    } catch (error) {
      busy = false;
      render();
      const code = error instanceof TableError ? error.code : "disconnected";
      notices.show(() => i18n.error(code));
    }
  });

  root.replaceChildren(
    header(i18n),
    h(
      "main",
      { class: "create" },
      h("div", { class: "card" }, form),
      // A picture of the settings: inert, so neither the keyboard nor a screen reader lands on its holes.
      h("div", { class: "create-preview", inert: true, "aria-hidden": "true" }, preview.element),
    ),
    notices.element,
  );
  i18n.onChange(() => {
    preview.relabel();
    notices.refresh();
    render();
  });
  render();
  playFromAddress(quickPlay);
  void actions().catch(() => {});
}

/**
 * `/?play=<pool>` (a "Play now" on another site, the lobby's element) seeks
 * that game at once. The parameter leaves the address, so that a reload or
 * a return to the page does not seek again unasked.
 */
function playFromAddress(quickPlay: QuickPlayPanel): void {
  const url = new URL(location.href);
  const pool = url.searchParams.get("play");
  if (pool === null) return;
  url.searchParams.delete("play");
  history.replaceState(history.state, "", url);
  const kind = parsePoolName(pool);
  if (kind) quickPlay.play(kind);
}
