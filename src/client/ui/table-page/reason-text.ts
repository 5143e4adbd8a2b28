/**
 * Why the game ended, in words that are true of this game. The table gives
 * one of four reasons (docs/rules.md): `finished`, the race is over because
 * at most one unit is still racing; `resigned`, a player's leaving left at
 * most one; `no-jumps` (capture); `turn-limit`. "Everyone is home" is true
 * of `finished` only when nobody is left racing and nobody left: with two
 * players the game ends at the first finish, and with more when all but one
 * are home. So the sentence is chosen from the standings: who finished, who
 * left, who was still racing, unit by unit (a player, or with teams a team
 * of two). Also each place as an ordinal ("1st", "2nd"), for the end of the
 * game. Pure, so it is tested under Node.
 */
import type { ResultView } from "../../../protocol/index.ts";
import type { TableModel } from "../../sdk/model.ts";
import { type I18n, isolate, type MessageKey } from "../i18n/index.ts";

interface Unit {
  readonly seats: readonly number[];
  readonly finished: boolean;
  /** Every member left (or was counted out) before finishing. */
  readonly left: boolean;
}

/** The result's seats grouped into units, in seat order of their first member. */
function unitsOf(model: TableModel, result: ResultView): Unit[] {
  const unitOf = model.game?.searchPosition.unitOf;
  const groups = new Map<number, number[]>();
  for (const standing of result.standings) {
    const unit = unitOf?.[standing.seat] ?? standing.seat;
    groups.set(unit, [...(groups.get(unit) ?? []), standing.seat]);
  }
  const standingOf = (seat: number) => result.standings.find((standing) => standing.seat === seat);
  return [...groups.values()].map((seats) => ({
    seats,
    finished: seats.some((seat) => standingOf(seat)?.finished),
    left: seats.every((seat) => standingOf(seat)?.resigned && !standingOf(seat)?.finished),
  }));
}

/** Who won, in one line: a winner or a team ("Aino & Bjørn win!"), a draw, or nothing when no one did. */
export function winnerText(i18n: I18n, model: TableModel, players: readonly string[]): string {
  const winners = model.result?.winners ?? [];
  if (winners.length === 1 || (winners.length > 1 && model.settings.teams)) {
    return i18n.t("winner", { name: winners.map((seat) => isolate(players[seat] ?? "")).join(" & ") });
  }
  return winners.length > 1 ? i18n.t("draw") : "";
}

/** The sentence that says why the game in `model.result` ended; "" before there is a result. */
export function reasonText(i18n: I18n, model: TableModel, players: readonly string[]): string {
  const result = model.result;
  if (!result) return "";
  if (result.reason === "no-jumps" || result.reason === "turn-limit") return i18n.t(`reason_${result.reason}`);
  const units = unitsOf(model, result);
  const home = units.filter((unit) => unit.finished);
  const gone = units.filter((unit) => unit.left);
  const racing = units.filter((unit) => !unit.finished && !unit.left);
  const nameOf = (unit: Unit) => unit.seats.map((seat) => isolate(players[seat] ?? "")).join(" & ");
  const [last] = racing;
  if (racing.length > 1) return i18n.t(`reason_${result.reason}`); // not a way a game ends
  if (!last) return i18n.t(gone.length === 0 ? "reason_finished" : "reasonAllStayedHome");
  const name = nameOf(last);
  if (home.length === 0) {
    // Everyone else left: one leaver by name (a team's two by the plain sentence).
    const [leaver] = gone;
    if (gone.length === 1 && leaver?.seats.length === 1) {
      const seat = leaver.seats[0] as number;
      const key: MessageKey = model.departureOf(seat) === "absent" ? "reasonCountedOut" : "reasonLeft";
      return i18n.t(key, { name: players[seat] ?? "" });
    }
    return i18n.t("reason_resigned");
  }
  if (gone.length > 0) return i18n.t("reasonOthersHomeOrLeft", { name });
  const [first] = home;
  if (home.length === 1 && first) {
    // Two units: the game ends at the first finish.
    return i18n.t(first.seats.length > 1 ? "reasonHomeFirstTeam" : "reasonHomeFirst", { name: nameOf(first) });
  }
  return i18n.t("reasonAllButOneHome", { name });
}

/** A place as an ordinal in the page's language: "1st", "2nd" in English, "1." in Finnish, "1:a" in Swedish. */
export function ordinal(i18n: I18n, n: number): string {
  const form = new Intl.PluralRules(i18n.language, { type: "ordinal" }).select(n);
  const key = (["one", "two", "few"].includes(form) ? `ordinal_${form}` : "ordinal_other") as MessageKey;
  return i18n.t(key, { n });
}
