/**
 * The table socket's WebSocket subprotocol. Beside it a client may offer
 * `seat.<token>` and `host.<token>` (tokens are base64url, which a
 * subprotocol may hold): a table at its cap of sockets makes room for a
 * socket that presents a seat's or the host's token (docs/protocol.md).
 * Offered in a header, a token never goes into an address. A module of its
 * own, without schemas: the SDK, which offers it, then bundles none of the
 * schemas of what clients send (client-messages.ts).
 */
export const SOCKET_PROTOCOL = "chinese-checkers";

/** The subprotocols a client offers: ours, and the tokens it holds. */
export function socketProtocols(tokens: { readonly seat?: string | null; readonly host?: string | null }): string[] {
  return [
    SOCKET_PROTOCOL,
    ...(tokens.seat ? [`seat.${tokens.seat}`] : []),
    ...(tokens.host ? [`host.${tokens.host}`] : []),
  ];
}
