/**
 * The race chart: one line per player of the estimated moves to finish after
 * every action of the game, in the colour of the player's (first) point, a
 * mark on each move that lost the most (mistakes and blunders; `placeMarks`), and a cursor
 * on the move the replay shows. A click anywhere on it shows the position
 * nearest the click; each mark is a button of its own (Tab, then Enter or
 * Space). The geometry (`chartGeometry`) is pure and tested under Node; the
 * drawing is SVG with the board's colours, each line on a casing in the
 * text's colour, so that the white and the black points' lines show on
 * either theme, and each line ends in its point's mark.
 */
import type { Point } from "../../../rules/index.ts";
import { MARKS, POINT_COLOURS } from "../colours.ts";
import { el } from "../svg.ts";
import type { GameAnalysisWire, MoveReviewWire } from "./protocol.ts";

/**
 * The drawing's box, in its own units: as wide as the panel it is drawn in,
 * in CSS pixels (`chartSize`), so that its text is the page's size whether
 * the panel is a phone's width or a narrow column beside the board.
 */
export const CHART_WIDTH = 400;
export const CHART_HEIGHT = 210;

/** The box for a panel `width` pixels wide: at least 240 × 160, at most 640 × 260. */
export function chartSize(width: number): { readonly width: number; readonly height: number } {
  const w = Math.round(Math.max(240, Math.min(640, width || CHART_WIDTH)));
  return { width: w, height: Math.round(Math.max(160, Math.min(260, w * 0.55))) };
}
const LEFT = 34;
const RIGHT = 14;
const TOP = 12;
const BOTTOM = 26;

/** The moves marked on the chart: those that lost a whole move or more. */
export const MARKED: ReadonlySet<MoveReviewWire["verdict"]> = new Set(["mistake", "blunder"]);

export interface ChartGeometry {
  /** The drawing's box, and where the plot ends on the right. */
  readonly width: number;
  readonly height: number;
  readonly right: number;
  /** The highest value of the scale (a multiple of 5), and the last ply. */
  readonly top: number;
  readonly plies: number;
  /** Each player's line as runs of points (a player who left ends their run). */
  readonly lines: readonly (readonly (readonly [number, number])[])[][];
  /** The scale's marks: moves to finish (y) and plies (x), with where they are drawn. */
  readonly yTicks: readonly { readonly value: number; readonly y: number }[];
  readonly xTicks: readonly { readonly value: number; readonly x: number }[];
  /** Where each ply is drawn across. */
  x(ply: number): number;
  y(value: number): number;
  /** The ply nearest a point `x` across the drawing. */
  plyAt(x: number): number;
}

/** Where everything goes for an analysis of `plies` actions. */
export function chartGeometry(
  estimates: readonly (readonly (number | null)[])[],
  size: { readonly width: number; readonly height: number } = { width: CHART_WIDTH, height: CHART_HEIGHT },
): ChartGeometry {
  const plies = Math.max(1, estimates.length - 1);
  let highest = 0;
  for (const row of estimates) for (const value of row) if (value !== null) highest = Math.max(highest, value);
  const top = Math.max(5, Math.ceil(highest / 5) * 5);
  const width = size.width - LEFT - RIGHT;
  const height = size.height - TOP - BOTTOM;
  const x = (ply: number) => round(LEFT + (ply / plies) * width);
  const y = (value: number) => round(TOP + (1 - value / top) * height);
  const players = estimates[0]?.length ?? 0;
  const lines = Array.from({ length: players }, (_, player) => {
    const runs: [number, number][][] = [];
    let run: [number, number][] = [];
    estimates.forEach((row, ply) => {
      const value = row[player];
      if (value === null || value === undefined) {
        if (run.length > 0) runs.push(run);
        run = [];
      } else run.push([x(ply), y(value)]);
    });
    if (run.length > 0) runs.push(run);
    return runs;
  });
  const yStep = top <= 20 ? 5 : 10;
  const yTicks = [];
  for (let value = 0; value <= top; value += yStep) yTicks.push({ value, y: y(value) });
  const xStep = niceStep(plies, size.width < 320 ? 4 : 6);
  const xTicks = [];
  for (let value = 0; value <= plies; value += xStep) xTicks.push({ value, x: x(value) });
  const right = size.width - RIGHT;
  return {
    width: size.width,
    height: size.height,
    right,
    top,
    plies,
    lines,
    yTicks,
    xTicks,
    x,
    y,
    plyAt: (at) => Math.max(0, Math.min(plies, Math.round(((at - LEFT) / width) * plies))),
  };
}

/** A step between the plies named under the chart: about six of them. */
function niceStep(plies: number, most = 6): number {
  for (const step of [5, 10, 20, 25, 50, 100, 200]) if (plies / step <= most) return step;
  return 500;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** A mark on the chart: the move it stands for, and where its dot is drawn. */
export interface PlacedMark {
  readonly review: MoveReviewWire;
  readonly x: number;
  readonly y: number;
  readonly radius: number;
}

/**
 * The marks the chart draws, in the order of the game: each marked move on
 * its player's line, the costliest first, leaving off any whose dot would
 * touch one already placed. Moves close together (one player's mistakes a
 * round apart, or two lines that cross) would otherwise pile their dots
 * into a blot no one can read or click; the record marks every move's
 * verdict, and the list under the chart names the costliest.
 */
export function placeMarks(analysis: GameAnalysisWire, geometry: ChartGeometry): PlacedMark[] {
  const marked: PlacedMark[] = [];
  for (const review of analysis.moves) {
    if (!review || !MARKED.has(review.verdict)) continue;
    const value = analysis.estimates[review.ply]?.[review.player];
    if (value === null || value === undefined) continue;
    const radius = review.verdict === "blunder" ? 6 : 4.5;
    marked.push({ review, x: geometry.x(review.ply), y: geometry.y(value), radius });
  }
  const placed: PlacedMark[] = [];
  const costliest = [...marked].sort((a, b) => b.review.tempoLost - a.review.tempoLost || a.review.ply - b.review.ply);
  for (const mark of costliest) {
    const touches = placed.some(
      (other) => Math.hypot(other.x - mark.x, other.y - mark.y) < other.radius + mark.radius + MARK_GAP,
    );
    if (!touches) placed.push(mark);
  }
  return placed.sort((a, b) => a.review.ply - b.review.ply);
}

/** The least space between two marks' dots, in the drawing's units. */
const MARK_GAP = 1;

export interface ChartOptions {
  readonly analysis: GameAnalysisWire;
  /** Each player's point, whose colour the line is drawn in. */
  readonly colours: readonly (Point | undefined)[];
  readonly title: string;
  readonly description: string;
  /** What a mark says: its move, who made it, the verdict and the moves lost. */
  readonly markLabel: (review: MoveReviewWire) => string;
  /** The chart, or a mark on it, was picked: show the position after `ply` actions. */
  readonly onPick: (ply: number) => void;
  /** A prefix for the ids the chart's title and description need (one chart a page). */
  readonly id: string;
  /** The width of the panel it is drawn in, in CSS pixels. */
  readonly width: number;
}

export class RaceChart {
  readonly element: SVGSVGElement;
  private readonly cursor: SVGLineElement;
  private readonly geometry: ChartGeometry;

  constructor(options: ChartOptions) {
    const { analysis, colours, title, description, onPick, id } = options;
    const geometry = chartGeometry(analysis.estimates, chartSize(options.width));
    this.geometry = geometry;
    const svg = el("svg", {
      class: "race-chart",
      viewBox: `0 0 ${geometry.width} ${geometry.height}`,
      role: "group",
      "aria-labelledby": `${id}-title`,
      "aria-describedby": `${id}-desc`,
    });
    this.element = svg;
    el("title", { id: `${id}-title` }, svg).textContent = title;
    el("desc", { id: `${id}-desc` }, svg).textContent = description;
    const defs = el("defs", {}, svg);
    for (const point of new Set(colours)) {
      if (!point) continue;
      const symbol = el("symbol", { id: `${id}-mark-${point}`, viewBox: "-1 -1 2 2" }, defs);
      el("path", { d: MARKS[point].d, "fill-rule": "evenodd" }, symbol);
    }

    const scale = el("g", { class: "race-scale", "aria-hidden": "true" }, svg);
    const bottom = geometry.y(0);
    for (const { value, y } of geometry.yTicks) {
      el("line", { class: "race-grid", x1: LEFT, x2: geometry.right, y1: y, y2: y }, scale);
      const label = el("text", { class: "race-label", x: LEFT - 6, y: y + 4, "text-anchor": "end" }, scale);
      label.textContent = String(value);
    }
    for (const { value, x } of geometry.xTicks) {
      el("line", { class: "race-tick", x1: x, x2: x, y1: bottom, y2: bottom + 4 }, scale);
      const label = el("text", { class: "race-label", x, y: bottom + 17, "text-anchor": "middle" }, scale);
      label.textContent = String(value);
    }

    this.cursor = el("line", { class: "race-cursor", y1: TOP - 4, y2: bottom, "aria-hidden": "true" }, svg);

    const lines = el("g", { class: "race-lines", "aria-hidden": "true" }, svg);
    geometry.lines.forEach((runs, player) => {
      const point = colours[player];
      const fill = point ? POINT_COLOURS[point].fill : "currentColor";
      for (const run of runs) {
        const points = run.map((p) => p.join(",")).join(" ");
        el("polyline", { class: "race-casing", points }, lines);
        el("polyline", { class: "race-line", points, stroke: fill, "data-player": player }, lines);
      }
      // The line's end: a piece of its colour with its point's mark, as on the board.
      const last = runs.at(-1)?.at(-1);
      if (last && point) {
        const [x, y] = last;
        el("circle", { class: "race-end", cx: x, cy: y, r: 5.5, fill }, lines);
        el(
          "use",
          { href: `#${id}-mark-${point}`, x: x - 3, y: y - 3, width: 6, height: 6, fill: POINT_COLOURS[point].mark },
          lines,
        );
      }
    });

    const marks = el("g", { class: "race-marks" }, svg);
    for (const { review, x, y, radius } of placeMarks(analysis, geometry)) {
      const label = options.markLabel(review);
      const mark = el(
        "g",
        {
          class: `race-mark ${review.verdict}`,
          role: "button",
          tabindex: 0,
          "aria-label": label,
          "data-ply": review.ply,
          transform: `translate(${x} ${y})`,
        },
        marks,
      );
      el("title", {}, mark).textContent = label;
      // A target a little larger than the dot, invisible; a click anywhere on the chart shows the position nearest
      // it anyway.
      el("circle", { class: "race-hit", r: 8 }, mark);
      el("circle", { class: "race-dot", r: radius }, mark);
      mark.addEventListener("click", (event) => {
        event.stopPropagation();
        onPick(review.ply);
      });
      mark.addEventListener("keydown", (event) => {
        if (event.key !== "Enter" && event.key !== " ") return;
        event.preventDefault();
        onPick(review.ply);
      });
    }

    svg.addEventListener("click", (event) => {
      const box = svg.getBoundingClientRect();
      if (box.width === 0) return;
      onPick(geometry.plyAt(((event.clientX - box.left) / box.width) * geometry.width));
    });
  }

  /** Moves the cursor to the position after `ply` actions. */
  show(ply: number): void {
    const x = this.geometry.x(Math.max(0, Math.min(ply, this.geometry.plies)));
    this.cursor.setAttribute("x1", String(x));
    this.cursor.setAttribute("x2", String(x));
    this.element.dataset.shown = String(ply);
  }
}
