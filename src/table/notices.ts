/**
 * Which players a commit owes a notification ("your turn", the game ended,
 * a rematch offered), and whether one still is due when the time comes to
 * send it. Whether it is sent also depends on who is connected then, which
 * is the server's to know (server/push/notifications.ts).
 */
import type { Notice, NoticeKind } from "../protocol/index.ts";
import type { LoggedEvent, TableFold } from "./fold.ts";

/** A notification owed to a seat; `key` names it, so that each is sent at most once. */
export interface OwedNotice {
  readonly seat: number;
  readonly kind: NoticeKind;
  readonly key: string;
  /** What the push says, but its language, which is the subscriber's. */
  readonly notice: Omit<Notice, "lang">;
}

type Facts = Omit<Notice, "lang" | "kind" | "seat">;

/** A seat a person plays: taken, and neither the computer's nor handed to it while its player is away. */
function person(table: TableFold, seat: number): boolean {
  return table.names[seat] !== null && table.computerLevel(seat) === null && !table.isAway(seat);
}

/** The key of the turn now being played: one notice per turn of each game. */
function turnKey(table: TableFold): string {
  return `turn:${table.gameNumber}:${table.moves.length}`;
}

/** The notifications the entries just folded into `table` owe, by seat. */
export function noticesOf(entries: readonly LoggedEvent[], table: TableFold): OwedNotice[] {
  const last = entries.at(-1);
  if (last === undefined) return [];
  // A turn and a game's end are news of the game: its players as the snapshot's game names them (`players`,
  // each seat's name when it started), so one who left keeps their name where `names` has freed the seat.
  // A rematch is news of the next game: the players seated for it now (null: a free seat).
  const facts = (players: readonly (string | null)[]): Facts => ({
    v: 1,
    url: `/t/${table.id}`,
    table: table.id,
    players: [...players],
    at: last.at,
  });
  const base = facts(table.players);
  const owed: OwedNotice[] = [];
  const turn = table.turn;
  const turnPassed = entries.some(({ event }) => event.type === "moved" || event.type === "started");
  if (table.status === "playing" && turn !== null && turnPassed && person(table, turn.seat)) {
    const moved = entries.findLast(({ event }) => event.type === "moved")?.event;
    const move =
      moved?.type === "moved" && moved.seat !== turn.seat
        ? { by: table.names[moved.seat] ?? "", path: moved.path }
        : undefined;
    owed.push({
      seat: turn.seat,
      kind: "turn",
      key: turnKey(table),
      notice: { ...base, kind: "turn", seat: turn.seat, ...(move ? { move } : {}), deadline: table.deadline },
    });
  }
  const ended = entries.some(({ event }) => event.type === "ended");
  const result = table.result;
  if (ended) {
    for (let seat = 0; seat < table.names.length; seat++) {
      if (!person(table, seat)) continue;
      const place = result?.standings.find((standing) => standing.seat === seat)?.place ?? null;
      owed.push({
        seat,
        kind: "ended",
        key: `ended:${table.gameNumber}`,
        notice: { ...base, kind: "ended", seat, place },
      });
    }
  }
  for (const { event } of entries) {
    if (event.type !== "rematchAccepted") continue;
    const by = table.names[event.seats[0] ?? -1];
    if (by === null || by === undefined) continue;
    for (let seat = 0; seat < table.names.length; seat++) {
      if (!person(table, seat) || table.acceptedRematch(seat)) continue;
      owed.push({
        seat,
        kind: "rematch",
        key: `rematch:${table.gameNumber}`,
        notice: { ...facts(table.names), kind: "rematch", seat, by },
      });
    }
  }
  return owed;
}

/**
 * Whether a notification owed earlier still says something true: the turn
 * is still that player's, the rematch still waits for them, the seat still
 * has a person in it. (A game's end stays true.)
 */
export function stillDue(table: TableFold, seat: number, kind: NoticeKind, key: string): boolean {
  if (!person(table, seat)) return false;
  switch (kind) {
    case "turn":
      return table.status === "playing" && table.turn?.seat === seat && turnKey(table) === key;
    case "rematch":
      return table.status === "over" && key === `rematch:${table.gameNumber}` && !table.acceptedRematch(seat);
    case "ended":
      return key === `ended:${table.gameNumber}`;
  }
}
