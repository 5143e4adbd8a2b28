/**
 * The web client's pages and files: each page's HTML, which the build
 * writes beside the page's code (public/build/<page>.html, naming the page's
 * entry and preloading its chunks and each language's texts), served with
 * the texts of the visitor's language alone, the table's page once its
 * table is known, the service worker, the web component's script, and a
 * page that says so where an address names nothing.
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { cors } from "hono/cors";
import type { Snapshot } from "../../protocol/index.ts";
import { acceptedLanguages, chooseLanguage, LANGUAGE_COOKIE, type Language } from "../../protocol/index.ts";
import { fail, type HonoEnv, noSuchTable, tableParam } from "./answers.ts";
import { pictureInPage, tablePicture } from "./table-picture.ts";

export const pages = new Hono<HonoEnv>();

/**
 * A file of the web client (public/), in a fresh response: the one the
 * binding gives has headers that cannot be changed, and the security headers
 * are added to it on the way out.
 */
async function asset(c: Context<HonoEnv>, request: Request | URL): Promise<Response> {
  const response = await c.env.ASSETS.fetch(request);
  return new Response(response.body, response);
}

/** The web client's pages, each with its own entry (src/client/ui/pages/<page>.ts) and HTML. */
type PageName = "front" | "table" | "table-between" | "rules" | "tables" | "lobby" | "not-found";

/**
 * A page's HTML (asked for without `.html`, as the assets binding serves an
 * HTML file), preloading the texts of one language: the one the page will
 * choose (src/client/ui/i18n/index.ts, `detectLanguage`) as far as the
 * worker can see, from the address's `?lang=`, then the visitor's choice
 * (the `lang` cookie the page writes beside its storage), then the
 * browser's languages (Accept-Language), then English. The build writes a
 * preload for each language, marked `data-lang`; the others' are removed,
 * so a value that names no language changes nothing but the choice. The
 * HTML differs by those headers (Vary), and is no longer the file the
 * assets' ETag names.
 */
async function page(c: Context<HonoEnv>, name: PageName): Promise<Response> {
  const html = await asset(c, new URL(`/build/${name}`, c.req.url));
  const language = pageLanguage(c);
  html.headers.delete("ETag");
  html.headers.append("Vary", "Accept-Language, Cookie");
  return new HTMLRewriter()
    .on("[data-lang]", {
      element(texts) {
        if (texts.getAttribute("data-lang") !== language) texts.remove();
      },
    })
    .transform(html);
}

/** The language a page will choose (`page`). */
function pageLanguage(c: Context<HonoEnv>): Language {
  return chooseLanguage(
    c.req.query("lang"),
    getCookie(c, LANGUAGE_COOKIE),
    acceptedLanguages(c.req.header("Accept-Language")),
  );
}

pages.get("/", (c) => page(c, "front"));
pages.get("/rules", (c) => page(c, "rules"));
pages.get("/tables", (c) => page(c, "tables"));
pages.get("/lobby", (c) => page(c, "lobby"));

/**
 * Whether a browser is asking for a page: a GET (or HEAD) outside the API
 * whose Accept names HTML, as a browser's navigation does. Programs, and
 * whatever asks for a script, a style sheet or an image, get JSON errors.
 */
function wantsPage(c: Context): boolean {
  const method = c.req.method;
  return (
    (method === "GET" || method === "HEAD") &&
    !c.req.path.startsWith("/api/") &&
    /\btext\/html\b/i.test(c.req.header("Accept") ?? "")
  );
}

/**
 * The page a browser gets for an address that names nothing: a table link
 * mistyped, malformed, forged or expired (tables are deleted after IDLE_DAYS
 * without play), or any other unknown path. It is the not-found page, with
 * status 404, which shows in the visitor's language that there is no such
 * table or page, with a link to create a table. A
 * malformed id is a 404 here too, not the API's 400: to a visitor the link
 * simply leads nowhere, and it answers as an unknown or forged id does, so
 * the page does not tell which it was.
 */
async function notFoundPage(c: Context<HonoEnv>): Promise<Response> {
  const response = await page(c, "not-found");
  return new Response(response.body, { status: 404, headers: response.headers });
}

// The table's page, and the same without the page's frame for an iframe.
/**
 * The table as data in its page (`<script type="application/json"
 * id="table-snapshot">`): the page draws the board from it before its socket
 * is open, sparing a phone on a slow network the round trips of the socket's
 * opening and its welcome. Every `<` is written `\u003c`, so that nothing a
 * player typed can end the element.
 */
function tablePage(
  c: Context<HonoEnv>,
  html: Response,
  snapshot: Snapshot | null,
  picture: HTMLRewriterElementContentHandlers | null,
): Response {
  let rewriter = new HTMLRewriter().on("style", styleNonce(c));
  for (const dropped of laterStage(snapshot))
    rewriter = rewriter.on(dropped, { element: (element) => void element.remove() });
  if (snapshot !== null) rewriter = rewriter.on("head", snapshotElement(snapshot));
  if (picture !== null) rewriter = rewriter.on("#app", picture);
  const response = rewriter.transform(html);
  // A table changes at every move: its page is never kept by a cache.
  response.headers.set("Cache-Control", "no-store");
  return response;
}

/**
 * The table page's style sheet, which the build wrote into its HTML
 * (scripts/build-client.mjs, `STYLES_IN_HTML`) so that a phone paints the
 * board's picture from the HTML alone, gets the answer's CSP nonce
 * (headers.ts): the one inline style the policy lets in.
 */
function styleNonce(c: Context<HonoEnv>): HTMLRewriterElementContentHandlers {
  const nonce = c.get("secureHeadersNonce");
  if (nonce === undefined) throw new Error("no CSP nonce for the page's style sheet (securityHeaders runs first)");
  return {
    element(style) {
      style.setAttribute("nonce", nonce);
    },
  };
}

/**
 * The table's page, by the table's status: during a game ("table") it is
 * usable from its opening, whose board takes the player's move
 * (client/ui/table-page/opening.ts); between games, a table waiting for
 * players or over ("table-between"), from its panels, built over the
 * board's picture before the live board and the SDK have come
 * (client/ui/pages/table-between.ts). A page without a snapshot is the
 * game's.
 */
function tablePageName(snapshot: Snapshot | null): PageName {
  return snapshot?.status === "waiting" || snapshot?.status === "over" ? "table-between" : "table";
}

/**
 * When the rest of the table page's code is fetched: the build both
 * preloads its files and lists them (scripts/build-client.mjs, `STAGES`),
 * and this keeps one. A page with a snapshot is usable from its first
 * stage, which preloads the listed files once its own are in, so that on a
 * slow network they have it to themselves. A page without one is drawn by
 * the rest, once its client has the table: its HTML keeps the preloads, and
 * all comes at once.
 */
function laterStage(snapshot: Snapshot | null): string[] {
  if (snapshot === null) return ["script#stage-rest-of-page"];
  return tablePageName(snapshot) === "table"
    ? ['link[data-stage="rest-of-page"]']
    : ['link[data-stage="rest-between-games"]'];
}

/** Appends the snapshot's data element to the head. */
function snapshotElement(snapshot: Snapshot): HTMLRewriterElementContentHandlers {
  const json = JSON.stringify(snapshot).replaceAll("<", "\\u003c");
  return {
    element(head) {
      head.append(`<script type="application/json" id="table-snapshot">${json}</script>`, { html: true });
    },
  };
}

// The table's page, and the same without the page's frame for an iframe, each carrying the table.
pages.get("/:view{t|embed}/:id", tableParam, async (c) => {
  const read = await c.env.TABLES.getByName(c.req.valid("param").id).snapshot();
  if (!read.ok && read.error.code === "table-not-found") return noSuchTable(c);
  // Should the table fail to say (an internal error), the page comes all the same, and asks over its socket.
  const snapshot = read.ok ? read.value.value : null;
  const embed = c.req.param("view") === "embed";
  // A hand-over's page (its code in the address's fragment, which the worker never sees) draws no board until
  // its seat is redeemed: its first stage puts its own frame in the picture's place at once (opening.ts,
  // pages/table-between.ts).
  const [html, drawn] = await Promise.all([
    page(c, tablePageName(snapshot)),
    snapshot === null ? null : tablePicture(c, snapshot, pageLanguage(c), embed),
  ]);
  const picture = drawn === null ? null : pictureInPage(drawn, embed, c.req.query("height") === "auto");
  return tablePage(c, html, snapshot, picture);
});

// The service worker that shows "your turn" notifications: at the root, so that its scope is the whole site,
// and revalidated on every load, so that a new version takes over at once.
pages.get("/sw.js", async (c) => {
  const response = await asset(c, new URL("/build/sw.js", c.req.url));
  response.headers.set("Cache-Control", "no-cache");
  return response;
});

// The web component, for any site's <script type="module" src=".../embed.js">: a module script is fetched
// with CORS, so it is served to every origin (it is public, and no cookie or token goes with it), preflight
// included, for a page that adds headers of its own.
pages.use("/:file{embed\\.js(\\.map)?}", cors({ origin: "*", allowMethods: ["GET", "HEAD", "OPTIONS"] }));
pages.get("/:file{embed\\.js(\\.map)?}", (c) => asset(c, new URL(`/build/${c.req.param("file")}`, c.req.url)));

// The web client's files, through the worker so that they carry the headers above.
pages.get("*", async (c) => {
  const response = await asset(c, c.req.raw);
  if (response.status === 404) return fail(c, 404, "not-found", `no such file: ${new URL(c.req.url).pathname}`);
  return response;
});

/** A browser asking for a page that is not there gets a page that says so (`notFoundPage`). */
export const notFoundPages: MiddlewareHandler<HonoEnv> = async (c, next) => {
  await next();
  if ((c.res.status === 404 || c.res.status === 400) && wantsPage(c)) c.res = await notFoundPage(c);
};
