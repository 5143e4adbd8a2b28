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
  /**
   * Whose turn as the page shows it: with a move of yours on its way, the
   * turn after it (as the board already shows that move played), else the model's.
   */
  readonly turn: TableModel["turn"];
}

/** The server names a computer player "Computer n", n its seat when it sat down (it keeps the name through a swap). */
const COMPUTER_NAME = /^Computer ([1-6])$/;

/** A player's name as the page shows it: a computer player's "Computer n" in the page's language. */
export function displayName(i18n: I18n, name: string, computer: boolean): string {
  const match = computer ? COMPUTER_NAME.exec(name) : null;
  return match ? i18n.t("computerN", { n: Number(match[1]) }) : name;
}

export function seatNames(i18n: I18n, model: TableModel): string[] {
  return model.seats.map((seat) =>
    seat.name === null ? i18n.t("seatN", { n: seat.seat + 1 }) : displayName(i18n, seat.name, seat.computer !== null),
  );
}

/** The players of the current (or last) game by seat: the names the game started with, else the seat's name now. */
export function playerNames(i18n: I18n, model: TableModel): string[] {
  const started = model.players;
  return seatNames(i18n, model).map((name, seat) => {
    const player = started[seat];
    if (player == null || player === model.seats[seat]?.name) return name;
    // The seat changed hands since the game began (a leaver's seat, or a computer the host removed after it):
    // the model no longer says whether that player was a computer, so the name alone decides.
    return displayName(i18n, player, true);
  });
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
