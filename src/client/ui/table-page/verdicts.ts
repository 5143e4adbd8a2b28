/**
 * How the game's analysis judges a move, as the move list marks it: in the
 * page's first code, where the analysis itself comes only after the game.
 */
import type { MoveReviewWire } from "../analysis/protocol.ts";
import type { MessageKey } from "../i18n/index.ts";

export type Verdict = MoveReviewWire["verdict"];

export const VERDICT_KEYS: Record<Exclude<Verdict, "good">, MessageKey> = {
  inaccuracy: "analysisInaccuracy",
  mistake: "analysisMistake",
  blunder: "analysisBlunder",
};

/** Lichess's glyphs: ?! an inaccuracy, ? a mistake, ?? a blunder. */
export const VERDICT_GLYPHS: Record<Exclude<Verdict, "good">, string> = {
  inaccuracy: "?!",
  mistake: "?",
  blunder: "??",
};
