/**
 * What follows a commit. The table (table.ts) appends the new entries and
 * broadcasts them; everything else that an entry entails on this side of
 * the wire is an effect here, handed every commit: the rows that go with the
 * entries, the alarm, the sockets of seats that changed hands. Next: chat
 * delivery, a lobby listing.
 *
 * Adding an effect is one file in this folder and one line in `EFFECTS`.
 */

import { alarm } from "./alarm.ts";
import { checkpoints } from "./checkpoints.ts";
import type { Room, TableEffect } from "./effect.ts";
import { gameStarts } from "./game-starts.ts";
import { listing } from "./listing.ts";
import { notifications } from "./notifications.ts";
import { seatSockets } from "./seat-sockets.ts";
import { seatTokens } from "./seat-tokens.ts";
import { telemetry } from "./telemetry.ts";

export type { Commit, Room, TableEffect } from "./effect.ts";

/** The effects, in the order they run. Each gets the room once, when the object starts. */
export const EFFECTS: readonly ((room: Room) => TableEffect)[] = [
  seatTokens,
  gameStarts,
  checkpoints,
  // Before the alarm, which comes for the notices it notes.
  notifications,
  alarm,
  seatSockets,
  // After the sockets have followed their seats: the lobby hears of the table as everyone at it has.
  listing,
  telemetry,
];
