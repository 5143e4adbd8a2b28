/**
 * The headers of every answer: security headers (the page's and the
 * embed's), and CORS for the API.
 */
import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { NONCE, secureHeaders } from "hono/secure-headers";

/**
 * The Content-Security-Policy of every answer. The pages load only their own
 * script, style sheet and icon, and talk only to their own origin ('self'
 * covers ws: and wss: to the same host in current browsers); no inline
 * script, no style attribute, no eval, no plug-ins, no <base>, forms post
 * only here. The one inline style element is the table page's style sheet,
 * which the build writes into its HTML and the worker stamps with the
 * answer's nonce (pages.ts, `styleNonce`)
 * (Hono's NONCE: a new one for each answer), so that a phone paints the
 * board's picture without waiting a round trip for the sheet.
 */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", NONCE],
  imgSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const { frameAncestors: _, ...EMBED_CONTENT_SECURITY_POLICY } = CONTENT_SECURITY_POLICY;

/**
 * Security headers (Hono's secureHeaders, with its defaults: nosniff, HSTS,
 * same-origin opener and resource policies, …). No page may be framed, except
 * the embed, which any site may frame. No referrer: a table's address is its
 * share link, which a click on an outside link must not hand over.
 */
const pageHeaders = secureHeaders({
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  xFrameOptions: "DENY",
  referrerPolicy: "no-referrer",
});
const embedHeaders = secureHeaders({
  contentSecurityPolicy: EMBED_CONTENT_SECURITY_POLICY,
  xFrameOptions: false,
  crossOriginResourcePolicy: "cross-origin",
  referrerPolicy: "no-referrer",
});

/** What any site may frame or load: the embed, and the web component's script (and its source map). */
const EMBEDDABLE = /^\/embed(\/|\.js(\.map)?$)/;

/** The security headers of every answer, static files included (wrangler.toml runs the worker first for every path). */
export const securityHeaders: MiddlewareHandler = (c, next) =>
  EMBEDDABLE.test(c.req.path) ? embedHeaders(c, next) : pageHeaders(c, next);

/**
 * Any site may use the API (the SDK, an embedding page), with the methods and
 * the one header it needs; no cookies. ETag and If-None-Match make repeated
 * reads cheap for them too.
 */
export const apiCors = cors({
  origin: "*",
  allowMethods: ["GET", "POST", "OPTIONS"],
  allowHeaders: ["Content-Type", "If-None-Match"],
  exposeHeaders: ["ETag"],
});
