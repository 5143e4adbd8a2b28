/**
 * npm run observe:game [-- ORIGIN]: plays one game against a running service
 * (default http://localhost:8787, `npm start`) for the operator's signals
 * (docs/operations.md): a table created, its host and two players connected,
 * the game started, a move out of turn, a chat message and a reaction; the
 * waiting player subscribes to notifications and closes the tab; a move; the
 * "your turn" push after the grace (NOTIFY_GRACE_SECONDS, 60 s under
 * `npm start`, to a push service that cannot be reached offline); then the
 * mover leaves, which ends the game. Prints the table's id and its short
 * hash: the service's log lines for it are those with that `table`
 * (`npm start` writes them to .wrangler/logs/). Sockets ping every 2 s, as
 * the SDK does, or the table would take them for gone.
 */
import { createECDH, randomBytes } from "node:crypto";
import { formatPath, Game, parseMove, type Settings } from "../src/rules/index.ts";
import { shortHash } from "../src/server/observability/signals.ts";

const origin = process.argv[2] ?? "http://localhost:8787";
const GRACE_AND_SEND_MS = Number(process.env.GRACE_SECONDS ?? 60) * 1000 + 15_000;

interface Socket {
  readonly ws: WebSocket;
  readonly messages: { type: string; id?: string; event?: { type: string } }[];
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await wait(20);
  if (!check()) throw new Error(`never: ${what}`);
}

const response = await fetch(`${origin}/api/tables`, {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: "{}",
});
const { id, hostToken } = (await response.json()) as { id: string; hostToken: string };

function open(): Promise<Socket> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${origin.replace(/^http/, "ws")}/api/tables/${id}/ws`);
    const messages: Socket["messages"] = [];
    ws.addEventListener("message", (e) => {
      if (String(e.data) !== "pong") messages.push(JSON.parse(String(e.data)));
    });
    ws.addEventListener("open", () => {
      const timer = setInterval(
        () => (ws.readyState === WebSocket.OPEN ? ws.send("ping") : clearInterval(timer)),
        2000,
      );
      resolve({ ws, messages });
    });
  });
}
const say = (socket: Socket, message: object) => socket.ws.send(JSON.stringify(message));
const answered = (socket: Socket, requestId: string) => () => socket.messages.some((m) => m.id === requestId);

const host = await open();
say(host, { type: "hello", hostToken });
const players = [await open(), await open()];
for (const [seat, player] of players.entries()) {
  say(player, { type: "hello" });
  say(player, { type: "join", id: `join-${seat}`, seat, name: ["Aino", "Bjørn"][seat] });
  await until(answered(player, `join-${seat}`), "a seat taken");
}
say(host, { type: "start", id: "start" });
await until(() => host.messages.some((m) => m.event?.type === "started"), "the start");

const snapshot = (await (await fetch(`${origin}/api/tables/${id}`)).json()) as {
  settings: Settings;
  game: { turn: { seat: number }; firstPlayer: number; moves: string[] };
};
const game = Game.replay(
  snapshot.settings,
  { firstPlayer: snapshot.game.firstPlayer },
  snapshot.game.moves.map(parseMove),
);
const move = formatPath((game.legalMoves()[0] as { path: Parameters<typeof formatPath>[0] }).path);
const mover = players[snapshot.game.turn.seat] as Socket;
const waiter = players[1 - snapshot.game.turn.seat] as Socket;

say(waiter, { type: "move", id: "out-of-turn", path: move });
say(players[0] as Socket, { type: "chat", id: "chat", text: "good luck" });
say(players[1] as Socket, { type: "react", id: "react", reaction: "clap" });
const key = createECDH("prime256v1");
key.generateKeys();
const subscription = {
  endpoint: "https://fcm.googleapis.com/fcm/send/observe-game",
  expirationTime: null,
  keys: { p256dh: key.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
};
say(waiter, { type: "pushSubscribe", id: "subscribe", subscription, lang: "en" });
await until(answered(waiter, "subscribe"), "the subscription");
waiter.ws.close(1000);
await wait(500);
say(mover, { type: "move", id: "move", path: move });
await until(answered(mover, "move"), "the move");
console.log(`table ${id} (${shortHash(id)}): waiting ${GRACE_AND_SEND_MS / 1000} s for the push`);
await wait(GRACE_AND_SEND_MS);
say(mover, { type: "leave", id: "leave" });
await until(answered(mover, "leave"), "the leave");
host.ws.close(1000);
mover.ws.close(1000);
await wait(1000);
console.log(`done: the log lines of table ${shortHash(id)}`);
process.exit(0);
