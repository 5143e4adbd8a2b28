/**
 * "Your turn" notifications over real sockets and a real push service: the
 * test push service (test/push/receiver.ts) on 127.0.0.1 checks each push's
 * VAPID signature and decrypts its aes128gcm payload, as a browser vendor's
 * would. The tests' grace is 1 s (vitest.config.ts).
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { allowedEndpoint, pushConfig } from "../../src/server/push/push-service.ts";
import type { Table } from "../../src/server/table/table.ts";
import { pushControl } from "../push/control.ts";
import type { PushSubscriptionJSON } from "../push/receiver.ts";
import type { Client, Game, Message } from "./helpers.ts";
import { api, ask, closeAll, getSnapshot, hello, rid, setUpTable, stub, toMove } from "./helpers.ts";

const push = pushControl(inject("pushReceiver"));
/** Longer than the tests' grace (1 s) and an alarm's lateness. Tests that wait for pushes take up to 20 s. */
const AFTER_GRACE_MS = 2_500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const outcome = (answer: Message<"ack"> | Message<"error">) => (answer.type === "ack" ? "ok" : answer.code);

function subscribe(client: Client, subscription: unknown, lang = "en") {
  return ask(client, { type: "pushSubscribe", subscription, lang });
}

/** The table's stored subscriptions and outbox (none before its first subscription makes their tables). */
function pushRows(id: string) {
  return runInDurableObject(stub(id), (_instance: Table, state) => {
    const { sql } = state.storage;
    const made = sql.exec("SELECT 1 FROM sqlite_master WHERE name = 'push_subscriptions'").toArray().length > 0;
    return {
      subscriptions: made ? sql.exec("SELECT endpoint, seat, lang FROM push_subscriptions").toArray() : [],
      outbox: made ? sql.exec("SELECT endpoint, key, kind, due, attempts FROM push_outbox").toArray() : [],
    };
  });
}

/** Waits until the table no longer counts `seat` as connected (its socket closed). */
async function untilAway(game: Game, seat: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const snapshot = await getSnapshot(game.table.id);
    if (!snapshot.seats[seat]?.connected) return;
    await sleep(20);
  }
  throw new Error(`seat ${seat} still connected`);
}

/**
 * A started two-player game where the player not to move has subscribed
 * (a new subscription at the test push service) and, with `away`, closed
 * their socket.
 */
async function waitingGame(away = true): Promise<{
  game: Game;
  mover: number;
  waiter: number;
  subscription: PushSubscriptionJSON;
}> {
  const game = await setUpTable();
  const { seat: mover } = await toMove(game.table.id);
  const waiter = 1 - mover;
  const subscription = await push.subscribe();
  expect(outcome(await subscribe(game.players[waiter].client, subscription))).toBe("ok");
  if (away) {
    game.players[waiter].client.close();
    await untilAway(game, waiter);
  }
  return { game, mover, waiter, subscription };
}

/** The mover plays the first legal move; returns its path once acknowledged. */
async function moveOnce(game: Game, mover: number): Promise<string> {
  const { move } = await toMove(game.table.id);
  expect(outcome(await ask(game.players[mover].client, { type: "move", path: move }))).toBe("ok");
  return move;
}

describe("a player who is away is notified when the turn passes to them, once, after the grace", {
  timeout: 20_000,
}, () => {
  it("the push arrives signed with the service's key, and decrypts to the table, the move and who played it", async () => {
    const { game, mover, waiter, subscription } = await waitingGame();
    const path = await moveOnce(game, mover);
    const [delivery] = await push.deliveries(subscription.endpoint, { count: 1, timeoutMs: 10_000 });
    const snapshot = await getSnapshot(game.table.id);
    expect(delivery?.payload).toEqual({
      v: 1,
      kind: "turn",
      lang: "en",
      url: `/t/${game.table.id}`,
      table: game.table.id,
      players: ["Player 1", "Player 2"],
      seat: waiter,
      move: { by: `Player ${mover + 1}`, path },
      deadline: null,
      at: delivery?.payload && (delivery.payload as { at: number }).at,
    });
    expect(snapshot.game?.turn?.seat).toBe(waiter);
    expect(delivery?.vapidKey).toBe(env.VAPID_PUBLIC_KEY);
    expect(delivery?.ttl).toBe(86_400);
    expect(delivery?.urgency).toBe("normal");
    expect(delivery?.jwtClaims.aud).toBe(push.origin);
    expect((await push.rejected()).filter((r) => r.endpoint === subscription.endpoint)).toEqual([]);

    // Not twice: the alarm coming again, and the object woken from storage, send nothing more.
    await evictDurableObject(stub(game.table.id), { webSockets: "hibernate" });
    await runDurableObjectAlarm(stub(game.table.id));
    await sleep(300);
    expect(await push.deliveries(subscription.endpoint)).toHaveLength(1);
    expect((await pushRows(game.table.id)).outbox).toEqual([
      { endpoint: subscription.endpoint, key: "turn:1:1", kind: "turn", due: null, attempts: 1 },
    ]);
    closeAll(game.clients);
  });

  it("not while the player is connected: the notice waits, unsent, while the turn is theirs", async () => {
    const { game, mover, waiter, subscription } = await waitingGame(false);
    await moveOnce(game, mover);
    await sleep(AFTER_GRACE_MS);
    expect(await push.deliveries(subscription.endpoint)).toEqual([]);
    const [held] = (await pushRows(game.table.id)).outbox;
    expect(held).toMatchObject({ key: "turn:1:1", kind: "turn", attempts: 0 });
    expect(held?.due).toEqual(expect.any(Number));
    // The player plays the turn: the notice is settled with the move, and never sent.
    await moveOnce(game, waiter);
    expect((await pushRows(game.table.id)).outbox).toEqual([
      { endpoint: subscription.endpoint, key: "turn:1:1", kind: "turn", due: null, attempts: 0 },
    ]);
    await sleep(AFTER_GRACE_MS);
    expect(await push.deliveries(subscription.endpoint)).toEqual([]);
    closeAll(game.clients);
  });

  it("a player connected when the turn passed, who goes before playing it, is told a grace after going", async () => {
    const { game, mover, waiter, subscription } = await waitingGame(false);
    await moveOnce(game, mover);
    await sleep(AFTER_GRACE_MS);
    expect(await push.deliveries(subscription.endpoint)).toEqual([]);
    game.players[waiter].client.close();
    const goneAt = Date.now();
    const [delivery] = await push.deliveries(subscription.endpoint, { count: 1, timeoutMs: 10_000 });
    expect(delivery?.payload).toMatchObject({ kind: "turn", seat: waiter, table: game.table.id });
    // The notice is looked at again a grace (1 s) after it was due: it comes within two graces and a margin.
    expect((delivery?.at ?? 0) - goneAt).toBeLessThan(AFTER_GRACE_MS + 1_000);
    await sleep(AFTER_GRACE_MS);
    expect(await push.deliveries(subscription.endpoint)).toHaveLength(1);
    closeAll(game.clients);
  });

  it("not if the player comes back within the grace", async () => {
    const { game, mover, waiter, subscription } = await waitingGame();
    await moveOnce(game, mover);
    const { client } = await hello(game.table.id, "back", { token: game.players[waiter].token });
    await sleep(AFTER_GRACE_MS);
    expect(await push.deliveries(subscription.endpoint)).toEqual([]);
    closeAll([...game.clients, client]);
  });

  it("not after the player opts out", async () => {
    const { game, mover, waiter, subscription } = await waitingGame(false);
    const answer = await ask(game.players[waiter].client, { type: "pushUnsubscribe", endpoint: subscription.endpoint });
    expect(outcome(answer)).toBe("ok");
    expect((await pushRows(game.table.id)).subscriptions).toEqual([]);
    game.players[waiter].client.close();
    await untilAway(game, waiter);
    await moveOnce(game, mover);
    await sleep(AFTER_GRACE_MS);
    expect(await push.deliveries(subscription.endpoint)).toEqual([]);
    closeAll(game.clients);
  });

  it("a push service that is slow holds up no move: the next move is acknowledged while the push is still out", async () => {
    const { game, mover, waiter, subscription } = await waitingGame();
    await push.hold(subscription.endpoint, 4_000);
    await moveOnce(game, mover);
    await sleep(1_500); // the grace is over: the alarm has sent the push, which the service holds
    const { client } = await hello(game.table.id, "back", { token: game.players[waiter].token });
    await moveOnce({ ...game, players: game.players.map((p) => (p.seat === waiter ? { ...p, client } : p)) }, waiter);
    expect(await push.deliveries(subscription.endpoint)).toEqual([]);
    // The held push is delivered in the end (the turn it announced is over, but it was out already).
    expect(await push.deliveries(subscription.endpoint, { count: 1, timeoutMs: 8_000 })).toHaveLength(1);
    closeAll([...game.clients, client]);
  });
});

describe("the game's end and a rematch offered are notified to the players away", { timeout: 20_000 }, () => {
  it("the winner, away, hears that the game ended with place 1, then that a rematch is offered, by whom", async () => {
    const { game, mover, waiter, subscription } = await waitingGame();
    const leaver = game.players[mover].client;
    expect(outcome(await ask(leaver, { type: "leave" }))).toBe("ok");
    const [ended] = await push.deliveries(subscription.endpoint, { count: 1, timeoutMs: 10_000 });
    expect(ended?.payload).toMatchObject({ kind: "ended", place: 1, table: game.table.id });
    // The leaver's seat is free, and the push names them all the same, as the snapshot's game does.
    const snapshot = await getSnapshot(game.table.id);
    expect(snapshot.seats[mover]?.name).toBeNull();
    expect(snapshot.game?.players).toEqual(["Player 1", "Player 2"]);
    expect(ended?.payload).toMatchObject({ players: snapshot.game?.players });
    const joinId = rid("join");
    leaver.send({ type: "join", id: joinId, seat: mover, name: "Comeback" });
    await leaver.next("ack", (m) => m.id === joinId);
    expect(outcome(await ask(leaver, { type: "rematch" }))).toBe("ok");
    const both = await push.deliveries(subscription.endpoint, { count: 2, timeoutMs: 10_000 });
    expect(both[1]?.payload).toMatchObject({ kind: "rematch", by: "Comeback" });
    expect(waiter).toBe(1 - mover);
    closeAll(game.clients);
  });
});

describe("a subscription lasts as long as the seat and the push service keep it", { timeout: 20_000 }, () => {
  it("deleted when the push service answers 410 Gone", async () => {
    const { game, mover, subscription } = await waitingGame();
    await push.expire(subscription.endpoint);
    await moveOnce(game, mover);
    for (let i = 0; i < 100 && (await pushRows(game.table.id)).subscriptions.length > 0; i++) await sleep(50);
    expect(await pushRows(game.table.id)).toEqual({ subscriptions: [], outbox: [] });
    closeAll(game.clients);
  });

  it("a 500 is tried again later, and then delivered", async () => {
    const { game, mover, subscription } = await waitingGame();
    await push.failNext(subscription.endpoint, 500, 1);
    await moveOnce(game, mover);
    let rows = await pushRows(game.table.id);
    for (let i = 0; i < 100 && rows.outbox[0]?.attempts !== 1; i++) {
      await sleep(50);
      rows = await pushRows(game.table.id);
    }
    // Postponed by 30 s after the first attempt: brought forward here, as if that time had passed.
    expect(rows.outbox[0]).toMatchObject({ attempts: 1 });
    expect(rows.outbox[0]?.due).toBeGreaterThan(Date.now() + 20_000);
    await runInDurableObject(stub(game.table.id), (_instance, state) => {
      state.storage.sql.exec("UPDATE push_outbox SET due = ?", Date.now());
    });
    await evictDurableObject(stub(game.table.id), { webSockets: "hibernate" });
    await runDurableObjectAlarm(stub(game.table.id));
    expect(await push.deliveries(subscription.endpoint, { count: 1, timeoutMs: 5_000 })).toHaveLength(1);
    expect((await pushRows(game.table.id)).outbox[0]).toMatchObject({ attempts: 2, due: null });
    closeAll(game.clients);
  });

  it("deleted when the seat is freed", async () => {
    const game = await setUpTable({}, false);
    const subscription = await push.subscribe();
    expect(outcome(await subscribe(game.players[1].client, subscription))).toBe("ok");
    expect((await pushRows(game.table.id)).subscriptions).toEqual([
      { endpoint: subscription.endpoint, seat: 1, lang: "en" },
    ]);
    expect(outcome(await ask(game.players[1].client, { type: "leave" }))).toBe("ok");
    expect((await pushRows(game.table.id)).subscriptions).toEqual([]);
    closeAll(game.clients);
  });

  it("never sent to anyone: no frame to any socket, and no snapshot, names its endpoint or keys", async () => {
    const { game, mover, subscription } = await waitingGame();
    await moveOnce(game, mover);
    await push.deliveries(subscription.endpoint, { count: 1, timeoutMs: 10_000 });
    const snapshot = JSON.stringify(await getSnapshot(game.table.id));
    const frames = game.clients.flatMap((client) => client.raw).join("\n");
    for (const secret of [subscription.endpoint, subscription.keys.auth, subscription.keys.p256dh]) {
      expect(frames).not.toContain(secret);
      expect(snapshot).not.toContain(secret);
    }
    closeAll(game.clients);
  });
});

describe("only a seated player may subscribe, and only a browser push service's endpoint", () => {
  it("refusals, each with its code, that store nothing", async () => {
    const game = await setUpTable({}, false);
    const player = game.players[0].client;
    const valid = await push.subscribe();
    const at = (endpoint: string) => ({ ...valid, endpoint });
    const answers = {
      spectator: outcome(await subscribe(game.spectator, valid)),
      host: outcome(await subscribe(game.host, valid)),
      otherHost: outcome(await subscribe(player, at("https://push.example.com/x"))),
      plainHttp: outcome(await subscribe(player, at(valid.endpoint.replace("https:", "http:")))),
      lookalike: outcome(await subscribe(player, at("https://fcm.googleapis.com.example.com/x"))),
      otherPort: outcome(await subscribe(player, at("https://fcm.googleapis.com:8443/fcm/send/x"))),
      credentials: outcome(await subscribe(player, at("https://user:pw@fcm.googleapis.com/fcm/send/x"))),
      notAUrl: outcome(await subscribe(player, at("fcm.googleapis.com/x"))),
      notAPoint: outcome(await subscribe(player, { ...valid, keys: { ...valid.keys, p256dh: `BA${"A".repeat(85)}` } })),
      shortAuth: outcome(await subscribe(player, { ...valid, keys: { ...valid.keys, auth: "AAAA" } })),
      badLanguage: outcome(await subscribe(player, valid, "de")),
      unknownField: outcome(await ask(player, { type: "pushSubscribe", subscription: valid, lang: "en", x: 1 })),
    };
    expect(answers).toEqual({
      spectator: "not-seated",
      host: "not-seated",
      otherHost: "push-refused",
      plainHttp: "push-refused",
      lookalike: "push-refused",
      otherPort: "push-refused",
      credentials: "push-refused",
      notAUrl: "push-refused",
      notAPoint: "push-refused",
      shortAuth: "bad-message",
      badLanguage: "bad-message",
      unknownField: "bad-message",
    });
    expect(await pushRows(game.table.id)).toEqual({ subscriptions: [], outbox: [] });
    closeAll(game.clients);
  });

  it("a browser push service's endpoint is taken (Firebase, Mozilla, Apple, Windows)", async () => {
    const game = await setUpTable({}, false);
    const { keys } = await push.subscribe();
    const endpoints = [
      "https://fcm.googleapis.com/fcm/send/abc:APA91b",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://web.push.apple.com/QGxs",
      "https://wns2-db5p.notify.windows.com/w/?token=BQYAAA",
    ];
    for (const endpoint of endpoints) {
      expect(outcome(await subscribe(game.players[0].client, { endpoint, keys }))).toBe("ok");
    }
    expect((await pushRows(game.table.id)).subscriptions.map((row) => row.endpoint)).toEqual(endpoints);
    closeAll(game.clients);
  });

  it("a fifth subscription of a seat replaces its oldest", async () => {
    const game = await setUpTable({}, false);
    const endpoints: string[] = [];
    for (let i = 0; i < 5; i++) {
      const subscription = await push.subscribe();
      endpoints.push(subscription.endpoint);
      expect(outcome(await subscribe(game.players[0].client, subscription))).toBe("ok");
    }
    expect((await pushRows(game.table.id)).subscriptions.map((row) => row.endpoint)).toEqual(endpoints.slice(1));
    closeAll(game.clients);
  });
});

describe("the push allowlist and configuration", () => {
  it("loopback only when the test variable says so", () => {
    expect(allowedEndpoint("https://127.0.0.1:4443/push/x", true)).toBe(true);
    expect(allowedEndpoint("https://127.0.0.1:4443/push/x", false)).toBe(false);
    expect(allowedEndpoint("https://localhost/push/x", false)).toBe(false);
    expect(allowedEndpoint("https://10.0.0.1/push/x", true)).toBe(false);
    expect(allowedEndpoint("https://169.254.169.254/latest", true)).toBe(false);
  });

  it("no keys, no notifications: the key route answers 404 push-unavailable", async () => {
    expect(pushConfig({ ...env, VAPID_PUBLIC_KEY: undefined })).toBeNull();
    expect(pushConfig(env)).toMatchObject({ publicKey: env.VAPID_PUBLIC_KEY, allowLoopback: true });
    const response = await api("/api/push/key");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ publicKey: env.VAPID_PUBLIC_KEY });
  });
});
