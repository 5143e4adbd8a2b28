/**
 * The rules page's diagrams: a window onto the board, drawn with the
 * board's own geometry, colours and styles (`svg.ts`, `styles.css`), a few
 * pieces, and a move shown as the board previews one: the piece ringed, a
 * dashed route, each landing numbered, or the holes it may reach marked.
 */
import {
  HOLE_COUNT,
  HOLE_ROW,
  HOLE_X,
  type Hole,
  holeName,
  POINT_HOLES,
  type Point,
  parseHole,
} from "../../../rules/index.ts";
import { D, drawGrid, drawPieceColours, drawStar, el, holeXY, pointOutline, pointsOf, tintPoint } from "../svg.ts";
import type { DiagramId } from "./outline.ts";

interface Diagram {
  /** The rows shown, first and last (0 is the top tip, 16 the bottom one). */
  readonly rows: readonly [number, number];
  /** The holes' x shown, least and most (as `HOLE_X`: neighbours in a row are 2 apart). */
  readonly xs: readonly [number, number];
  readonly pieces: Readonly<Record<string, Point | "neutral">>;
  /** The move shown: the piece's hole, then each landing. */
  readonly path?: readonly string[];
  /** Holes marked as where the piece may go. */
  readonly targets?: readonly string[];
  /** Pieces the move captures. */
  readonly captured?: readonly string[];
  /** A point drawn in its colour: a goal. */
  readonly goal?: Point;
  /** The whole star, its points in their colours. */
  readonly star?: boolean;
}

/** The pieces of `point`'s ten holes. */
function fill(point: Point, colour: Point): Record<string, Point> {
  return Object.fromEntries(POINT_HOLES[point].map((hole) => [holeName(hole), colour]));
}

/** The capture variant's pieces (which belong to nobody) on the holes named. */
function neutralBlock(names: string): Record<string, "neutral"> {
  return Object.fromEntries(names.split(" ").map((name) => [name, "neutral"]));
}

const DIAGRAMS: Record<DiagramId, Diagram> = {
  start: { rows: [0, 16], xs: [-12, 12], star: true, pieces: { ...fill("N", "N"), ...fill("S", "S") } },
  step: {
    rows: [6, 10],
    xs: [-5, 5],
    pieces: { i5: "N", h6: "S" },
    path: ["i5"],
    targets: ["i4", "i6", "h5", "j5", "j6"],
  },
  jump: { rows: [6, 10], xs: [-5, 5], pieces: { i3: "N", i4: "S", h6: "S" }, path: ["i3", "i5"] },
  chain: {
    rows: [6, 10],
    xs: [-6, 6],
    pieces: { j3: "N", i3: "S", h5: "N", i6: "S", k6: "S" },
    path: ["j3", "h4", "h6", "j7"],
  },
  blocking: {
    rows: [12, 16],
    xs: [-6, 6],
    goal: "S",
    pieces: { ...fill("S", "N"), n4: "S", m7: "S", m5: "N" },
  },
  longJump: { rows: [7, 9], xs: [-7, 7], pieces: { i2: "N", i4: "S", h6: "N" }, path: ["i2", "i6"] },
  capture: {
    rows: [6, 10],
    xs: [-6, 6],
    pieces: neutralBlock("g4 g5 g7 h3 h4 h5 h6 h8 i2 i4 i5 i7 i8 j4 j5 j6 j7 k4 k6 k7"),
    path: ["i4", "g6", "g8"],
    captured: ["h5", "g7"],
  },
};

/** The diagram `id` in a figure, with its caption. */
export function diagram(id: DiagramId, caption: string): HTMLElement {
  const figure = document.createElement("figure");
  figure.className = `diagram diagram-${id}`;
  figure.append(drawDiagram(id, DIAGRAMS[id]));
  const text = document.createElement("figcaption");
  text.textContent = caption;
  figure.append(text);
  return figure;
}

function drawDiagram(id: DiagramId, spec: Diagram): SVGSVGElement {
  const holes: Hole[] = [];
  for (let hole = 0; hole < HOLE_COUNT; hole++) {
    const row = HOLE_ROW[hole];
    const x = HOLE_X[hole];
    if (row >= spec.rows[0] && row <= spec.rows[1] && x >= spec.xs[0] && x <= spec.xs[1]) holes.push(hole);
  }
  const margin = D;
  const xy = holes.map(holeXY);
  const minX = Math.min(...xy.map(([x]) => x)) - margin;
  const maxX = Math.max(...xy.map(([x]) => x)) + margin;
  const minY = Math.min(...xy.map(([, y]) => y)) - margin;
  const maxY = Math.max(...xy.map(([, y]) => y)) + margin;
  const svg = el("svg", {
    viewBox: `${minX} ${minY} ${maxX - minX} ${maxY - minY}`,
    class: "board diagram-board",
    "aria-hidden": "true",
    focusable: "false",
  });
  const prefix = `rules-${id}`;
  drawPieceColours(svg, prefix);
  if (spec.star) drawStar(svg);
  else el("rect", { class: "star-body", x: minX, y: minY, width: maxX - minX, height: maxY - minY, rx: 0.6 * D }, svg);
  if (spec.goal) {
    tintPoint(el("polygon", { class: "point", points: pointOutline(spec.goal) }, svg), spec.goal);
  }
  drawGrid(svg, holes);
  const path = spec.path ?? [];
  if (path.length > 1) el("polyline", { class: "preview", points: pointsOf(path) }, svg);
  const layer = el("g", { class: "holes" }, svg);
  for (const hole of holes) {
    const name = holeName(hole);
    const [cx, cy] = holeXY(hole);
    const occupant = spec.pieces[name];
    const landing = path.indexOf(name, 1);
    const classes = ["hole"];
    if (occupant) classes.push("occupied");
    if (path[0] === name) classes.push("selected");
    if (spec.targets?.includes(name) || landing > 0) classes.push("destination");
    if (landing > 0) classes.push("on-path");
    if (spec.captured?.includes(name)) classes.push("jumped");
    const group = el("g", { class: classes.join(" ") }, layer);
    el("circle", { class: "dimple", cx, cy, r: 0.2 * D }, group);
    el("circle", { class: "marker", cx, cy, r: 0.3 * D }, group);
    el(
      "circle",
      { class: "piece", cx, cy, r: 0.4 * D, fill: occupant ? `url(#${prefix}-${occupant})` : "none" },
      group,
    );
    el("circle", { class: "ring", cx, cy, r: 0.47 * D }, group);
    if (landing > 0) el("text", { class: "landing-number", x: cx, y: cy + 0.13 * D }, group).append(String(landing));
  }
  // A hole named in a diagram must be on it: a typo would silently draw nothing.
  for (const name of [...Object.keys(spec.pieces), ...path, ...(spec.targets ?? [])]) {
    if (!holes.includes(parseHole(name))) throw new Error(`diagram ${id}: ${name} is outside it`);
  }
  return svg;
}
