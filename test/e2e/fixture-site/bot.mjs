/**
 * Bring your own bot: plays a two-player race against the table's own
 * computer player, with nothing but the installed package.
 *   BASE_URL=http://127.0.0.1:8787 node bot.mjs
 * Plays MOVES moves (or the whole game when 0), then leaves if the game goes on; prints one JSON line.
 */
import { createTable, formatPath, memoryTokens, TableClient } from "@chinese-checkers/client";
import { raceMove } from "./race.mjs";
import { baseUrl, fetcher } from "./service.mjs";

const maxMoves = Number(process.env.MOVES ?? 0);

const table = await createTable(baseUrl, { variant: "classic", players: 2 }, fetcher);
const client = new TableClient({ baseUrl, tableId: table.id, tokens: memoryTokens() });
client.setHostToken(table.hostToken);
const seat = await client.join(0, "Bot");
await client.addComputer(1, "easy");
await client.start();

let played = 0;
let last = [];
const over = new Promise((resolve) => {
  client.on("event", ({ event }) => {
    if (event.type === "ended") resolve(event.result);
  });
});
const myTurn = () => client.model?.status === "playing" && client.model.turn?.seat === seat;
while (client.model?.status !== "over" && (maxMoves === 0 || played < maxMoves)) {
  if (!myTurn()) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    continue;
  }
  // The engine in the package knows the legal moves; the bot's own judgement (race.mjs) picks one.
  const move = raceMove(client.model.game, last);
  await client.move(formatPath(move.path));
  last = move.path;
  played += 1;
}
if (client.model.status === "playing") await client.leave();
const result = await over;
console.log(
  JSON.stringify({
    table: table.id,
    seat,
    played,
    status: client.model.status,
    reason: result.reason,
    winners: result.winners,
  }),
);
client.close();
