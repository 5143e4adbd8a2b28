/**
 * What a request asks of the table's commands: the events it makes, or a
 * TableError. The requests a table object answers itself (hello, sync, join,
 * chat, notifications, hand-over) are not here; table.ts routes them.
 */
import type { ClientMessage, Identity } from "../../protocol/index.ts";
import type { LoggedEvent, TableCommands } from "../../table/index.ts";
import type { Presence } from "../presence/presence.ts";

/** A request that the commands answer with events. */
export type CommandRequest = Extract<
  ClientMessage,
  {
    type:
      | "move"
      | "leave"
      | "remove"
      | "start"
      | "rematch"
      | "swap"
      | "firstPlayer"
      | "addComputer"
      | "listing"
      | "back"
      | "remedy";
  }
>;

/** The events `message` makes, at `now`; who is connected comes from `presence`. */
export function eventsOf(
  table: TableCommands,
  who: Identity,
  message: CommandRequest,
  presence: Pick<Presence, "connectedSeats" | "absentSince">,
  now: number,
): readonly LoggedEvent[] {
  switch (message.type) {
    case "move":
      return table.move(who, message.path, now);
    case "leave":
      return table.leave(who, now);
    case "remove":
      return table.remove(who, message.seat, now);
    case "start":
      return table.start(who, now);
    case "rematch":
      return table.rematch(who, presence.connectedSeats(), now);
    case "swap":
      return table.swap(who, message.seat, now);
    case "firstPlayer":
      return table.chooseFirstPlayer(who, message.seat, now);
    case "addComputer":
      return table.addComputer(who, message.seat, message.level, now);
    case "listing":
      return table.list(who, message.listed ? message.lang : null, now);
    case "back":
      return table.back(who, now);
    case "remedy": {
      const disconnectedAt = presence.absentSince(message.seat, table.lastEventAt);
      return table.remedy(who, message.seat, message.remedy, disconnectedAt, now);
    }
  }
}
