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
import { analyseGame } from "../../../bots/index.ts";
import { Game, type Notated } from "../../../rules/index.ts";
import { type AnalysisReply, type AnalysisRequest, AnalysisRequestSchema } from "./protocol.ts";

interface WorkerScope {
  postMessage(message: AnalysisReply): void;
  addEventListener(type: "message", listener: (event: MessageEvent<unknown>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;

/** The analysis of the game a request describes, with its progress posted on the way. */
export function answer(request: AnalysisRequest, post: (reply: AnalysisReply) => void): void {
  const { id, settings, firstPlayer, history } = request;
  try {
    const actions: Notated[] = history.map((action) =>
      action.kind === "move"
        ? { kind: "path", path: action.path }
        : action.kind === "pass"
          ? { kind: "pass" }
          : { kind: "resign", player: action.player },
    );
    const game = Game.replay(settings, { firstPlayer: firstPlayer ?? undefined }, actions);
    const analysis = analyseGame(game, { onProgress: (done, total) => post({ type: "progress", id, done, total }) });
    post({ type: "result", id, analysis });
  } catch (error) {
    post({ type: "error", id, message: error instanceof Error ? error.message : String(error) });
  }
}

scope.addEventListener("message", (event) => {
  const parsed = AnalysisRequestSchema.safeParse(event.data);
  if (!parsed.success) {
    const id = typeof event.data === "object" && event.data && "id" in event.data ? Number(event.data.id) : 0;
    scope.postMessage({ type: "error", id: Number.isInteger(id) && id >= 0 ? id : 0, message: "bad request" });
    return;
  }
  answer(parsed.data, (reply) => scope.postMessage(reply));
});
