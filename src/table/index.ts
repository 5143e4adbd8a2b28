/** What a table is, apart from how it is stored or transported: seats, commands, the event-log fold, the clock. */
export {
  COMPUTER_DELAY_MS,
  type CommandOptions,
  STALL_GRACE_MS,
  STAND_IN_LEVEL,
  TableCommands,
  TIMEOUTS_BEFORE_AWAY,
} from "./commands.ts";
export { type Outcome, outcome, TableError, unwrap, withRules } from "./errors.ts";
export {
  type Carry,
  type Checkpoint,
  type FoldState,
  gameSettings,
  type LoggedEvent,
  resultView,
  type Score,
  type StoredAction,
  TableFold,
  type TableHeader,
  tableHeader,
} from "./fold.ts";
