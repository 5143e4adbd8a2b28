/**
 * The server tests' setup: the operator's log lines (src/server/observability)
 * are not printed. The tests that check them read them from the console
 * (telemetry.test.ts spies on it); printed, they are thousands of lines, and
 * one written as a file's last sockets close, after its tests have ended,
 * fails the run (vitest rejects a console call during its teardown).
 * Internal errors, and anything else, are still printed.
 */
const print = console.log.bind(console);
console.log = (...args: unknown[]) => {
  if (args.length === 1 && typeof args[0] === "string" && args[0].startsWith('{"event":')) return;
  print(...args);
};
