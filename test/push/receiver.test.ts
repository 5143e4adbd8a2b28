/**
 * The test push service under Node: that what it accepts is what a real push
 * service would (a push built by @block65/webcrypto-web-push, the library the
 * worker uses, and one encrypted by http_ece itself), and that it refuses
 * what it should, each refusal recorded.
 */
import { createECDH } from "node:crypto";
import { request } from "node:https";
import { buildPushPayload, type PushSubscription } from "@block65/webcrypto-web-push";
import { encrypt } from "http_ece";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readTestCertificate } from "./certificate.ts";
import { type PushReceiver, startPushReceiver } from "./receiver.ts";

let receiver: PushReceiver;
beforeAll(async () => {
  receiver = await startPushReceiver();
});
afterAll(() => receiver.close());

const subject = "mailto:test@example.com";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A request that trusts the receiver's CA (this process's own `fetch` does not: Node reads extra CAs only at start). */
function call(url: string, init: { method?: string; headers?: Record<string, string>; body?: Uint8Array | string }) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(url, { method: init.method ?? "GET", headers: init.headers, ca: receiver.caPem }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }),
      );
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

async function vapidKeys() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
  ])) as CryptoKeyPair;
  const raw = Buffer.from((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const jwk = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  return { publicKey: raw.toString("base64url"), privateKey: jwk.d as string };
}

async function built(subscription: PushSubscription, data: unknown, vapid: { publicKey: string; privateKey: string }) {
  return buildPushPayload(
    { data: data as string, options: { ttl: 30, urgency: "high", topic: "turn" } },
    subscription,
    {
      subject,
      ...vapid,
    },
  );
}

describe("the test push service", () => {
  it("accepts and decrypts a push from @block65/webcrypto-web-push, and waitFor sees it", async () => {
    const vapid = await vapidKeys();
    const subscription = receiver.subscribe();
    expect(Buffer.from(subscription.keys.p256dh, "base64url")).toHaveLength(65);
    expect(Buffer.from(subscription.keys.auth, "base64url")).toHaveLength(16);
    const waiting = receiver.waitFor((d) => d.endpoint === subscription.endpoint, 2000);
    const payload = await built(subscription, { table: "abc", seat: 2 }, vapid);
    const answer = await call(subscription.endpoint, payload);
    expect(answer.status, answer.text).toBe(201);
    const delivery = await waiting;
    expect(delivery).toMatchObject({
      payload: { table: "abc", seat: 2 },
      vapidKey: vapid.publicKey,
      ttl: 30,
      urgency: "high",
      topic: "turn",
      jwtClaims: { aud: receiver.origin, sub: subject },
    });
    expect(receiver.deliveries(subscription.endpoint)).toEqual([delivery]);
    expect(receiver.rejected).toEqual([]);
  });

  it("decrypts what http_ece encrypts with the sender's public key as keyid (RFC 8291), and keeps non-JSON text", async () => {
    const vapid = await vapidKeys();
    const subscription = receiver.subscribe();
    const sender = createECDH("prime256v1");
    sender.generateKeys();
    const body = encrypt(Buffer.from("plain text"), {
      version: "aes128gcm",
      privateKey: sender,
      dh: subscription.keys.p256dh,
      authSecret: subscription.keys.auth,
    });
    expect(body.subarray(21, 86).equals(sender.getPublicKey())).toBe(true);
    const { headers } = await built(subscription, "", vapid);
    const answer = await call(subscription.endpoint, {
      method: "POST",
      headers: { ...headers, "content-length": String(body.length) },
      body,
    });
    expect(answer.status, answer.text).toBe(201);
    expect(receiver.deliveries(subscription.endpoint).map((d) => d.payload)).toEqual(["plain text"]);
  });

  it("refuses, with the reason, and records: a wrong encoding, no TTL, no or a foreign VAPID, an expired or far JWT, a body for another subscription", async () => {
    const vapid = await vapidKeys();
    const other = await vapidKeys();
    const subscription = receiver.subscribe();
    const good = await built(subscription, { n: 1 }, vapid);
    const before = receiver.rejected.length;
    const cases: [string, Record<string, string | undefined>, Uint8Array, RegExp][] = [
      ["encoding", { "content-encoding": "aesgcm" }, good.body, /aes128gcm/],
      ["ttl", { ttl: undefined }, good.body, /TTL/],
      ["no vapid", { authorization: undefined }, good.body, /Authorization/],
      ["scheme", { authorization: good.headers.authorization.replace("vapid", "WebPush") }, good.body, /vapid scheme/],
      [
        "foreign k",
        { authorization: good.headers.authorization.replace(/k=.*$/, `k=${other.publicKey}`) },
        good.body,
        /signature/,
      ],
      ["urgency", { urgency: "urgent" }, good.body, /Urgency/],
      ["other subscription's body", {}, (await built(receiver.subscribe(), { n: 1 }, vapid)).body, /decryption failed/],
    ];
    for (const [name, change, body, reason] of cases) {
      const headers = Object.fromEntries(
        Object.entries({ ...good.headers, ...change, "content-length": String(body.length) }).filter(
          (entry): entry is [string, string] => entry[1] !== undefined,
        ),
      );
      const answer = await call(subscription.endpoint, { method: "POST", headers, body });
      expect(answer.status, name).toBe(400);
      expect(answer.text, name).toMatch(reason);
    }
    expect(receiver.rejected.slice(before).map((r) => r.endpoint)).toEqual(cases.map(() => subscription.endpoint));
    expect(receiver.deliveries(subscription.endpoint)).toEqual([]);
  });

  it("refuses a JWT for another audience, expired, or more than 24 h ahead, and a k the subscription did not name", async () => {
    const { SignJWT, importJWK } = await import("jose");
    const vapid = await vapidKeys();
    const point = Buffer.from(vapid.publicKey, "base64url");
    const key = await importJWK(
      {
        kty: "EC",
        crv: "P-256",
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33).toString("base64url"),
        d: vapid.privateKey,
      },
      "ES256",
    );
    const subscription = receiver.subscribe({ applicationServerKey: vapid.publicKey });
    const good = await built(subscription, { n: 1 }, vapid);
    const now = Math.floor(Date.now() / 1000);
    const jwt = (claims: Record<string, unknown>) =>
      new SignJWT({ aud: receiver.origin, sub: subject, exp: now + 3600, ...claims })
        .setProtectedHeader({ alg: "ES256", typ: "JWT" })
        .sign(key);
    for (const [claims, reason] of [
      [{ aud: "https://push.example.com" }, /aud/],
      [{ exp: now - 10 }, /exp/],
      [{ exp: now + 25 * 3600 }, /24 h/],
      [{ sub: "http://example.com" }, /sub/],
    ] as const) {
      const authorization = `vapid t=${await jwt(claims)}, k=${vapid.publicKey}`;
      const answer = await call(subscription.endpoint, { ...good, headers: { ...good.headers, authorization } });
      expect(answer.status).toBe(400);
      expect(answer.text).toMatch(reason);
    }
    const other = await vapidKeys();
    const foreign = await call(subscription.endpoint, await built(subscription, { n: 2 }, other));
    expect(foreign.text).toMatch(/expected application server key/);
    expect((await call(subscription.endpoint, good)).status).toBe(201);
  });

  it("answers 413 to a body over 4096 bytes, 404, 410, and the failures it is told to, over its control API too", async () => {
    const vapid = await vapidKeys();
    const subscription = receiver.subscribe();
    const good = await built(subscription, { n: 0 }, vapid); // the library refuses to build one over 3993 bytes
    const body = Buffer.concat([good.body, Buffer.alloc(5000)]);
    const big = { ...good, headers: { ...good.headers, "content-length": String(body.length) }, body };
    expect((await call(subscription.endpoint, big)).status).toBe(413);
    expect(receiver.rejected.at(-1)).toMatchObject({ status: 413, endpoint: subscription.endpoint });

    const control = (method: string, path: string, body?: unknown) =>
      call(`${receiver.origin}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const viaHttp = JSON.parse((await control("POST", "/control/subscribe")).text) as PushSubscription;
    expect(viaHttp.endpoint).toMatch(new RegExp(`^${receiver.origin}/push/`));
    expect(
      (await control("POST", "/control/fail", { endpoint: viaHttp.endpoint, status: 503, times: 1, retryAfter: 3 }))
        .status,
    ).toBe(204);
    const failed = await call(viaHttp.endpoint, await built(viaHttp, { n: 1 }, vapid));
    expect([failed.status, failed.headers["retry-after"]]).toEqual([503, "3"]);
    expect((await call(viaHttp.endpoint, await built(viaHttp, { n: 2 }, vapid))).status).toBe(201);
    const listed = JSON.parse(
      (await control("GET", `/control/deliveries?endpoint=${encodeURIComponent(viaHttp.endpoint)}&count=1`)).text,
    );
    expect(listed.map((d: { payload: unknown }) => d.payload)).toEqual([{ n: 2 }]);
    const timedOut = await control(
      "GET",
      `/control/deliveries?endpoint=${encodeURIComponent(viaHttp.endpoint)}&count=2&timeoutMs=50`,
    );
    expect(timedOut.status).toBe(408);
    expect((await control("POST", "/control/expire", { endpoint: viaHttp.endpoint })).status).toBe(204);
    expect((await call(viaHttp.endpoint, await built(viaHttp, { n: 3 }, vapid))).status).toBe(410);
    expect((await call(`${receiver.origin}/push/nobody`, await built(viaHttp, { n: 4 }, vapid))).status).toBe(404);
    expect(JSON.parse((await control("GET", "/control/rejected")).text)).toEqual(receiver.rejected);
  });

  it("is trusted by this worker's own fetch when it serves with the run's certificate (NODE_EXTRA_CA_CERTS, PUSH_TLS_* inherited)", async () => {
    const tls = readTestCertificate();
    expect(tls, "vitest.config.ts made the run's certificate, and this fork inherited its environment").toBeDefined();
    const shared = await startPushReceiver({ ...(tls ? { tls } : {}) });
    try {
      expect((await fetch(`${shared.origin}/control/rejected`)).status).toBe(200);
    } finally {
      await shared.close();
    }
  });
});
