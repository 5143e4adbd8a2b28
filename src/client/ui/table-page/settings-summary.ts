/**
 * The table's settings as the page shows them under the status, before and
 * during a game: the variant, players and colours, pieces, long jumps, teams
 * and who partners whom, the clock, who begins and the computer players'
 * levels. `settingsSummary` writes the rows (pure, tested under Node);
 * `SettingsSummary` draws them as a definition list in a `<details>`: open in
 * the waiting room on a wide screen (a friend reads what they are joining),
 * folded once the game is on (the seats, clocks and moves need the room) and
 * always on a phone, unless the visitor opened or closed it themselves.
 */
import type { Clock, Level } from "../../../protocol/index.ts";
import { oppositePoint, type Point, type Settings, seating, type Variant, variantOf } from "../../../rules/index.ts";
import { swatch } from "../colours.ts";
import { h, Section } from "../dom.ts";
import type { I18n, MessageKey } from "../i18n/index.ts";
import type { TableView } from "./view.ts";

/** What the summary is written from: the table's settings and who sits where. */
export interface SummaryInput {
  readonly settings: Settings;
  readonly clock: Clock;
  /** The table's choice of who begins every game; null when it is drawn for each game. */
  readonly firstPlayer: number | null;
  /** Who began the current (or last) game; null before the first. */
  readonly gameFirstPlayer: number | null;
  /** Whether the first game starts by itself once every seat is taken (absent: by the host). */
  readonly startWhenFull?: boolean;
  /** Each seat's computer level; null for a person or a free seat. */
  readonly computers: readonly (Level | null)[];
  /** The name each seat goes by on the page. */
  readonly names: readonly string[];
}

/** One member of a team: the name and the point it plays. */
export interface TeamMember {
  readonly name: string;
  readonly point: Point;
}

export interface SummaryRow {
  readonly key:
    | "variant"
    | "players"
    | "colours"
    | "pieces"
    | "longJump"
    | "teams"
    | "clock"
    | "begins"
    | "starts"
    | "computers";
  readonly term: string;
  readonly value: string;
  /** With teams: the pairs of partners, for the swatches beside their names. */
  readonly teams?: readonly (readonly TeamMember[])[];
}

export function summaryInput({ model, players }: TableView): SummaryInput {
  return {
    settings: model.settings,
    clock: model.clock,
    firstPlayer: model.firstPlayer,
    gameFirstPlayer: model.game?.firstPlayer ?? null,
    startWhenFull: model.header.startWhenFull,
    computers: model.seats.map((seat) => seat.computer),
    names: players,
  };
}

/** Each variant's name in the summary. */
const VARIANT_LABELS: Readonly<Record<Variant, MessageKey>> = {
  classic: "summaryClassic",
  capture: "summaryCapture",
};

/** The rows of the summary, in the page's language. */
export function settingsSummary(i18n: I18n, input: SummaryInput): SummaryRow[] {
  const { settings, clock, names } = input;
  const { colours } = variantOf(settings);
  const rows: SummaryRow[] = [
    { key: "variant", term: i18n.t("variant"), value: i18n.t(VARIANT_LABELS[settings.variant]) },
    { key: "players", term: i18n.t("players"), value: String(settings.players) },
  ];
  if (colours) rows.push({ key: "colours", term: i18n.t("coloursPerPlayer"), value: String(settings.colours) });
  rows.push({
    key: "pieces",
    term: i18n.t("summaryPieces"),
    value: colours ? i18n.t("summaryPiecesEach", { n: settings.pieces }) : i18n.t("summaryPiecesCapture"),
  });
  rows.push({
    key: "longJump",
    term: i18n.t("summaryLongJumps"),
    value: i18n.t(settings.longJump ? "summaryAllowed" : "summaryNotAllowed"),
  });
  // Teams are possible only in a race of six players of one colour: elsewhere the row would only say "no".
  if (colours && settings.players === 6 && settings.colours === 1) {
    const teams = settings.teams ? partners(settings, names) : [];
    rows.push({
      key: "teams",
      term: i18n.t("summaryTeams"),
      value: settings.teams
        ? teams
            .map((team) =>
              team.map(({ name, point }) => i18n.t("summaryMember", { name, colour: i18n.colour(point) })).join(" + "),
            )
            .join("; ")
        : i18n.t("summaryNoTeams"),
      ...(settings.teams ? { teams } : {}),
    });
  }
  rows.push({ key: "clock", term: i18n.t("turnClock"), value: clockText(i18n, clock) });
  rows.push({ key: "begins", term: i18n.t("whoBegins"), value: beginsText(i18n, input) });
  // A table its host starts needs no word on it; one that starts by itself tells the players waiting.
  if (input.startWhenFull)
    rows.push({ key: "starts", term: i18n.t("summaryStarts"), value: i18n.t("summaryStartsWhenFull") });
  const computers = input.computers.flatMap((level, seat) =>
    level === null ? [] : [i18n.t("summaryComputer", { name: names[seat] ?? "", level: i18n.t(`level_${level}`) })],
  );
  if (computers.length > 0)
    rows.push({ key: "computers", term: i18n.t("computerPlayers"), value: computers.join(", ") });
  return rows;
}

/** The pairs of partners, each seat with its point: opposite points play together (N+S, NE+SW, SE+NW). */
function partners(settings: Settings, names: readonly string[]): TeamMember[][] {
  const seats = seating(settings);
  const teams: TeamMember[][] = [];
  seats.forEach((points, seat) => {
    const point = points[0];
    if (point === undefined) return;
    const partner = seats.findIndex((other) => other[0] === oppositePoint(point));
    const partnerPoint = seats[partner]?.[0];
    if (partner <= seat || partnerPoint === undefined) return;
    teams.push([
      { name: names[seat] ?? "", point },
      { name: names[partner] ?? "", point: partnerPoint },
    ]);
  });
  return teams;
}

/** The clock: "2 minutes a move", "5 minutes in the bank, + 5 seconds a move", or "No clock". */
export function clockText(i18n: I18n, clock: Clock): string {
  if (clock === null) return i18n.t("clockNone");
  if (clock.kind === "move") return i18n.t("summaryClockMove", { time: durationText(i18n.language, clock.seconds) });
  return i18n.t("summaryClockBank", {
    time: durationText(i18n.language, clock.seconds),
    increment: durationText(i18n.language, clock.increment),
  });
}

const UNITS = [
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
  ["second", 1],
] as const;

/** A whole number of seconds in the largest unit it is a whole number of: "90 seconds", "5 minutes", "3 days". */
export function durationText(language: string, seconds: number): string {
  const [unit, size] = UNITS.find(([, size]) => seconds % size === 0) ?? ["second", 1];
  return new Intl.NumberFormat(language, { style: "unit", unit, unitDisplay: "long" }).format(seconds / size);
}

/** Who begins: the table's choice, or drawn at random; and who began this game when that is not the choice. */
function beginsText(i18n: I18n, { firstPlayer, gameFirstPlayer, names }: SummaryInput): string {
  const setting = firstPlayer === null ? i18n.t("firstPlayerRandom") : (names[firstPlayer] ?? "");
  if (gameFirstPlayer === null || gameFirstPlayer === firstPlayer) return setting;
  return `${setting} · ${i18n.t("summaryBeginsThisGame", { name: names[gameFirstPlayer] ?? "" })}`;
}

/** The summary on the page: a `<details>` whose list is rebuilt only when what it says changes. */
export class SettingsSummary {
  readonly element: HTMLDetailsElement;
  private readonly heading = h("summary", {});
  private readonly list = new Section(h("dl", { class: "settings-list" }));
  private readonly i18n: I18n;
  /** Whether the visitor opened or closed the settings themselves. */
  private chosen = false;

  constructor(i18n: I18n) {
    this.i18n = i18n;
    this.element = h("details", { class: "table-settings" }, this.heading, this.list.element);
    // A click on the summary (or Enter or Space on it) is the visitor's own choice, kept from then on.
    this.heading.addEventListener("click", () => {
      this.chosen = true;
    });
  }

  render(view: TableView): void {
    const { i18n } = this;
    if (!this.chosen) {
      const wide = typeof matchMedia !== "function" || !matchMedia("(max-width: 52rem)").matches;
      this.element.open = wide && view.model.status === "waiting";
    }
    const rows = settingsSummary(i18n, summaryInput(view));
    this.heading.textContent = i18n.t("settingsHeading");
    this.list.update([i18n.language, rows], () =>
      rows.map((row) => [
        h("dt", {}, row.term),
        h(
          "dd",
          { "data-setting": row.key },
          row.teams
            ? row.teams.map((team, i) =>
                h(
                  "span",
                  { class: "team" },
                  i > 0 ? "; " : null,
                  team.flatMap((member, j) => [
                    j > 0 ? " + " : null,
                    swatch(member.point),
                    h("bdi", {}, member.name),
                    ` (${i18n.colour(member.point)})`,
                  ]),
                ),
              )
            : row.value,
        ),
      ]),
    );
  }
}
