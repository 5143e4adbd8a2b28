/// <reference path="./http_ece.d.ts" />
/**
 * A test push service: it stands in for a browser vendor's (RFC 8030) so that
 * the worker's Web Push can be tested end to end on loopback, over https.
 * Node only (vitest globalSetup files, Node tests).
 *
 *   const receiver = await startPushReceiver();          // https://127.0.0.1:<port>
 *   const subscription = receiver.subscribe();           // as PushSubscription.toJSON() gives it
 *   … the code under test POSTs a push to subscription.endpoint …
 *   const delivery = await receiver.waitFor((d) => d.endpoint === subscription.endpoint);
 *   expect(delivery.payload).toEqual({ … });  expect(receiver.rejected).toEqual([]);
 *
 * A push, `POST /push/<id>`, is checked as a push service would, and more
 * strictly: `Content-Encoding: aes128gcm`; a `TTL` (a whole number of
 * seconds); `Urgency` and `Topic`, if given, valid (RFC 8030 §5); a body of at
 * most 4096 bytes (413 otherwise); `Authorization: vapid t=<JWT>, k=<key>`
 * (RFC 8292) whose k is a P-256 point, whose JWT is ES256-signed by k, with
 * `aud` this origin, `exp` in the future and at most 24 h ahead, `sub` a
 * mailto: or https: URL, and k the key the subscription (or the receiver)
 * expects if one was given; a body that decrypts (RFC 8291: aes128gcm with the
 * sender's ECDH public key as keyid, one record) with the subscription's
 * private key and auth secret. A push that passes is recorded as a delivery
 * and answered 201; one that fails is answered 400 (413 for the size) with
 * the reason as text and recorded in `rejected`. Before the checks: 404 for an
 * unknown subscription, 410 for an expired one, and the statuses `failNext`
 * set (with `Retry-After` if given), each used once.
 *
 * Control over HTTP, for code that cannot call this object (the tests inside
 * workerd, and test files in other processes); JSON in and out, loopback only:
 *
 *   POST /control/subscribe   body {applicationServerKey?}     → 201 subscription {endpoint, expirationTime, keys}
 *   GET  /control/deliveries?endpoint=E&count=N&timeoutMs=T     → 200 [delivery…] (of E, or all); with count,
 *                                                                  waits until there are N (408 after T ms, default 5000)
 *   POST /control/fail        body {endpoint, status, times?, retryAfter?} → 204 (the next `times` pushes, default 1)
 *   POST /control/expire      body {endpoint}                  → 204 (410 Gone from then on)
 *   POST /control/hold        body {endpoint, ms}              → 204 (the next push is answered only after ms)
 *   GET  /control/rejected                                     → 200 [rejection…]
 *
 * Deliveries and rejections are as the `PushDelivery` and `PushRejection`
 * types say, `at` in milliseconds since the epoch.
 */
import { isUtf8 } from "node:buffer";
import { createECDH, randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { decrypt } from "http_ece";
import { importJWK, type JWTPayload, jwtVerify } from "jose";
import { makeTestCertificate, type TestCertificate } from "./certificate.ts";

/** A subscription as the browser's `PushSubscription.toJSON()` gives it. */
export interface PushSubscriptionJSON {
  readonly endpoint: string;
  readonly expirationTime: null;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

export interface PushDelivery {
  readonly subscriptionId: string;
  readonly endpoint: string;
  /** The decrypted text parsed as JSON; the text itself if it is not JSON. */
  readonly payload: unknown;
  /** The decrypted text. */
  readonly text: string;
  /** The VAPID JWT's claims (aud, exp, sub, and whatever else it held). */
  readonly jwtClaims: JWTPayload;
  /** The `k` of the Authorization header: the sender's VAPID public key, base64url. */
  readonly vapidKey: string;
  readonly ttl: number;
  readonly urgency: string | undefined;
  readonly topic: string | undefined;
  readonly at: number;
}

export interface PushRejection {
  /** The URL pushed to. */
  readonly endpoint: string;
  readonly status: number;
  readonly reason: string;
  readonly at: number;
}

export interface PushReceiverOptions {
  /** The server's certificate and key; by default a CA and a certificate made here (`caPem` says which CA to trust). */
  readonly tls?: TestCertificate;
  /** The VAPID public key (base64url, 65-byte point) every push must be signed with; any key if not given. */
  readonly vapidPublicKey?: string;
}

export interface SubscribeOptions {
  /** The VAPID public key the subscription's pushes must carry, as `applicationServerKey` in a browser's subscribe. */
  readonly applicationServerKey?: string;
}

export interface PushReceiver {
  /** https://127.0.0.1:<port> */
  readonly origin: string;
  /** The server's certificate (PEM). */
  readonly certificatePem: string;
  /** The CA that signed it (PEM): what a client must trust. */
  readonly caPem: string;
  subscribe(options?: SubscribeOptions): PushSubscriptionJSON;
  /** The deliveries so far, to `endpoint` or to all, oldest first. */
  deliveries(endpoint?: string): PushDelivery[];
  /** The first delivery, past or to come, that `predicate` accepts; rejects after `timeoutMs` (default 5000). */
  waitFor(predicate: (delivery: PushDelivery) => boolean, timeoutMs?: number): Promise<PushDelivery>;
  /** The next `times` pushes to `endpoint` are answered `status` (with `Retry-After: retryAfter` if given). */
  failNext(endpoint: string, status: number, times?: number, retryAfter?: number): void;
  /** From now on pushes to `endpoint` are answered 410 Gone, as for an unsubscribed browser. */
  expire(endpoint: string): void;
  /** The next push to `endpoint` is answered only `ms` later, as by a slow push service. */
  hold(endpoint: string, ms: number): void;
  /** The pushes refused by a check, oldest first: a test asserts it is empty. */
  readonly rejected: PushRejection[];
  close(): Promise<void>;
}

/** The largest body a push service must accept (RFC 8030 §7.2, RFC 8291 §4). */
const MAX_BODY = 4096;
const MAX_EXP_AHEAD_S = 24 * 60 * 60;
const URGENCIES = ["very-low", "low", "normal", "high"];
const BASE64URL = /^[A-Za-z0-9_-]*$/;

interface Subscription {
  readonly id: string;
  readonly endpoint: string;
  readonly ecdh: ReturnType<typeof createECDH>;
  readonly authSecret: Buffer;
  readonly applicationServerKey: string | undefined;
  gone: boolean;
  failures: { status: number; times: number; retryAfter: number | undefined }[];
  /** Milliseconds the next push waits before it is answered. */
  holdMs: number;
}

/** A check that failed: answered `status` with `message`, and recorded. */
class Refusal extends Error {
  readonly status: number;
  constructor(message: string, status = 400) {
    super(message);
    this.status = status;
  }
}

function base64url(text: string, what: string): Buffer {
  if (!BASE64URL.test(text)) throw new Refusal(`${what} is not base64url`);
  return Buffer.from(text, "base64url");
}

/** `vapid t=<jwt>, k=<key>` (RFC 8292 §3), parameters in any order. */
function parseVapid(header: string | undefined): { t: string; k: string } {
  if (!header) throw new Refusal("no Authorization header");
  const match = /^vapid\s+(.*)$/i.exec(header.trim());
  if (!match?.[1]) throw new Refusal(`Authorization is not the vapid scheme: ${header.slice(0, 40)}`);
  const params = new Map<string, string>();
  for (const part of match[1].split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) throw new Refusal(`malformed vapid parameter: ${part.trim()}`);
    params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const t = params.get("t");
  const k = params.get("k");
  if (!t || !k) throw new Refusal("vapid Authorization without t or k");
  return { t, k };
}

async function checkVapid(
  header: string | undefined,
  origin: string,
  expectedKey: string | undefined,
): Promise<{ claims: JWTPayload; k: string }> {
  const { t, k } = parseVapid(header);
  const point = base64url(k, "vapid k");
  if (point.length !== 65 || point[0] !== 4) throw new Refusal("vapid k is not an uncompressed P-256 point (65 bytes)");
  if (expectedKey !== undefined && k !== expectedKey)
    throw new Refusal("vapid k is not the expected application server key");
  let key: Awaited<ReturnType<typeof importJWK>>;
  try {
    key = await importJWK(
      {
        kty: "EC",
        crv: "P-256",
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33).toString("base64url"),
      },
      "ES256",
    );
  } catch (error) {
    throw new Refusal(`vapid k is not a P-256 public key: ${(error as Error).message}`);
  }
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(t, key, {
      algorithms: ["ES256"],
      audience: origin,
      requiredClaims: ["aud", "exp", "sub"],
    }));
  } catch (error) {
    throw new Refusal(`vapid JWT: ${(error as Error).message}`);
  }
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== "number" || claims.exp > now + MAX_EXP_AHEAD_S) {
    throw new Refusal(`vapid JWT exp ${claims.exp} is more than 24 h ahead`);
  }
  if (typeof claims.sub !== "string" || !/^(mailto:.+|https:\/\/.+)/.test(claims.sub)) {
    throw new Refusal(`vapid JWT sub is not a mailto: or https: URL: ${String(claims.sub)}`);
  }
  return { claims, k };
}

/** RFC 8291 §4's shape of the aes128gcm header, then RFC 8188 decryption (http_ece). */
function decryptPush(body: Buffer, subscription: Subscription): string {
  if (body.length < 21 + 65 + 17)
    throw new Refusal(`body too short for aes128gcm with a key id (${body.length} bytes)`);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  if (idlen !== 65 || body[21] !== 4)
    throw new Refusal(`aes128gcm keyid is not the sender's P-256 public key (${idlen} bytes)`);
  if (rs < 18) throw new Refusal(`aes128gcm record size ${rs} is below 18`);
  if (body.length - 86 > rs)
    throw new Refusal(`the push is more than one record (rs ${rs}, ${body.length - 86} bytes)`);
  let plain: Buffer;
  try {
    plain = decrypt(body, { version: "aes128gcm", privateKey: subscription.ecdh, authSecret: subscription.authSecret });
  } catch (error) {
    throw new Refusal(`aes128gcm decryption failed: ${(error as Error).message}`);
  }
  if (!isUtf8(plain)) throw new Refusal("the decrypted payload is not UTF-8");
  return plain.toString("utf8");
}

function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) over = true;
      else chunks.push(chunk);
    });
    request.on("end", () => resolve(over ? undefined : Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  if (body === undefined) {
    response.writeHead(status, headers).end();
  } else if (typeof body === "string") {
    response.writeHead(status, { "content-type": "text/plain; charset=utf-8", ...headers }).end(body);
  } else {
    response.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
  }
}

/** Starts the receiver on 127.0.0.1, a free port. */
export async function startPushReceiver(options: PushReceiverOptions = {}): Promise<PushReceiver> {
  const tls = options.tls ?? (await makeTestCertificate());
  const subscriptions = new Map<string, Subscription>();
  const deliveries: PushDelivery[] = [];
  const rejected: PushRejection[] = [];
  const waiters = new Set<(delivery: PushDelivery) => void>();
  let origin = "";

  const byEndpoint = (endpoint: unknown): Subscription => {
    const id = typeof endpoint === "string" ? /\/push\/([^/?#]+)$/.exec(endpoint)?.[1] : undefined;
    const subscription = id === undefined ? undefined : subscriptions.get(id);
    if (!subscription) throw new Error(`no such subscription: ${String(endpoint)}`);
    return subscription;
  };

  const subscribe = (subscribeOptions: SubscribeOptions = {}): PushSubscriptionJSON => {
    const id = randomUUID();
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const authSecret = randomBytes(16);
    const endpoint = `${origin}/push/${id}`;
    subscriptions.set(id, {
      id,
      endpoint,
      ecdh,
      authSecret,
      applicationServerKey: subscribeOptions.applicationServerKey,
      gone: false,
      failures: [],
      holdMs: 0,
    });
    return {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") },
    };
  };

  const list = (endpoint?: string) => deliveries.filter((d) => endpoint === undefined || d.endpoint === endpoint);

  const waitFor = (predicate: (delivery: PushDelivery) => boolean, timeoutMs = 5000): Promise<PushDelivery> => {
    const found = deliveries.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter = (delivery: PushDelivery) => {
        if (!predicate(delivery)) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(delivery);
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(
          new Error(
            `no matching push within ${timeoutMs} ms (${deliveries.length} delivered, ${rejected.length} rejected)`,
          ),
        );
      }, timeoutMs);
      waiters.add(waiter);
    });
  };

  const failNext = (endpoint: string, status: number, times = 1, retryAfter?: number) => {
    byEndpoint(endpoint).failures.push({ status, times, retryAfter });
  };
  const expire = (endpoint: string) => {
    byEndpoint(endpoint).gone = true;
  };
  const hold = (endpoint: string, ms: number) => {
    byEndpoint(endpoint).holdMs = ms;
  };

  async function push(request: IncomingMessage, response: ServerResponse, id: string): Promise<void> {
    const url = `${origin}${request.url}`;
    const subscription = subscriptions.get(id);
    if (!subscription) return send(response, 404, "no such subscription");
    if (subscription.holdMs > 0) {
      const ms = subscription.holdMs;
      subscription.holdMs = 0;
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
    if (subscription.gone) return send(response, 410, "subscription expired");
    const failure = subscription.failures[0];
    if (failure) {
      failure.times -= 1;
      if (failure.times <= 0) subscription.failures.shift();
      await readBody(request, Number.POSITIVE_INFINITY);
      const headers: Record<string, string> =
        failure.retryAfter === undefined ? {} : { "retry-after": String(failure.retryAfter) };
      return send(response, failure.status, `failing as told (${failure.status})`, headers);
    }
    try {
      const encoding = request.headers["content-encoding"];
      if (encoding?.toLowerCase() !== "aes128gcm") throw new Refusal(`Content-Encoding is ${encoding}, not aes128gcm`);
      const ttlHeader = request.headers.ttl;
      if (typeof ttlHeader !== "string" || !/^\d+$/.test(ttlHeader.trim()))
        throw new Refusal(`bad or no TTL: ${ttlHeader}`);
      const urgency = request.headers.urgency;
      if (urgency !== undefined && (typeof urgency !== "string" || !URGENCIES.includes(urgency))) {
        throw new Refusal(`bad Urgency: ${urgency}`);
      }
      const topic = request.headers.topic;
      if (topic !== undefined && (typeof topic !== "string" || topic.length > 32 || !BASE64URL.test(topic))) {
        throw new Refusal(`bad Topic (at most 32 base64url characters): ${topic}`);
      }
      const { claims, k } = await checkVapid(
        request.headers.authorization,
        origin,
        subscription.applicationServerKey ?? options.vapidPublicKey,
      );
      const body = await readBody(request, MAX_BODY);
      if (body === undefined) throw new Refusal(`body over ${MAX_BODY} bytes`, 413);
      const text = decryptPush(body, subscription);
      let payload: unknown = text;
      try {
        payload = JSON.parse(text);
      } catch {
        // Not JSON: the text.
      }
      const delivery: PushDelivery = {
        subscriptionId: subscription.id,
        endpoint: subscription.endpoint,
        payload,
        text,
        jwtClaims: claims,
        vapidKey: k,
        ttl: Number(ttlHeader),
        urgency,
        topic,
        at: Date.now(),
      };
      deliveries.push(delivery);
      for (const waiter of [...waiters]) waiter(delivery);
      return send(response, 201, undefined, { location: `${origin}/message/${randomUUID()}` });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      rejected.push({ endpoint: url, status: error.status, reason: error.message, at: Date.now() });
      request.resume();
      return send(response, error.status, error.message);
    }
  }

  async function control(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const json = async (): Promise<Record<string, unknown>> => {
      const body = await readBody(request, 65_536);
      const text = body?.toString("utf8") ?? "";
      return text.trim() === "" ? {} : (JSON.parse(text) as Record<string, unknown>);
    };
    const route = `${request.method} ${url.pathname}`;
    try {
      switch (route) {
        case "POST /control/subscribe": {
          const body = await json();
          const key = body.applicationServerKey;
          return send(response, 201, subscribe(typeof key === "string" ? { applicationServerKey: key } : {}));
        }
        case "GET /control/deliveries": {
          const endpoint = url.searchParams.get("endpoint") ?? undefined;
          const count = Number(url.searchParams.get("count") ?? 0);
          const timeoutMs = Number(url.searchParams.get("timeoutMs") ?? 5000);
          if (count > 0 && list(endpoint).length < count) {
            try {
              await waitFor(
                (d) => (endpoint === undefined || d.endpoint === endpoint) && list(endpoint).length >= count,
                timeoutMs,
              );
            } catch {
              return send(response, 408, list(endpoint));
            }
          }
          return send(response, 200, list(endpoint));
        }
        case "POST /control/fail": {
          const { endpoint, status, times, retryAfter } = await json();
          if (typeof status !== "number") return send(response, 400, "status must be a number");
          failNext(
            String(endpoint),
            status,
            typeof times === "number" ? times : 1,
            typeof retryAfter === "number" ? retryAfter : undefined,
          );
          return send(response, 204);
        }
        case "POST /control/expire": {
          expire(String((await json()).endpoint));
          return send(response, 204);
        }
        case "POST /control/hold": {
          const { endpoint, ms } = await json();
          if (typeof ms !== "number") return send(response, 400, "ms must be a number");
          hold(String(endpoint), ms);
          return send(response, 204);
        }
        case "GET /control/rejected":
          return send(response, 200, rejected);
        default:
          return send(response, 404, `no control ${route}`);
      }
    } catch (error) {
      return send(response, 400, (error as Error).message);
    }
  }

  const server: Server = createServer({ key: tls.keyPem, cert: tls.certPem }, (request, response) => {
    const url = new URL(request.url ?? "/", origin);
    const pushId = /^\/push\/([^/]+)$/.exec(url.pathname)?.[1];
    const handled =
      pushId !== undefined && request.method === "POST"
        ? push(request, response, pushId)
        : url.pathname.startsWith("/control/")
          ? control(request, response, url)
          : Promise.resolve(send(response, 404, "not found"));
    handled.catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, String(error));
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    certificatePem: tls.certPem,
    caPem: tls.caPem,
    subscribe,
    deliveries: list,
    waitFor,
    failNext,
    expire,
    hold,
    rejected,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
