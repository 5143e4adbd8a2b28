/**
 * What the table page and the analysis worker (`worker.ts`, built to
 * /build/analysis.js) say to each other, checked with zod on both sides: the
 * page asks for a game's analysis (its settings, first player and history,
 * holes by index); the worker answers with its progress, then the analysis or
 * why it failed. Each answer names the request it is for, so that the page
 * drops the answers to a request it has given up.
 */
import { SettingsSchema } from "../../../protocol/settings.ts";
import * as z from "../../../protocol/zod.ts";
import type { Game } from "../../../rules/index.ts";

const Count = z.int().check(z.minimum(0));
const Hole = z.int().check(z.minimum(0), z.maximum(120));
const Path = z.readonly(z.array(Hole).check(z.minLength(2)));
const Point = z.enum(["N", "NE", "SE", "S", "SW", "NW"]);

const ActionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("move"), player: Count, path: Path }),
  z.object({ kind: z.literal("pass"), player: Count }),
  z.object({ kind: z.literal("resign"), player: Count }),
]);

export const AnalysisRequestSchema = z.object({
  type: z.literal("analyse"),
  id: Count,
  settings: SettingsSchema,
  firstPlayer: z.nullable(Count),
  history: z.array(ActionSchema),
});
export type AnalysisRequest = z.infer<typeof AnalysisRequestSchema>;

/** What the table page asks the worker for `game`: its settings, first player and history, holes by index. */
export function analysisRequest(game: Game, id: number): AnalysisRequest {
  return {
    type: "analyse",
    id,
    settings: game.settings,
    firstPlayer: game.firstPlayer ?? null,
    history: game.history.map((action) =>
      action.kind === "move"
        ? { kind: "move", player: action.player, path: [...action.move.path] }
        : { kind: action.kind, player: action.player },
    ),
  };
}

const Estimate = z.number().check(z.minimum(0));

const MoveReviewSchema = z.object({
  ply: Count,
  player: Count,
  colour: Point,
  played: Path,
  before: Estimate,
  after: Estimate,
  bestAfter: Estimate,
  best: z.nullable(Path),
  tempoLost: Estimate,
  verdict: z.enum(["good", "inaccuracy", "mistake", "blunder"]),
});
export type MoveReviewWire = z.infer<typeof MoveReviewSchema>;

export const GameAnalysisSchema = z.object({
  estimates: z.readonly(z.array(z.readonly(z.array(z.nullable(Estimate))))),
  moves: z.readonly(z.array(z.nullable(MoveReviewSchema))),
});
export type GameAnalysisWire = z.infer<typeof GameAnalysisSchema>;

export const AnalysisReplySchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("progress"), id: Count, done: Count, total: Count }),
  z.object({ type: z.literal("result"), id: Count, analysis: GameAnalysisSchema }),
  z.object({ type: z.literal("error"), id: Count, message: z.string() }),
]);
export type AnalysisReply = z.infer<typeof AnalysisReplySchema>;
