/**
 * Where signals go (signals.ts): a JSON line to Workers Logs and a point to
 * the Analytics Engine dataset. Neither waits nor throws: `writeDataPoint`
 * returns at once and the runtime sends the point after the response, and
 * a point that cannot be written is lost, never a request failed.
 */
import type { ErrorCode } from "../../protocol/index.ts";
import { dataPoint, logLine, type Signal } from "./signals.ts";

/** What every part that emits signals is handed (wrangler.toml `[[analytics_engine_datasets]]`). */
export interface TelemetryEnv {
  /** The service's figures; absent (a test, a deployment without it), only the log lines are written. */
  readonly METRICS?: AnalyticsEngineDataset;
}

export class Telemetry {
  private readonly dataset: AnalyticsEngineDataset | undefined;

  constructor(dataset: AnalyticsEngineDataset | undefined) {
    this.dataset = dataset;
  }

  emit(signal: Signal): void {
    const line = logLine(signal);
    if (signal.event === "internal-error") console.error(line);
    else console.log(line);
    try {
      this.dataset?.writeDataPoint(dataPoint(signal));
    } catch {
      // A figure lost is not a request failed.
    }
  }

  /** Something went wrong on our side at `where`; the client was told `code` (or nothing). */
  internalError(where: string, error: unknown, code: ErrorCode | "none", table?: string): void {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    this.emit({
      event: "internal-error",
      where,
      code,
      ...(table === undefined ? {} : { table }),
      error: text.slice(0, 200),
    });
  }
}

function internalError(where: string, error: unknown, code: ErrorCode | "none", table?: string): Signal {
  // The error's own words, cut short: our code's messages name no player, token or address.
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { event: "internal-error", where, code, ...(table === undefined ? {} : { table }), error: text.slice(0, 200) };
}

/**
 * An error in a part that has no figures to write (a timer, the rate
 * limiter's call, a report to the lobby): its log line alone.
 */
export function logInternalError(where: string, error: unknown): void {
  console.error(logLine(internalError(where, error, "none")));
}
