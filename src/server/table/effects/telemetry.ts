/**
 * The operator's figures of a table's life (observability/signals.ts): a
 * table created, a game started, a game ended (its reason, moves and
 * duration). The moves themselves cost nothing here: they are counted at
 * the game's end.
 */
import type { TableCommands } from "../../../table/index.ts";
import { shortHash } from "../../observability/signals.ts";
import type { Room, TableEffect } from "./effect.ts";

function gameFacts(table: TableCommands) {
  return {
    table: shortHash(table.id),
    variant: table.settings.variant,
    players: table.settings.players,
    computers: table.playerComputers.filter((level) => level !== null).length,
  };
}

export function telemetry({ telemetry, store }: Room): TableEffect {
  return {
    after({ entries, table }) {
      for (const { event, at } of entries) {
        if (event.type === "created") {
          // A quick-play table is made whole in one commit, its players seated with it.
          const kind = entries.some((entry) => entry.event.type === "seated") ? "quick" : "link";
          telemetry.emit({ event: "table-created", kind, ...gameFacts(table) });
        } else if (event.type === "started") {
          telemetry.emit({ event: "game-started", ...gameFacts(table) });
        } else if (event.type === "ended") {
          const start = store.currentGameStart();
          const startedAt = start === undefined ? at : (store.eventsAfter(start - 1, 1)[0]?.at ?? at);
          telemetry.emit({
            event: "game-ended",
            ...gameFacts(table),
            reason: event.result.reason,
            moves: table.game?.history.length ?? 0,
            ms: at - startedAt,
          });
        }
      }
    },
  };
}
