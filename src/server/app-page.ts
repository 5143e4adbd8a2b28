/**
 * The web client's one page (public/app.html), with the script files it will
 * import at once named in its head (`<link rel="modulepreload">`), so that
 * the browser fetches them beside app.js rather than one after another once
 * app.js has run. Which files those are the client's build writes into
 * build/preload.json (scripts/build-client.mjs), since their names carry
 * their contents' hash; where it is missing (the client not built), the page
 * goes out as it is.
 */

/** The files of build/preload.json: `every` page imports them; a `table` page (`/t/:id`, `/embed/:id`) also these. */
interface Preloads {
  readonly every: readonly string[];
  readonly table: readonly string[];
}

export async function appPage(assets: Fetcher, url: string, view: "table" | "other"): Promise<Response> {
  const [page, preloads] = await Promise.all([
    assets.fetch(new URL("/app.html", url)),
    assets
      .fetch(new URL("/build/preload.json", url))
      .then((response) => (response.ok ? (response.json() as Promise<Preloads>) : null))
      .catch(() => null),
  ]);
  // A fresh response: the one the binding gives has headers that cannot be changed.
  const response = new Response(page.body, page);
  const files = preloads ? [...preloads.every, ...(view === "table" ? preloads.table : [])] : [];
  if (!page.ok || files.length === 0) return response;
  return new HTMLRewriter()
    .on("head", {
      element(head) {
        for (const file of files) head.append(`<link rel="modulepreload" href="${file}">`, { html: true });
      },
    })
    .transform(response);
}
