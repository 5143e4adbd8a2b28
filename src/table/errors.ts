/**
 * The one error type for every refusal: the table's checks, the engine's
 * (converted at the table's edge), the worker's HTTP answers and the SDK's
 * own failures all carry a stable code that clients translate.
 */
import type { ClientMessageType, ErrorBody, ErrorCode } from "../protocol/index.ts";
import { RulesError } from "../rules/index.ts";

export class TableError<Code extends string = ErrorCode> extends Error {
  override readonly name = "TableError";
  readonly code: Code;
  /** For invalid settings: the field at fault. */
  readonly field: string | undefined;
  /** The request that was refused, when the error answers one. */
  readonly request: ClientMessageType | undefined;

  constructor(code: Code, message: string, options: { field?: string; request?: ClientMessageType } = {}) {
    super(message);
    this.code = code;
    this.field = options.field;
    this.request = options.request;
  }

  /** The error as the wire carries it (HTTP bodies, RPC answers). */
  body(this: TableError): ErrorBody {
    return this.field === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, field: this.field };
  }

  static fromBody(body: ErrorBody): TableError {
    return new TableError(body.code, body.message, body.field === undefined ? {} : { field: body.field });
  }
}

/**
 * Runs `attempt`, turning the engine's refusals into the table's: the engine
 * knows nothing of the wire, and its codes are wire codes by design.
 */
export function withRules<T>(attempt: () => T): T {
  try {
    return attempt();
  } catch (error) {
    if (error instanceof RulesError) {
      throw new TableError(error.code, error.message, error.field === undefined ? {} : { field: error.field });
    }
    throw error;
  }
}

/** The outcome of a call across the Durable Object's RPC boundary, where thrown errors lose their type. */
export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ErrorBody };

/** Runs `attempt` and returns its value, or the refusal it threw, as an `Outcome`. */
export async function outcome<T>(attempt: () => T | Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await attempt() };
  } catch (error) {
    if (error instanceof TableError) return { ok: false, error: error.body() };
    throw error;
  }
}

/** The value of an outcome, or its refusal thrown as a `TableError`. */
export function unwrap<T>(result: Outcome<T>): T {
  if (result.ok) return result.value;
  throw TableError.fromBody(result.error);
}
