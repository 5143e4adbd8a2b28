/**
 * A table nobody hosts, as an embedding site makes it: created to start when
 * full, its host token thrown away; two players sit, the game starts by
 * itself, they play MOVES moves in turn and the first leaves. Prints one JSON line.
 *   BASE_URL=http://127.0.0.1:8787 MOVES=6 node hostless.mjs
 */
import { createTable, formatPath, memoryTokens, TableClient } from "@chinese-checkers/client";
import { baseUrl, fetcher } from "./service.mjs";

const moves = Number(process.env.MOVES ?? 6);

const table = await createTable(baseUrl, { players: 2, startWhenFull: true }, fetcher);
const players = [0, 1].map(() => new TableClient({ baseUrl, tableId: table.id, tokens: memoryTokens() }));
await players[0].join(0, "Aino");
await players[1].join(1, "Bo");
// The sitter's own socket hears the start before its join's ack; the other player's socket may hear it a moment later.
const started = players[1].model?.status;

let played = 0;
while (played < moves) {
  // Whoever is to move, as that player's own table says.
  const mover = players.find(
    (player) => player.model?.status === "playing" && player.model.turn?.seat === player.you.seat,
  );
  if (!mover) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    continue;
  }
  const [move] = mover.model.game.legalMoves();
  await mover.move(formatPath(move.path));
  played += 1;
}
await players[0].leave();
// The leaver's ack can come before the other player's socket has the game's end: wait until it does.
for (let waited = 0; players[1].model?.status !== "over" && waited < 5000; waited += 20) {
  await new Promise((resolve) => setTimeout(resolve, 20));
}
console.log(
  JSON.stringify({ started, played, status: players[1].model?.status, winners: players[0].model?.result?.winners }),
);
for (const player of players) player.close();
