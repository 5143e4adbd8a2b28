/** What a table is, apart from how it is stored or transported: seats, commands, the event-log fold, the clock. */
export { type ChatStanding, chatAuthor, chatText, requireVoice } from "./chat.ts";
export {
  COMPUTER_DELAY_MS,
  type CommandOptions,
  type RequestType,
  STALL_GRACE_MS,
  STAND_IN_LEVEL,
  TableCommands,
  TIMEOUTS_BEFORE_AWAY,
} from "./commands.ts";
export { type Outcome, outcome, TableError, unwrap, withRules } from "./errors.ts";
export { type LoggedEvent, TableFold } from "./fold.ts";
export { type CheckedTableSettings, checkTableSettings, type TableHeader, tableHeader } from "./header.ts";
export { LISTING_EVENTS, listingOf } from "./listing.ts";
export { noticesOf, type OwedNotice, stillDue } from "./notices.ts";
export { type Checkpoint, type FoldState, SAVED_STATE_VERSION, type StoredAction } from "./saved.ts";
export type { Carry, Score, TableState } from "./state.ts";
export { resultView } from "./view.ts";
