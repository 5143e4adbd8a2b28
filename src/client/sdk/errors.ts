import type { ErrorCode } from "../../protocol/index.ts";
import { TableError } from "../../table/index.ts";

/** Codes the SDK itself produces, besides the server's error codes. */
export const CLIENT_ERROR_CODES = ["disconnected", "timeout", "closed", "bad-server-message"] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/**
 * What the SDK rejects and reports with: the table's error type, whose code
 * is the server's (a refusal) or the SDK's own (the connection failed).
 */
export type SdkError = TableError<ErrorCode | ClientErrorCode>;

export { TableError };
