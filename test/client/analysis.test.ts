/**
 * The page's side of the game analysis, under Node: what the worker answers
 * for a real game (strong against greedy) passes the page's schema and is
 * the analysis itself, with its progress on the way; a request for a capture
 * game or an illegal move is answered with an error; and the race chart's
 * geometry puts each player's line, the scale and the clicks where they
 * belong, at a phone's width and a column's.
 */
import { describe, expect, it } from "vitest";
import { analyseGame } from "../../src/bots/index.ts";
import { answer } from "../../src/client/ui/analysis/answer.ts";
import {
  CHART_HEIGHT,
  CHART_WIDTH,
  chartGeometry,
  chartSize,
  MARKED,
  placeMarks,
} from "../../src/client/ui/analysis/chart.ts";
import {
  type AnalysisReply,
  AnalysisReplySchema,
  type AnalysisRequest,
  AnalysisRequestSchema,
  analysisRequest,
} from "../../src/client/ui/analysis/protocol.ts";
import * as v from "../../src/protocol/schema.ts";
import { Game } from "../../src/rules/index.ts";
import { referenceGame } from "../analysis-game.ts";

/** The table page's request for `game`, as the worker's schema reads it. */
function requestFor(game: Game, id = 7): AnalysisRequest {
  return v.parse(AnalysisRequestSchema, analysisRequest(game, id));
}

function answers(request: AnalysisRequest): AnalysisReply[] {
  const replies: AnalysisReply[] = [];
  answer(request, (reply) => replies.push(v.parse(AnalysisReplySchema, structuredClone(reply))));
  return replies;
}

describe("the worker's answer", () => {
  const game = referenceGame(30);

  it("is the progress after every action, then the analysis Node makes of the game", () => {
    const replies = answers(requestFor(game));
    expect(replies.slice(0, -1)).toEqual(
      game.history.map((_, i) => ({ type: "progress", id: 7, done: i + 1, total: game.history.length })),
    );
    expect(replies.at(-1)).toEqual({ type: "result", id: 7, analysis: analyseGame(game) });
  });

  it("is an error for a capture game, and for a move the engine refuses", () => {
    const capture = Game.create({ variant: "capture" });
    expect(answers(requestFor(capture, 3))).toEqual([{ type: "error", id: 3, message: expect.stringMatching(/race/) }]);
    const request = requestFor(game, 4);
    const bad = { ...request, history: [{ kind: "move" as const, player: 0, path: [0, 120] }] };
    expect(answers(bad)).toEqual([{ type: "error", id: 4, message: expect.any(String) }]);
  });

  it("the page refuses a reply that is not an analysis", () => {
    expect(
      v.safeParse(AnalysisReplySchema, { type: "result", id: 1, analysis: { estimates: [[-1]], moves: [] } }).success,
    ).toBe(false);
    expect(v.safeParse(AnalysisRequestSchema, { type: "analyse", id: 1 }).success).toBe(false);
  });
});

describe("the race chart's geometry", () => {
  const analysis = analyseGame(referenceGame(60));

  it("draws a line per player through every position, the start at the left and the last at the right", () => {
    const geometry = chartGeometry(analysis.estimates);
    expect(geometry.plies).toBe(60);
    expect(geometry.lines).toHaveLength(2);
    for (const [player, runs] of geometry.lines.entries()) {
      expect(runs).toHaveLength(1);
      const run = runs[0] ?? [];
      expect(run).toHaveLength(61);
      expect(run[0]).toEqual([geometry.x(0), geometry.y(analysis.estimates[0]?.[player] ?? 0)]);
      expect(run.at(-1)?.[0]).toBe(geometry.right);
    }
    // The scale: from 0 to a multiple of 5 above the highest estimate (37.2 at the start).
    expect(geometry.top).toBe(40);
    expect(geometry.yTicks.map((tick) => tick.value)).toEqual([0, 10, 20, 30, 40]);
    expect(geometry.xTicks.map((tick) => tick.value)).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(geometry.y(0)).toBeGreaterThan(geometry.y(40));
  });

  it("a click falls to the nearest position; a player who left ends their line", () => {
    const geometry = chartGeometry(analysis.estimates);
    expect(geometry.plyAt(geometry.x(17) + 1)).toBe(17);
    expect(geometry.plyAt(-50)).toBe(0);
    expect(geometry.plyAt(CHART_WIDTH * 2)).toBe(60);
    const left = chartGeometry([
      [30, 30],
      [29, 30],
      [29, null],
    ]);
    expect(left.lines[1]).toHaveLength(1);
    expect(left.lines[1]?.[0]).toHaveLength(2);
  });

  it("is as wide as its panel, within bounds, and names fewer plies when narrow", () => {
    expect(chartSize(390)).toEqual({ width: 390, height: 215 });
    expect(chartSize(100)).toEqual({ width: 240, height: 160 });
    expect(chartSize(2000)).toEqual({ width: 640, height: 260 });
    expect(chartSize(0)).toEqual({ width: CHART_WIDTH, height: CHART_HEIGHT + 10 });
    const narrow = chartGeometry(analysis.estimates, chartSize(240));
    expect(narrow.xTicks.map((tick) => tick.value)).toEqual([0, 20, 40, 60]);
  });
});

describe("the race chart's marks: the costliest of the moves that lost a move or more, none touching another", () => {
  // The greedy player's game against strong, on a phone's narrow chart, where its mistakes crowd.
  const analysis = analyseGame(referenceGame(60));
  const geometry = chartGeometry(analysis.estimates, chartSize(240));
  const marked = analysis.moves.filter(
    (review): review is NonNullable<typeof review> => review !== null && MARKED.has(review.verdict),
  );
  const placed = placeMarks(analysis, geometry);
  const touching = (a: (typeof placed)[number], b: (typeof placed)[number]) =>
    Math.hypot(a.x - b.x, a.y - b.y) < a.radius + b.radius + 1;

  it("draws each mark on its player's line at its move, in the order of the game", () => {
    expect(placed.length).toBeGreaterThan(0);
    for (const { review, x, y, radius } of placed) {
      expect(x).toBe(geometry.x(review.ply));
      expect(y).toBe(geometry.y(analysis.estimates[review.ply]?.[review.player] ?? -1));
      expect(radius).toBe(review.verdict === "blunder" ? 6 : 4.5);
    }
    expect(placed.map((mark) => mark.review.ply)).toEqual(
      [...placed.map((mark) => mark.review.ply)].sort((a, b) => a - b),
    );
  });

  it("leaves off a mark only where a costlier one stands too close, and lets no two touch", () => {
    // The game has 4 moves to mark: on the widest chart all show; at a phone's narrowest, two crowd, one is left off.
    expect(marked).toHaveLength(4);
    expect(placeMarks(analysis, chartGeometry(analysis.estimates, chartSize(640)))).toHaveLength(4);
    expect(placed).toHaveLength(3);
    for (const [i, a] of placed.entries()) for (const b of placed.slice(i + 1)) expect(touching(a, b)).toBe(false);
    const costliest = Math.max(...marked.map((review) => review.tempoLost));
    expect(placed.some((mark) => mark.review.tempoLost === costliest)).toBe(true);
    for (const review of marked.filter((review) => !placed.some((mark) => mark.review === review))) {
      const where = {
        review,
        x: geometry.x(review.ply),
        y: geometry.y(analysis.estimates[review.ply]?.[review.player] ?? 0),
        radius: review.verdict === "blunder" ? 6 : 4.5,
      };
      const blockers = placed.filter((mark) => touching(mark, where));
      expect(blockers.length).toBeGreaterThan(0);
      for (const blocker of blockers) expect(blocker.review.tempoLost).toBeGreaterThanOrEqual(review.tempoLost);
    }
  });
});
