/** What every part of the table page draws from, worked out once per redraw. */

import type { Identity } from "../../../protocol/index.ts";
import { type Point, seating, variantOf } from "../../../rules/index.ts";
import type { TableModel } from "../../sdk/model.ts";
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

/** A seat's name on the page: its player's, a computer player's "Computer n" (n its seat) in the page's language, or "Seat n" while it is free. */
export function seatNames(i18n: I18n, model: TableModel): string[] {
  return model.seats.map((seat) => {
    if (seat.computer !== null) return computerName(i18n, seat.seat);
    return seat.name ?? i18n.t("seatN", { n: seat.seat + 1 });
  });
}

/**
 * The players of the current (or last) game by seat: the names the game
 * started with (a computer player's as `seatNames` gives it), else the seat's
 * name now. Once a game is over a leaver's seat may change hands, and a
 * computer may be removed, but the game's moves and places stay its players'.
 */
export function playerNames(i18n: I18n, model: TableModel): string[] {
  const started = model.players;
  const computers = model.playerComputers;
  return seatNames(i18n, model).map((name, seat) => {
    const player = started[seat];
    if (player == null) return name;
    return computers[seat] != null ? computerName(i18n, seat) : player;
  });
}

/** A computer player's name: "Computer n", n its seat counted from 1. */
function computerName(i18n: I18n, seat: number): string {
  return i18n.t("computerN", { n: seat + 1 });
}

/**
 * The colours that go with a seat: during a game, those it moves now; after
 * it, a leaver's seat (whose colours left the board or went to the partner)
 * keeps those it started with, for whoever sits there next.
 */
export function seatColours(model: TableModel, seat: number): readonly Point[] {
  const now = model.coloursOf(seat);
  if (now.length > 0 || model.status === "playing" || !variantOf(model.settings).colours) return now;
  return seating(model.settings)[seat] ?? [];
}
