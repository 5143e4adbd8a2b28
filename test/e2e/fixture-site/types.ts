/**
 * A site's TypeScript against the package's published declarations: what a
 * web developer writes, and what the types must refuse.
 */
import {
  type ChatModel,
  createTable,
  formatPath,
  type Snapshot,
  TableClient,
  TableError,
  type TableEvent,
  type TableModel,
} from "@chinese-checkers/client";
import { type ChineseCheckersTable, defineTableElement } from "@chinese-checkers/client/element";
import { EmbeddedTable, embedAddress } from "@chinese-checkers/client/embed";

export async function play(baseUrl: string): Promise<number> {
  const table = await createTable(baseUrl, { variant: "capture", players: 2, clock: { kind: "move", seconds: 60 } });
  const client = new TableClient({ baseUrl, tableId: table.id });
  client.setHostToken(table.hostToken);
  client.on("event", ({ event }: { event: TableEvent }) => {
    if (event.type === "moved") console.log(event.path, event.by ?? "player");
  });
  const seat: number = await client.join(0, "Aino");
  const model: TableModel | null = client.model;
  const [move] = model?.game?.legalMoves() ?? [];
  try {
    if (move) await client.move(formatPath(move.path));
  } catch (error) {
    if (error instanceof TableError) console.warn(error.code);
  }
  client.on("chat", ({ chat }: { chat: ChatModel }) => {
    for (const message of chat.visible) console.log(message.by.name, message.text);
  });
  client.on("reaction", ({ seat, reaction }) => console.log(seat ?? "a spectator", reaction));
  await client.say("good luck!");
  await client.react("wave");
  const first = client.chat.messages[0];
  if (first && !client.chat.isOwn(first)) client.chat.mute(first.author);
  return seat;
}

export function status(snapshot: Snapshot): "waiting" | "playing" | "over" {
  return snapshot.status;
}

export async function misuse(baseUrl: string): Promise<void> {
  // @ts-expect-error there is no such variant
  await createTable(baseUrl, { variant: "checkers" });
  const client = new TableClient({ baseUrl, tableId: "x" });
  // @ts-expect-error a seat is a number
  await client.join("first", "Aino");
  // @ts-expect-error a computer's level is easy, normal or strong
  await client.addComputer(1, "grandmaster");
  // @ts-expect-error the reactions are six, by name
  await client.react("heart");
  // @ts-expect-error who may chat: everyone, players or nobody
  await client.setChatPolicy("friends");
}

export function watch(frame: HTMLIFrameElement): EmbeddedTable {
  const table = new EmbeddedTable(frame, { origin: "https://checkers.example", autoHeight: true });
  table.on("event", ({ seq, event }) => {
    if (event.type === "moved") console.log(seq, event.path);
  });
  table.on("connection", ({ state }) => console.log(state === "reconnecting" ? "…" : state));
  table.setLanguage("fi");
  new EmbeddedTable(frame, { origin: "https://checkers.example", table: "N4oaAfw5PTY7Nk9FxQ2w_rLb", chat: true });
  console.log(embedAddress("https://checkers.example", "N4oaAfw5PTY7Nk9FxQ2w_rLb", { chat: true, language: "sv" }));
  // @ts-expect-error the table speaks en, fi, sv and nb
  table.setLanguage("de");
  // @ts-expect-error there is no such message
  table.on("chat", () => {});
  return table;
}

export function show(element: HTMLElementTagNameMap["chinese-checkers-table"], table: string): void {
  element.table = table;
  element.addEventListener("cc-move", ({ detail }) => console.log(detail.seq, detail.seat, detail.path));
  element.addEventListener("cc-turn", ({ detail }) => console.log(detail.yours ? "your turn" : detail.seat));
  element.addEventListener("cc-end", ({ detail }) => console.log(detail.result.winners));
  element.addEventListener("cc-connection", ({ detail }) => console.log(detail.state));
  // @ts-expect-error a move says its path, not its destination
  element.addEventListener("cc-move", ({ detail }) => console.log(detail.to));
  defineTableElement({ name: "my-checkers", origin: "https://checkers.example" });
  const another: ChineseCheckersTable = document.createElement("chinese-checkers-table");
  another.height = "640px";
  another.chat = true;
}
