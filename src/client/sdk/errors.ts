import type { ClientErrorCode, ErrorCode } from "../../protocol/index.ts";
import { TableError } from "../../table/errors.ts";

export { CLIENT_ERROR_CODES, type ClientErrorCode } from "../../protocol/errors.ts";

/**
 * What the SDK rejects and reports with: the table's error type, whose code
 * is the server's (a refusal) or the SDK's own (the connection failed).
 */
export type SdkError = TableError<ErrorCode | ClientErrorCode>;

export { TableError };
