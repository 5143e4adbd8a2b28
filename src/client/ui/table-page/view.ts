/** What every part of the table page draws from, worked out once per redraw. */
import type { Identity, TableModel } from "../../sdk/index.ts";
import type { I18n } from "../i18n/index.ts";

export interface TableView {
  readonly model: TableModel;
  readonly you: Identity;
  /** The name each seat goes by on the page: its player's, or "Seat n" while it is free. */
  readonly names: readonly string[];
}

export function seatNames(i18n: I18n, model: TableModel): string[] {
  return model.seats.map((seat) => seat.name ?? i18n.t("seatN", { n: seat.seat + 1 }));
}
