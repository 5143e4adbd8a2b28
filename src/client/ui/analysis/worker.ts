/**
 * The analysis worker (built to /build/analysis.js, a classic script): it
 * replays a game sent by the table page through the engine and analyses it
 * with the computer players' analysis (src/bots/analysis.ts), off the page's
 * thread, posting its progress after every action and then the result. One
 * request at a time; the page ends the worker to cancel.
 *
 * The client's tsconfig has the DOM's types, not a worker's (the two cannot
 * be in one program): the little a dedicated worker needs is declared below.
 */
import { checked } from "../../../protocol/schema.ts";
import { answer } from "./answer.ts";
import { type AnalysisReply, AnalysisRequestSchema } from "./protocol.ts";

interface WorkerScope {
  postMessage(message: AnalysisReply): void;
  addEventListener(type: "message", listener: (event: MessageEvent<unknown>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;

scope.addEventListener("message", (event) => {
  const parsed = checked(AnalysisRequestSchema, event.data);
  if (!parsed.ok) {
    const id = typeof event.data === "object" && event.data && "id" in event.data ? Number(event.data.id) : 0;
    scope.postMessage({ type: "error", id: Number.isInteger(id) && id >= 0 ? id : 0, message: "bad request" });
    return;
  }
  answer(parsed.value, (reply) => scope.postMessage(reply));
});
