/**
 * Who may say what in a table's chat, apart from how it is stored or
 * delivered (src/server/chat/chat.ts does both). Chat is not the game: nothing
 * here reads or changes the event log, only the seats' names, and the
 * policy and silences the host chose, which the chat keeps beside it.
 */
import { type ChatAuthor, type ChatPolicy, ChatTextSchema, checked, type Identity } from "../protocol/index.ts";
import { TableError } from "./errors.ts";
import { checkedName, requireNameFree } from "./names.ts";

/** What the chat's rules need to know of the writer beyond who they are: the table's policy, and whether the host silenced them. */
export interface ChatStanding {
  readonly policy: ChatPolicy;
  /** The writer's address was silenced by the host: it counts for a spectator only. */
  readonly silenced: boolean;
}

/** Whether someone is a player here: in a seat, or the table's host (who may play or not). */
function isPlayer(who: Identity): boolean {
  return who.seat !== null || who.host;
}

/**
 * Whether `who` may chat and react under `standing`; throws `chat-closed`
 * or `silenced` when not. The host's policy comes first: a silenced
 * spectator at a table where only players chat is told the table's rule,
 * which is the same for every spectator.
 */
export function requireVoice(who: Identity, standing: ChatStanding): void {
  if (standing.policy === "nobody") throw new TableError("chat-closed", "the host has closed this table's chat");
  if (isPlayer(who)) return;
  if (standing.policy === "players") throw new TableError("chat-closed", "only the players may chat at this table");
  if (standing.silenced) throw new TableError("silenced", "the host has silenced you at this table");
}

/** A chat message's text, normalised, or `bad-chat` saying what is wrong with it. */
export function chatText(text: string): string {
  const result = checked(ChatTextSchema, text);
  if (!result.ok) throw new TableError("bad-chat", result.message);
  return result.value;
}

/**
 * Who a message is from: a seat's player under the seat's name (`names`, by
 * seat), or a spectator under `spectatorName`, which must be a valid name
 * (`bad-name`) and not one of a seated player (`name-taken`), so that a
 * spectator cannot write as a player.
 */
export function chatAuthor(
  who: Identity,
  names: readonly (string | null)[],
  spectatorName: string | undefined,
): ChatAuthor {
  const seatName = who.seat === null ? null : names[who.seat];
  if (who.seat !== null && seatName) return { kind: "seat", seat: who.seat, name: seatName, host: who.host };
  const name = checkedName(spectatorName ?? "");
  requireNameFree(name, names);
  return { kind: "spectator", name, host: who.host };
}
