/**
 * What the analysis worker answers a request with: the game replayed through
 * the engine and analysed (src/bots/analysis.ts), its progress posted after
 * every action, then the result, or why it failed. Apart from the worker's
 * wiring (`worker.ts`), so that Node's tests run it.
 */
import { analyseGame } from "../../../bots/index.ts";
import { Game, type Notated } from "../../../rules/index.ts";
import type { AnalysisReply, AnalysisRequest } from "./protocol.ts";

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
