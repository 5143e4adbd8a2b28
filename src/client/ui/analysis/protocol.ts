/**
 * What the table page and the analysis worker (`worker.ts`, built to
 * /build/analysis.js) say to each other, checked with valibot on both sides: the
 * page asks for a game's analysis (its settings, first player and history,
 * holes by index); the worker answers with its progress, then the analysis or
 * why it failed. Each answer names the request it is for, so that the page
 * drops the answers to a request it has given up.
 */
import * as v from "../../../protocol/schema.ts";
import { SettingsSchema } from "../../../protocol/settings.ts";
import { IntegerSchema, NumberSchema } from "../../../protocol/values.ts";
import type { Game } from "../../../rules/index.ts";

const Count = v.pipe(IntegerSchema, v.minValue(0));
const Hole = v.pipe(IntegerSchema, v.minValue(0), v.maxValue(120));
const Path = v.pipe(v.array(Hole), v.minLength(2), v.readonly());
const Point = v.picklist(["N", "NE", "SE", "S", "SW", "NW"]);

const ActionSchema = v.variant("kind", [
  v.object({ kind: v.literal("move"), player: Count, path: Path }),
  v.object({ kind: v.literal("pass"), player: Count }),
  v.object({ kind: v.literal("resign"), player: Count }),
]);

export const AnalysisRequestSchema = v.object({
  type: v.literal("analyse"),
  id: Count,
  settings: SettingsSchema,
  firstPlayer: v.nullable(Count),
  history: v.array(ActionSchema),
});
export type AnalysisRequest = v.InferOutput<typeof AnalysisRequestSchema>;

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

const Estimate = v.pipe(NumberSchema, v.minValue(0));

const MoveReviewSchema = v.object({
  ply: Count,
  player: Count,
  colour: Point,
  played: Path,
  before: Estimate,
  after: Estimate,
  bestAfter: Estimate,
  best: v.nullable(Path),
  tempoLost: Estimate,
  verdict: v.picklist(["good", "inaccuracy", "mistake", "blunder"]),
});
export type MoveReviewWire = v.InferOutput<typeof MoveReviewSchema>;

export const GameAnalysisSchema = v.object({
  estimates: v.pipe(v.array(v.pipe(v.array(v.nullable(Estimate)), v.readonly())), v.readonly()),
  moves: v.pipe(v.array(v.nullable(MoveReviewSchema)), v.readonly()),
});
export type GameAnalysisWire = v.InferOutput<typeof GameAnalysisSchema>;

export const AnalysisReplySchema = v.variant("type", [
  v.object({ type: v.literal("progress"), id: Count, done: Count, total: Count }),
  v.object({ type: v.literal("result"), id: Count, analysis: GameAnalysisSchema }),
  v.object({ type: v.literal("error"), id: Count, message: v.string() }),
]);
export type AnalysisReply = v.InferOutput<typeof AnalysisReplySchema>;
