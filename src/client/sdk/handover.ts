/**
 * Continuing on another device: the link that carries a one-time hand-over
 * code, reading it back, and redeeming it. The code goes in the link's
 * fragment (`/t/<id>#handover=<code>`), which browsers never send to a
 * server, so that it reaches no log and no Referer; the seat token itself
 * is never in any address (it comes back in the answer's body).
 */
import { type HandedOver, HandedOverSchema } from "../../protocol/http.ts";
import { parse } from "../../protocol/schema.ts";
import { readJson } from "./http.ts";

export type { HandedOver };

/** What `TableClient.handover()` gives: the code, when it stops working (server time), and the link to open. */
export interface HandoverCode {
  readonly code: string;
  /** Ms since the epoch, by the server's clock (compare with `client.serverNow()`). */
  readonly expiresAt: number;
  /** The table page's address with the code in its fragment: open it on the other device. */
  readonly link: string;
}

/**
 * Redeems a hand-over code with the table: resolves with the seat and its
 * new token (and a new host token when hosting came along), which the old
 * device's no longer work. A code that is wrong, used, replaced or expired
 * rejects with `invalid-handover`; too many attempts from one address with
 * `rate-limited`. `TableClient.redeemHandover` also keeps the tokens.
 */
export async function redeemHandover(
  baseUrl: string | URL,
  tableId: string,
  code: string,
  fetcher: typeof fetch = fetch,
): Promise<HandedOver> {
  const response = await fetcher(new URL(`/api/tables/${encodeURIComponent(tableId)}/handover`, baseUrl), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code }),
  });
  return parse(HandedOverSchema, await readJson(response));
}
