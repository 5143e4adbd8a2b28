/**
 * The front page's quick play: "Play now" with people online, and the few
 * choices that matter (players, race or capture, a live or a long clock),
 * remembered on this device. One click seeks in that pool under the name
 * given (or a default one); while the pool looks, a panel in the same place
 * says what for, how long it has been, how many are looking, and, once the
 * seeker has waited long enough, offers computer players for the empty
 * seats (a countdown before). Seated, the page goes to the table, which
 * opens seated (the SDK keeps the seat's token where the table page looks).
 *
 * The panel is built once and its texts are updated in place, so that the
 * second's tick neither moves the focus nor makes a screen reader read the
 * panel again; the choices and the waiting panel share one grid cell, so
 * the page keeps its height when one gives way to the other.
 */

import { FILL_AFTER_MS } from "../../lobby/times.ts";
import type { ErrorCode } from "../../protocol/index.ts";
import {
  POOL_CLOCKS,
  POOL_PLAYERS,
  type PoolClock,
  type PoolKind,
  parsePoolName,
  poolName,
} from "../../protocol/pools.ts";
import { VARIANT_NAMES, type Variant } from "../../rules/index.ts";
import { TableError } from "../../table/errors.ts";
import type { ClientErrorCode } from "../sdk/errors.ts";
import type { QuickPlay, Seek } from "../sdk/quick-play.ts";
import type { TokenStore } from "../sdk/storage.ts";
import type { Notices } from "./chrome.ts";
import { formatClock, secondsLeft } from "./clock-format.ts";
import { h } from "./dom.ts";
import type { I18n, MessageKey } from "./i18n/index.ts";

/** Where the last choice is kept, as a pool's name (`classic-2-live`): checked as one when read. */
export const QUICK_PLAY_KEY = "chinese-checkers:quick-play";
const DEFAULT_KIND: PoolKind = { players: 2, variant: "classic", clock: "live" };

const VARIANT_KEYS: Readonly<Record<Variant, MessageKey>> = { classic: "quickRace", capture: "quickCapture" };
const CLOCK_KEYS: Readonly<Record<PoolClock, MessageKey>> = { live: "quickLive", long: "quickLong" };
/** Each clock as the front page's form names it (its settings are `POOL_CLOCK_SETTINGS`). */
const CLOCK_DETAILS: Readonly<Record<PoolClock, MessageKey>> = { live: "clockBank5m5s", long: "clockBank3d1d" };

/** The choice kept on this device, or the race for two on a live clock. */
export function storedKind(store: Storage | undefined): PoolKind {
  try {
    return parsePoolName(store?.getItem(QUICK_PLAY_KEY) ?? "") ?? DEFAULT_KIND;
  } catch {
    return DEFAULT_KIND;
  }
}

function keepKind(store: Storage | undefined, kind: PoolKind): void {
  try {
    store?.setItem(QUICK_PLAY_KEY, poolName(kind));
  } catch {
    // Not kept: the choice lasts for this page.
  }
}

export interface QuickPlayPanelOptions {
  readonly i18n: I18n;
  readonly notices: Notices;
  readonly tokens: TokenStore;
  readonly store: Storage | undefined;
  /** The name to seek under, or null when the one typed is not a name (the page says why). */
  readonly seatName: () => Promise<string | null>;
  /** Quick play's client, fetched when the visitor first asks to play (front-actions.ts). */
  readonly loadClient: () => Promise<typeof QuickPlay>;
}

export class QuickPlayPanel {
  readonly element: HTMLElement;

  private readonly options: QuickPlayPanelOptions;
  private kind: PoolKind;
  private client: QuickPlay | null = null;
  /** Between a click on "Play now" and the client made: its name checked and its code fetched. */
  private starting = false;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private readonly choose: HTMLElement;
  private readonly waiting: HTMLElement;
  private readonly playButton: HTMLButtonElement;
  private readonly fillButton: HTMLButtonElement;
  private readonly cancelButton: HTMLButtonElement;
  private readonly selects: Record<"players" | "variant" | "clock", HTMLSelectElement>;
  private readonly texts: Record<
    "intro" | "playLabel" | "playHint" | "title" | "elapsed" | "waited" | "what" | "count" | "fillNote" | "status",
    HTMLElement
  >;
  private readonly labels: Record<"players" | "variant" | "clock", HTMLElement>;
  /** What was last said in the live region, so that it speaks only of a change. */
  private announced = "";
  /** Seated: the panel says so while the table's page loads. */
  private found = false;
  private lastSeek: Seek | null = null;

  constructor(options: QuickPlayPanelOptions) {
    this.options = options;
    this.kind = storedKind(options.store);
    const select = (id: string, values: readonly string[], onChange: (value: string) => void) =>
      h(
        "select",
        { id, name: id, onchange: (event: Event) => onChange((event.target as HTMLSelectElement).value) },
        values.map((value) => h("option", { value })),
      );
    this.selects = {
      players: select("quick-players", POOL_PLAYERS.map(String), (value) => this.change({ players: value })),
      variant: select("quick-variant", VARIANT_NAMES, (value) => this.change({ variant: value })),
      clock: select("quick-clock", POOL_CLOCKS, (value) => this.change({ clock: value })),
    };
    this.labels = {
      players: h("label", { for: "quick-players" }),
      variant: h("label", { for: "quick-variant" }),
      clock: h("label", { for: "quick-clock" }),
    };
    const text = (tag: "p" | "span", props: Record<string, string> = {}) => h(tag, props);
    this.texts = {
      intro: text("p", { class: "hint quick-intro" }),
      playLabel: text("span", { class: "quick-label" }),
      playHint: text("span", { class: "quick-hint" }),
      title: text("span"),
      // The time waited shows as a bare clock beside the title; a screen reader hears it with its word.
      elapsed: text("span", { class: "quick-elapsed", "aria-hidden": "true" }),
      waited: text("span", { class: "visually-hidden" }),
      what: text("p", { class: "quick-what" }),
      count: text("p", { class: "quick-count" }),
      fillNote: text("p", { class: "quick-fill-note" }),
      status: text("p", { class: "visually-hidden", role: "status" }),
    };
    this.playButton = h(
      "button",
      { type: "button", id: "quick-play", class: "quick big primary", onclick: () => void this.start() },
      this.texts.playLabel,
      this.texts.playHint,
    );
    this.fillButton = h("button", { type: "button", id: "quick-fill", onclick: () => void this.fill() });
    this.cancelButton = h("button", { type: "button", id: "quick-cancel", onclick: () => void this.cancel() });
    const field = (key: "players" | "variant" | "clock") =>
      h("div", { class: "field" }, this.labels[key], this.selects[key]);
    this.choose = h(
      "div",
      { class: "quick-choose" },
      this.texts.intro,
      h("div", { class: "quick-choices" }, field("players"), field("variant"), field("clock")),
      this.playButton,
    );
    this.waiting = h(
      "div",
      { class: "quick-waiting", role: "group", "aria-labelledby": "quick-waiting-title" },
      h(
        "div",
        { class: "quick-head" },
        h(
          "p",
          { class: "quick-title", id: "quick-waiting-title" },
          this.texts.title,
          " ",
          this.texts.elapsed,
          this.texts.waited,
        ),
        this.cancelButton,
      ),
      this.texts.what,
      this.texts.count,
      h("div", { class: "quick-fill" }, this.texts.fillNote, this.fillButton),
    );
    this.element = h("section", { class: "quick-play" }, this.choose, this.waiting, this.texts.status);
    options.i18n.onChange(() => this.render());
    // Leaving the page (another button, a link) ends the seek, rather than leave a seat to be filled by nobody;
    // coming back to it from the history (the back button, from the table) finds the choices, not a past seek.
    addEventListener("pagehide", () => void this.client?.cancel());
    addEventListener("pageshow", (event) => {
      if (event.persisted) this.stop();
    });
    this.render();
  }

  /**
   * Seeks a game of `kind` at once, as if chosen and clicked: the front page
   * opened as `/?play=<pool>`, from a "Play now" elsewhere (the lobby's element).
   */
  play(kind: PoolKind): void {
    this.kind = kind;
    keepKind(this.options.store, kind);
    void this.start();
  }

  /** A choice changed: a select's value is only a string, so the choice is checked as a pool's name. */
  private change(change: { players?: string; variant?: string; clock?: string }): void {
    const { players, variant, clock } = { ...this.kind, ...change };
    const next = parsePoolName(`${variant}-${players}-${clock}`);
    if (!next) return;
    this.kind = next;
    keepKind(this.options.store, next);
    this.render();
  }

  private async start(): Promise<void> {
    if (this.client || this.starting) return;
    this.starting = true;
    let name: string | null;
    let QuickPlayClient: typeof QuickPlay;
    try {
      [name, QuickPlayClient] = await Promise.all([this.options.seatName(), this.options.loadClient()]);
    } catch {
      this.showError("disconnected");
      return;
    } finally {
      this.starting = false;
    }
    if (name === null || this.client) return;
    const client = new QuickPlayClient({
      baseUrl: location.origin,
      tokens: this.options.tokens,
      lang: this.options.i18n.language,
    });
    this.client = client;
    client.on("seeking", () => this.render());
    client.on("waiting", () => this.render());
    client.on("connection", () => this.render());
    client.on("paired", ({ tableId }) => {
      this.found = true;
      this.stopTicking();
      this.render();
      this.announce(this.options.i18n.t("quickFound"));
      location.assign(`/t/${encodeURIComponent(tableId)}`);
    });
    client.on("ended", ({ reason }) => {
      this.stop();
      this.options.notices.show(
        () => this.options.i18n.t(reason === "expired" ? "quickExpired" : "quickReplaced"),
        "info",
      );
    });
    client.on("error", (error) => {
      // A refusal that ended the seek (a full pool, too many seeks); a refused fill is shown by `fill`.
      if (!client.seeking && this.client === client) {
        this.stop();
        this.showError(error.code);
      }
    });
    this.ticker = setInterval(() => this.render(), 1000);
    this.render();
    this.cancelButton.focus();
    try {
      await client.seek(this.kind, name);
    } catch (error) {
      // A refusal was shown by the error event, and a cancel needs no word; what is left is the pool's silence.
      const code = error instanceof TableError ? error.code : "disconnected";
      if (this.client === client && code !== "closed") {
        this.stop();
        this.showError(code);
      }
    }
  }

  private async fill(): Promise<void> {
    try {
      await this.client?.fill();
    } catch (error) {
      if (this.client?.seeking) this.showError(error instanceof TableError ? error.code : "disconnected");
    }
    this.render();
    if (this.client) this.cancelButton.focus();
  }

  private async cancel(): Promise<void> {
    const client = this.client;
    if (!client) return;
    await client.cancel();
    // Seated meanwhile: the page is on its way to the table.
    if (this.client !== client) return;
    this.stop();
    this.announce(this.options.i18n.t("quickCancelled"));
    this.playButton.focus();
  }

  /** The seek is over: the choices are back. */
  private stop(): void {
    const client = this.client;
    this.client = null;
    this.found = false;
    this.stopTicking();
    client?.close();
    this.render();
  }

  private stopTicking(): void {
    if (this.ticker !== null) clearInterval(this.ticker);
    this.ticker = null;
  }

  private showError(code: ErrorCode | ClientErrorCode): void {
    this.options.notices.show(() => this.options.i18n.error(code));
  }

  private announce(text: string): void {
    this.announced = text;
    this.texts.status.textContent = text;
  }

  /** Writes every text for the state as it stands; nothing is rebuilt. */
  private render(): void {
    const { i18n } = this.options;
    const { kind } = this;
    this.labels.players.textContent = i18n.t("players");
    this.labels.variant.textContent = i18n.t("quickGame");
    this.labels.clock.textContent = i18n.t("quickClock");
    for (const option of Array.from(this.selects.players.options)) option.textContent = option.value;
    for (const option of Array.from(this.selects.variant.options)) {
      option.textContent = i18n.t(VARIANT_KEYS[option.value as Variant]);
    }
    for (const option of Array.from(this.selects.clock.options)) {
      option.textContent = i18n.t(CLOCK_KEYS[option.value as PoolClock]);
    }
    this.selects.players.value = String(kind.players);
    this.selects.variant.value = kind.variant;
    this.selects.clock.value = kind.clock;
    this.texts.intro.textContent = i18n.t("quickPlayIntro");
    this.texts.playLabel.textContent = i18n.t("quickPlay");
    this.texts.playHint.textContent = i18n.t("quickPlayHint", { clock: i18n.t(CLOCK_DETAILS[kind.clock]) });
    this.cancelButton.textContent = i18n.t("cancel");
    this.fillButton.textContent = i18n.t("quickFill");

    const client = this.client;
    // Seated, the client has no seek any more: the panel shows the last it had until the table's page comes.
    const seek = this.found ? this.lastSeek : (client?.current ?? null);
    this.lastSeek = seek;
    const state =
      client === null
        ? "idle"
        : this.found
          ? "found"
          : client.connection === "reconnecting"
            ? "reconnecting"
            : seek
              ? "seeking"
              : "connecting";
    this.element.dataset.state = state;
    this.element.classList.toggle("seeking", client !== null);
    this.show(this.choose, client === null);
    this.show(this.waiting, client !== null);

    // Written while unseen too, for a look the choices' place can hold: the card keeps its height when it shows.
    const now = client?.serverNow() ?? 0;
    this.texts.title.textContent = i18n.t("quickLookingFor");
    this.texts.what.textContent = i18n.t("quickWhat", {
      game: i18n.t(VARIANT_KEYS[kind.variant]),
      n: kind.players,
      clock: i18n.t(CLOCK_DETAILS[kind.clock]),
    });
    // A seek lasts half an hour at most: the turn clock's m:ss, never its days and hours.
    const clock = (seconds: number) => formatClock(seconds, (d, hours) => i18n.t("clockDaysHours", { d, h: hours }));
    const waited = clock(seek ? (now - seek.since) / 1000 : 0);
    this.texts.elapsed.textContent = waited;
    this.texts.waited.textContent = i18n.t("quickWaited", { time: waited });
    this.texts.count.textContent =
      state === "found"
        ? i18n.t("quickFound")
        : state === "reconnecting"
          ? i18n.t("quickReconnecting")
          : state === "connecting"
            ? i18n.t("quickConnecting")
            : i18n.count("quickLooking", seek?.waiting ?? 2);
    const offered = state === "seeking" && seek !== null && !seek.fill && now >= seek.fillAt;
    this.show(this.fillButton, offered);
    this.show(this.texts.fillNote, !offered && state !== "found");
    this.texts.fillNote.textContent = seek?.fill
      ? i18n.t("quickFilling")
      : i18n.t("quickFillIn", { time: clock(secondsLeft(seek ? seek.fillAt : now + FILL_AFTER_MS, now)) });
    // Said once each: that the pool took the seek, and that computer players are offered.
    if (state === "seeking") {
      const status = i18n.t(offered ? "quickFill" : "quickLookingFor");
      if (status !== this.announced) this.announce(status);
    }
  }

  /** One of two things in a shared grid cell (the panels, the fill offer and its countdown): the other keeps its room, unseen and out of reach. */
  private show(element: HTMLElement, shown: boolean): void {
    element.classList.toggle("concealed", !shown);
    element.inert = !shown;
  }
}
