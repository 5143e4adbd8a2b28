/**
 * The test push service seen from inside workerd: the whole chain the
 * worker's Web Push will use, a subscription from the receiver's control
 * API, a push built by @block65/webcrypto-web-push with a VAPID key made by
 * Web Crypto, sent by workerd's fetch over https to 127.0.0.1 (workerd
 * trusting the run's test CA, vitest.config.ts), checked and decrypted by the
 * receiver.
 */
import { buildPushPayload, type PushSubscription } from "@block65/webcrypto-web-push";
import { describe, expect, inject, it } from "vitest";
import { pushControl } from "../push/control.ts";

const push = pushControl(inject("pushReceiver"));
const subject = "mailto:test@example.com";

function base64url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** A VAPID key pair as the service will keep one: the public key a raw P-256 point, the private its `d`, both base64url. */
async function vapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const raw = (await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer;
  const jwk = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  return { publicKey: base64url(raw), privateKey: jwk.d as string };
}

async function send(subscription: PushSubscription, data: unknown, vapid: { publicKey: string; privateKey: string }) {
  const payload = await buildPushPayload({ data: data as { hello: string }, options: { ttl: 60 } }, subscription, {
    subject,
    ...vapid,
  });
  return fetch(subscription.endpoint, payload);
}

describe("the test push service, from inside workerd", () => {
  it("takes a push over https, checks its VAPID JWT and decrypts it", async () => {
    const vapid = await vapidKeys();
    const subscription = await push.subscribe();
    expect(subscription.endpoint).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/push\/[\w-]+$/);
    const response = await send(subscription, { hello: "world" }, vapid);
    expect(response.status, await response.text()).toBe(201);
    const [delivery] = await push.deliveries(subscription.endpoint, { count: 1 });
    expect(delivery?.payload).toEqual({ hello: "world" });
    expect(delivery?.vapidKey).toBe(vapid.publicKey);
    expect(delivery?.ttl).toBe(60);
    expect(delivery?.jwtClaims).toMatchObject({ aud: new URL(subscription.endpoint).origin, sub: subject });
    expect(delivery?.jwtClaims.exp).toBeGreaterThan(Date.now() / 1000);
    expect((await push.rejected()).filter((r) => r.endpoint === subscription.endpoint)).toEqual([]);
  });

  it("refuses, and records, a JWT signed by a key other than k", async () => {
    const vapid = await vapidKeys();
    const other = await vapidKeys();
    const subscription = await push.subscribe();
    const payload = await buildPushPayload({ data: { hello: "world" }, options: { ttl: 60 } }, subscription, {
      subject,
      ...other,
    });
    // The JWT of `other`, claimed to be `vapid`'s.
    const forged = payload.headers.authorization.replace(`k=${other.publicKey}`, `k=${vapid.publicKey}`);
    const response = await fetch(subscription.endpoint, {
      ...payload,
      headers: { ...payload.headers, authorization: forged },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/signature/i);
    expect(await push.rejected()).toContainEqual(
      expect.objectContaining({
        endpoint: subscription.endpoint,
        status: 400,
        reason: expect.stringMatching(/signature/i),
      }),
    );
    expect(await push.deliveries(subscription.endpoint)).toEqual([]);
  });

  it("refuses pushes signed by a key other than the subscription's application server key", async () => {
    const vapid = await vapidKeys();
    const other = await vapidKeys();
    const subscription = await push.subscribe({ applicationServerKey: vapid.publicKey });
    expect((await send(subscription, { n: 1 }, other)).status).toBe(400);
    expect((await send(subscription, { n: 2 }, vapid)).status).toBe(201);
    expect((await push.deliveries(subscription.endpoint)).map((d) => d.payload)).toEqual([{ n: 2 }]);
  });

  it("answers 404 for an unknown subscription, 410 for an expired one, and the failures it is told to", async () => {
    const vapid = await vapidKeys();
    const subscription = await push.subscribe();
    const unknown = { ...subscription, endpoint: subscription.endpoint.replace(/[^/]+$/, "no-such-subscription") };
    expect((await send(unknown, { n: 0 }, vapid)).status).toBe(404);

    await push.failNext(subscription.endpoint, 500, 2);
    await push.failNext(subscription.endpoint, 429, 1, 7);
    expect((await send(subscription, { n: 1 }, vapid)).status).toBe(500);
    expect((await send(subscription, { n: 2 }, vapid)).status).toBe(500);
    const limited = await send(subscription, { n: 3 }, vapid);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect((await send(subscription, { n: 4 }, vapid)).status).toBe(201);

    await push.expire(subscription.endpoint);
    expect((await send(subscription, { n: 5 }, vapid)).status).toBe(410);
    expect((await push.deliveries(subscription.endpoint)).map((d) => d.payload)).toEqual([{ n: 4 }]);
  });
});
