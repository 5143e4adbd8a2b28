/**
 * Where the site's scripts find the service: BASE_URL, e.g.
 * http://127.0.0.1:8787; and CLIENT_ADDRESS, when set, sent as
 * CF-Connecting-IP (the tests' own address for the service's rate limits).
 */
export const baseUrl = process.env.BASE_URL;
const address = process.env.CLIENT_ADDRESS;

/** `fetch`, from CLIENT_ADDRESS when there is one. */
export const fetcher = (input, init) => {
  const headers = new Headers(init?.headers);
  if (address) headers.set("CF-Connecting-IP", address);
  return fetch(input, { ...init, headers });
};
