/**
 * The waiting room's invitation to a visitor without a seat: who is at the
 * table already, so that a friend opening the link knows whose table it is.
 * With the host seated (the table records the host's seat, `hostSeat`) it
 * names the one who invited them first: "Aino invited you to play", "Aino
 * invited you. Bjørn is waiting too." Otherwise, or to the host themselves,
 * it lists everyone seated: "Aino and Bjørn are waiting for you to join".
 */
import type { Identity } from "../../../protocol/index.ts";
import type { TableModel } from "../../sdk/model.ts";
import type { I18n } from "../i18n/index.ts";

/** The invitation's text; "" when nobody is seated. `names`: each seat's name on the page. */
export function invitationText(
  i18n: I18n,
  model: Pick<TableModel, "seats" | "hostSeat">,
  you: Identity,
  names: readonly string[],
): string {
  const seated = model.seats.filter((seat) => seat.name !== null || seat.computer !== null).map((seat) => seat.seat);
  if (seated.length === 0) return "";
  const nameOf = (seat: number) => names[seat] ?? "";
  const { hostSeat } = model;
  // The host does not invite themselves (on a device where they hold hosting but not their seat).
  if (hostSeat === null || you.host || !seated.includes(hostSeat)) {
    return i18n.count("invitation", seated.length, { names: i18n.list(seated.map(nameOf)) });
  }
  const others = seated.filter((seat) => seat !== hostSeat).map(nameOf);
  const host = nameOf(hostSeat);
  return others.length === 0
    ? i18n.t("invitedBy", { host })
    : i18n.count("invitedByWith", others.length, { host, names: i18n.list(others) });
}
