/** What a table is, apart from how it is stored or transported: seats, commands, the event-log fold, the clock. */
export { type CommandOptions, TableCommands } from "./commands.ts";
export { type Outcome, outcome, TableError, unwrap, withRules } from "./errors.ts";
export {
  type Checkpoint,
  gameSettings,
  type LoggedEvent,
  resultView,
  TableFold,
  type TableHeader,
  tableHeader,
} from "./fold.ts";
