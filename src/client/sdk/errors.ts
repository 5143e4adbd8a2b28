import type { ClientMessageType, ErrorCode } from "../../protocol/index.ts";

/** Codes the SDK itself produces, besides the server's error codes. */
export const CLIENT_ERROR_CODES = ["disconnected", "timeout", "closed", "bad-server-message"] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** A refused request or a failed call: `code` is stable and translatable. */
export class TableError extends Error {
  readonly code: ErrorCode | ClientErrorCode;
  /** The request that was refused, when the error answers one. */
  readonly request: ClientMessageType | undefined;
  /** For invalid settings: the field at fault. */
  readonly field: string | undefined;

  constructor(
    code: ErrorCode | ClientErrorCode,
    message: string,
    options: { request?: ClientMessageType; field?: string | undefined } = {},
  ) {
    super(message);
    this.name = "TableError";
    this.code = code;
    this.request = options.request;
    this.field = options.field;
  }
}
