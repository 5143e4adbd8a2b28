/**
 * Sending one Web Push message: which push services the worker will send to
 * (an allowlist, so that a subscription cannot aim the worker at any other
 * address), the VAPID keys, and what the push service's answer means.
 *
 * The message is built by @block65/webcrypto-web-push: RFC 8291 `aes128gcm`
 * encryption and RFC 8292 VAPID on Web Crypto, with one small dependency.
 * `@pushforge/builder`, the other Web Crypto library, encrypts with the
 * draft `aesgcm` encoding, which Apple's push service does not accept.
 */
import { buildPushPayload, type PushSubscription } from "@block65/webcrypto-web-push";
import { decodeBase64Url } from "hono/utils/encode";
import type { Notice } from "../../protocol/index.ts";
import { logInternalError } from "../observability/telemetry.ts";

/**
 * The browsers' push services (docs/security.md, "Notifications"): an
 * endpoint's host is one of these or a subdomain of one, over https on the
 * default port. Chrome, Edge on Android, Opera, Samsung Internet and Brave:
 * Firebase Cloud Messaging; Firefox: Mozilla's autopush; Safari: Apple's;
 * Edge on Windows: the Windows Push Notification Services.
 */
export const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "push.services.mozilla.com",
  "push.apple.com",
  "notify.windows.com",
] as const;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** What the service needs to send: its VAPID key pair and contact, and whether loopback endpoints are allowed (tests). */
export interface PushConfig {
  readonly publicKey: string;
  readonly privateKey: string;
  readonly subject: string;
  readonly allowLoopback: boolean;
}

/** The deployment's push settings (wrangler.toml and its secrets). */
export interface PushSettings {
  /**
   * The VAPID key pair "your turn" notifications are sent with (secrets:
   * `npm run deploy` makes them on the first deploy, `npm start` in
   * .dev.vars): the public key as the 65-byte uncompressed P-256 point, the
   * private key as its 32-byte scalar, both base64url. Without them no one
   * can subscribe (`push-unavailable`). Changing them ends every
   * subscription: browsers must subscribe again (README, Configuration).
   */
  readonly VAPID_PUBLIC_KEY?: string;
  readonly VAPID_PRIVATE_KEY?: string;
  /** Who runs the service, for the push services: a `mailto:` or `https:` URL. */
  readonly VAPID_SUBJECT?: string;
  /**
   * "true" lets subscriptions name https endpoints on loopback (127.0.0.1,
   * localhost, ::1), for the tests' push service. Off unless set; never in
   * wrangler.toml, and `npm run deploy` refuses to deploy with it.
   */
  readonly PUSH_ALLOW_LOOPBACK?: string;
}

/** The push configuration, or null when the service has no VAPID keys (then no one can subscribe). */
export function pushConfig(env: PushSettings): PushConfig | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (!publicKey || !privateKey) return null;
  return {
    publicKey,
    privateKey,
    // wrangler.toml sets it; the fallback keeps a deployment without it sending.
    subject: env.VAPID_SUBJECT || "mailto:admin@example.com",
    allowLoopback: env.PUSH_ALLOW_LOOPBACK === "true",
  };
}

/** Whether the worker may send to `endpoint`: https, no credentials, the default port, a known push service's host. */
export function allowedEndpoint(endpoint: string, allowLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username !== "" || url.password !== "") return false;
  if (allowLoopback && LOOPBACK_HOSTS.has(url.hostname)) return true;
  if (url.port !== "") return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}

/** Whether `p256dh` is a point on P-256 (what `PushSubscriptionSchema` cannot check): a bad one could never be sent to. */
export async function validBrowserKey(p256dh: string): Promise<boolean> {
  try {
    await crypto.subtle.importKey(
      "raw",
      decodeBase64Url(p256dh.replace(/=+$/, "")),
      { name: "ECDH", namedCurve: "P-256" },
      false,
      [],
    );
    return true;
  } catch {
    return false;
  }
}

/** A stored subscription, as the library takes it. */
export interface Subscriber {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

/**
 * What became of a push: `sent` (the push service took it), `gone` (404 or
 * 410: the subscription no longer exists, and is deleted), `retry` (the
 * service is busy or failed, or did not answer: try again later), `dropped`
 * (refused for good: a bad request, too large, or a key it rejects).
 */
export type PushOutcome = "sent" | "gone" | "retry" | "dropped";

/** What came of a push, and why: the push service's HTTP status, or what kept it from answering. */
export interface PushResult {
  readonly outcome: PushOutcome;
  /** The status ("201", "410", …), or "not-allowed", "unbuilt", "network" (no answer, or none in time). */
  readonly status: string;
}

/** How long a push service has to answer. */
const SEND_TIMEOUT_MS = 10_000;

/** How long the push service keeps a message for a browser that is offline: a turn's news is stale after a day. */
const TTL_SECONDS = 86_400;

export async function sendPush(config: PushConfig, to: Subscriber, notice: Notice): Promise<PushResult> {
  // Checked again here, not only when subscribing: the allowlist may have changed since.
  if (!allowedEndpoint(to.endpoint, config.allowLoopback)) return { outcome: "gone", status: "not-allowed" };
  const subscription: PushSubscription = {
    endpoint: to.endpoint,
    expirationTime: null,
    keys: { p256dh: to.p256dh, auth: to.auth },
  };
  let request: Awaited<ReturnType<typeof buildPushPayload>>;
  try {
    request = await buildPushPayload(
      // A newer notice about the same table replaces one the browser has not fetched yet.
      { data: notice, options: { ttl: TTL_SECONDS, urgency: "normal", topic: topicOf(notice.table) } },
      subscription,
      { subject: config.subject, publicKey: config.publicKey, privateKey: config.privateKey },
    );
  } catch (error) {
    logInternalError("push-build", error);
    return { outcome: "dropped", status: "unbuilt" };
  }
  let status: number;
  // Not AbortSignal.timeout: its timer would outlive the answer and keep the object busy for the whole timeout.
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), SEND_TIMEOUT_MS);
  try {
    const response = await fetch(to.endpoint, { ...request, signal: abort.signal });
    status = response.status;
    await response.body?.cancel();
  } catch {
    return { outcome: "retry", status: "network" };
  } finally {
    clearTimeout(timer);
  }
  return { outcome: outcomeOf(status), status: String(status) };
}

function outcomeOf(status: number): PushOutcome {
  if (status >= 200 && status < 300) return "sent";
  if (status === 404 || status === 410) return "gone";
  if (status === 429 || status >= 500) return "retry";
  return "dropped";
}

/** A push Topic is at most 32 base64url characters (RFC 8030 §5.4). */
function topicOf(table: string): string {
  return table.replace(/[^A-Za-z0-9_-]/g, "").slice(-32);
}
