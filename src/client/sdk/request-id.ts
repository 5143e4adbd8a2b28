/**
 * A request's id, in a module of its own: what sends requests without the
 * socket's code (the page's moves before the SDK's client has come,
 * `OptimisticMoves`) names them as the client does.
 */

/** A fresh id for a request: 96 random bits, base64url. Repeating a request with the same id is harmless. */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_");
}
