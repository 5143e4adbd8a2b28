/** What every part of the table page draws from, worked out once per redraw. */
import { type Point, seating } from "../../../rules/index.ts";
import type { Identity, TableModel } from "../../sdk/index.ts";
import type { I18n } from "../i18n/index.ts";

export interface TableView {
  readonly model: TableModel;
  readonly you: Identity;
  /** The name each seat goes by on the page: its player's, or "Seat n" while it is free. */
  readonly names: readonly string[];
  /**
   * Who played each seat in the current (or last) game: once a game is over
   * a leaver's seat is freed and may be taken or traded, but its moves and
   * place are still that player's.
   */
  readonly players: readonly string[];
}

export function seatNames(i18n: I18n, model: TableModel): string[] {
  return model.seats.map((seat) => seat.name ?? i18n.t("seatN", { n: seat.seat + 1 }));
}

/** The players of the current (or last) game by seat: the names the game started with, else the seat's name now. */
export function playerNames(i18n: I18n, model: TableModel): string[] {
  const started = model.players;
  return seatNames(i18n, model).map((name, seat) => started[seat] ?? name);
}

/**
 * The colours that go with a seat: during a game, those it moves now; after
 * it, a leaver's seat (whose colours left the board or went to the partner)
 * keeps those it started with, for whoever sits there next.
 */
export function seatColours(model: TableModel, seat: number): readonly Point[] {
  const now = model.coloursOf(seat);
  if (now.length > 0 || model.status === "playing" || model.settings.variant === "capture") return now;
  return seating(model.settings)[seat] ?? [];
}
