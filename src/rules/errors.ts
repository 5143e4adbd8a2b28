/** Why the engine refused something. Stable codes: the server forwards them and clients translate them. */
export type RulesErrorCode =
  | "invalid-settings"
  | "bad-notation"
  | "illegal-move"
  | "not-your-turn"
  | "game-over"
  | "bad-record";

/** Thrown for any input the rules refuse; the game it was given to is left unchanged. */
export class RulesError extends Error {
  override readonly name = "RulesError";
  readonly code: RulesErrorCode;
  /** For invalid settings, the settings field at fault. */
  readonly field: string | undefined;

  constructor(code: RulesErrorCode, message: string, field?: string) {
    super(message);
    this.code = code;
    this.field = field;
  }
}
