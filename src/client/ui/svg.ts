/**
 * Drawing the board in SVG, shared by the table's board (`board.ts`) and the
 * rules page's diagrams (`rules/diagrams.ts`): where each hole is drawn (from
 * the engine's HOLE_ROW and HOLE_X), SVG elements, the pieces' colours and
 * marks, the wooden star with its tinted points, and the lines between holes.
 */
import {
  CENTRE,
  HOLE_ROW,
  HOLE_X,
  type Hole,
  holeAt,
  POINT_HOLES,
  POINTS,
  type Point,
  parseHole,
} from "../../rules/index.ts";
import { MARKS, POINT_COLOURS } from "./colours.ts";

const SVG = "http://www.w3.org/2000/svg";
/** Distance between neighbouring holes, in SVG units. */
export const D = 10;
/** Distance between neighbouring rows, in SVG units. */
export const ROW_HEIGHT = (D * Math.sqrt(3)) / 2;
/** How far the star's edge lies beyond its outermost holes. */
export const MARGIN = 0.48 * D;

/** Where a hole is drawn on the board with N at the top. */
export function holeXY(hole: Hole): [number, number] {
  return [(HOLE_X[hole] * D) / 2, HOLE_ROW[hole] * ROW_HEIGHT];
}

/** Where the hole of this name is drawn on the board with N at the top. */
export function xyOf(name: string): [number, number] {
  return holeXY(parseHole(name));
}

/** An SVG element with its attributes, appended to `parent` if given. */
export function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number> = {},
  parent?: Element,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  parent?.appendChild(element);
  return element;
}

/**
 * The pieces' colours as gradients, `url(#<prefix>-<colour>)`, and each
 * point's mark as a symbol, `#<prefix>-mark-<point>` (drawn once, used on its
 * pieces and in its holes; the use gives the fill): a page with several
 * boards gives each its prefix.
 */
export function drawPieceColours(svg: SVGSVGElement, prefix: string): void {
  const defs = el("defs", {}, svg);
  for (const [name, colour] of Object.entries(POINT_COLOURS)) {
    const gradient = el("radialGradient", { id: `${prefix}-${name}`, cx: "35%", cy: "30%", r: "75%" }, defs);
    el("stop", { offset: "0%", "stop-color": colour.light }, gradient);
    el("stop", { offset: "65%", "stop-color": colour.fill }, gradient);
    el("stop", { offset: "100%", "stop-color": colour.fill, "stop-opacity": 0.9 }, gradient);
  }
  for (const point of POINTS) {
    const symbol = el("symbol", { id: `${prefix}-mark-${point}`, viewBox: "-1 -1 2 2" }, defs);
    el("path", { d: MARKS[point].d, "fill-rule": "evenodd" }, symbol);
  }
}

/** A point's polygon in its tint for each colour scheme: its point's class, whose tints styles.css sets. */
export function tintPoint(polygon: SVGElement, point: Point): void {
  polygon.classList.add("point", `point-${point}`);
}

/** Points moved `2 * MARGIN` away from `from`: a shape drawn around holes rather than through them. */
function push(points: readonly [number, number][], from: readonly [number, number]): [number, number][] {
  return points.map(([x, y]): [number, number] => {
    const length = Math.hypot(x - from[0], y - from[1]);
    const k = (2 * MARGIN) / length;
    return [x + (x - from[0]) * k, y + (y - from[1]) * k];
  });
}

function expand(points: readonly [number, number][], from: readonly [number, number]): string[] {
  return push(points, from).map((point) => point.join(","));
}

/** The triangle around a point's ten holes. */
export function pointOutline(point: Point): string {
  const holes = POINT_HOLES[point].map(holeXY);
  const cx = holes.reduce((sum, [x]) => sum + x, 0) / holes.length;
  const cy = holes.reduce((sum, [, y]) => sum + y, 0) / holes.length;
  const corners = [...holes]
    .sort((a, b) => Math.hypot(b[0] - cx, b[1] - cy) - Math.hypot(a[0] - cx, a[1] - cy))
    .slice(0, 3);
  return expand(corners, [cx, cy]).join(" ");
}

/** The wooden star and its six points in their colours; returns its layer. */
export function drawStar(svg: SVGSVGElement): SVGGElement {
  const layer = el("g", { class: "star", "aria-hidden": "true" }, svg);
  const centre = holeXY(CENTRE);
  // The star's outline: two concentric triangles of a size, each side of one crossed by the other at its
  // thirds, with the other's corner out between. One outline, so the hexagon in the middle is filled too.
  const up = push([xyOf("a1"), xyOf("m1"), xyOf("m13")], centre);
  const down = push([xyOf("e1"), xyOf("e13"), xyOf("q1")], centre);
  const outline = up.flatMap(([ax, ay], i) => {
    const [bx, by] = up[(i + 1) % 3] as [number, number];
    const third = (t: number): [number, number] => [ax + (bx - ax) * t, ay + (by - ay) * t];
    const [mx, my] = third(0.5);
    const tip = [...down].sort((p, q) => Math.hypot(p[0] - mx, p[1] - my) - Math.hypot(q[0] - mx, q[1] - my))[0];
    return [[ax, ay], third(1 / 3), tip as [number, number], third(2 / 3)].map((p) => p.join(","));
  });
  el("path", { class: "star-body", d: `M${outline.join("L")}Z` }, layer);
  for (const point of POINTS) {
    tintPoint(el("polygon", { class: `point point-${point}`, points: pointOutline(point) }, layer), point);
  }
  return layer;
}

/** The lines between neighbouring holes, of the holes given. */
export function drawGrid(svg: SVGSVGElement, holes: readonly Hole[]): void {
  const shown = new Set(holes);
  const lines: string[] = [];
  for (const hole of holes) {
    const [x1, y1] = holeXY(hole);
    for (const [dRow, dX] of [
      [0, 2],
      [1, 1],
      [1, -1],
    ]) {
      const next = holeAt(HOLE_ROW[hole] + dRow, HOLE_X[hole] + dX);
      if (next === undefined || !shown.has(next)) continue;
      const [x2, y2] = holeXY(next);
      lines.push(`M${x1},${y1}L${x2},${y2}`);
    }
  }
  el("path", { class: "grid", d: lines.join(""), "aria-hidden": "true" }, svg);
}

/** A path of hole names as a polyline's points. */
export function pointsOf(path: readonly string[]): string {
  return path.map((name) => xyOf(name).join(",")).join(" ");
}
