/**
 * The board: 121 holes drawn from the engine's geometry (HOLE_ROW, HOLE_X),
 * the six points in their colours, the pieces, the last move's trail and
 * the animation of other players' moves. Clicks, taps and keys become picks
 * of holes; the move picker decides what they select and which move to send.
 *
 * Keyboard: the board is one tab stop; arrow keys move between holes,
 * Enter or Space picks and drops, Escape cancels.
 */
import {
  CENTRE,
  HOLE_COUNT,
  HOLE_ROW,
  HOLE_X,
  type Hole,
  holeAt,
  holeName,
  jumpedHole,
  POINT_HOLES,
  POINTS,
  type Point,
  parseHole,
  type Variant,
} from "../../rules/index.ts";
import { MARKS, POINT_COLOURS } from "./colours.ts";
import type { I18n } from "./i18n/index.ts";
import type { LegalMoves } from "./legal-moves.ts";
import { MovePicker } from "./move-picker.ts";
import { TouchAssist } from "./touch.ts";

const SVG = "http://www.w3.org/2000/svg";
/** Distance between neighbouring holes, in SVG units. */
const D = 10;
const ROW_HEIGHT = (D * Math.sqrt(3)) / 2;
/** How far the star's edge lies beyond its outermost holes. */
const MARGIN = 0.48 * D;
const LEG_MS = 230;
/** A piece's radius, and half the width of the mark drawn on it. */
const PIECE_R = 0.4 * D;
const MARK_R = 0.19 * D;
/** Half the width of the mark in an empty hole of a point. */
const HOME_MARK_R = 0.17 * D;

/** The point whose triangle each hole is in, if any. */
const HOME = new Map<Hole, Point>(
  POINTS.flatMap((point) => POINT_HOLES[point].map((hole): [Hole, Point] => [hole, point])),
);

function holeXY(hole: Hole): [number, number] {
  return [(HOLE_X[hole] * D) / 2, HOLE_ROW[hole] * ROW_HEIGHT];
}

function xyOf(name: string): [number, number] {
  return holeXY(parseHole(name));
}

interface BoardView {
  readonly variant: Variant;
  readonly pieces: Readonly<Record<string, Point | "neutral">>;
  /** The moves this player may make now; NO_MOVES when it is not their turn. */
  readonly moves: LegalMoves;
  readonly lastMove: { readonly path: readonly string[]; readonly captured: readonly string[] } | null;
}

interface BoardOptions {
  readonly i18n: I18n;
  /** A move chosen on the board, as its full path of hole names. */
  readonly onMove: (path: readonly string[]) => void;
  /** The selection changed (the page shows Done and Undo while a capture path is built). */
  readonly onSelection?: () => void;
}

interface HoleParts {
  readonly group: SVGGElement;
  readonly piece: SVGCircleElement;
  /** The mark of the piece's point, drawn on it. */
  readonly mark: SVGUseElement;
  readonly label: SVGTextElement;
}

function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number> = {},
  parent?: Element,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  parent?.appendChild(element);
  return element;
}

export class Board {
  readonly element: SVGSVGElement;
  private readonly options: BoardOptions;
  private readonly picker = new MovePicker();
  private readonly parts: HoleParts[] = [];
  private readonly trail: SVGPolylineElement;
  private readonly trailStart: SVGCircleElement;
  private readonly preview: SVGPolylineElement;
  private readonly animationLayer: SVGGElement;
  private view: Omit<BoardView, "moves"> = { variant: "classic", pieces: {}, lastMove: null };
  /** The hole that holds the board's tab stop. */
  private focusHole: Hole = CENTRE;
  /** Holes whose piece is hidden while a move is animated onto them. */
  private readonly hidden = new Map<string, number>();
  private animations: Promise<void> = Promise.resolve();
  /** Counts the animations asked for: one still waiting when a later one comes is skipped. */
  private animationsAsked = 0;
  /** Taps that snap to the nearest target, and the zoom on a piece picked by a tap (touch.ts). */
  private readonly touch: TouchAssist;

  constructor(options: BoardOptions) {
    this.options = options;
    const [minX, maxX] = [-6 * D - 2 * MARGIN, 6 * D + 2 * MARGIN];
    const [minY, maxY] = [-2 * MARGIN, 16 * ROW_HEIGHT + 2 * MARGIN];
    const svg = el("svg", {
      viewBox: `${minX} ${minY} ${maxX - minX} ${maxY - minY}`,
      class: "board",
      role: "group",
    });
    this.element = svg;
    this.drawDefs(svg);
    this.drawStar(svg);
    this.drawGrid(svg);
    const trailLayer = el("g", { class: "trail", "aria-hidden": "true" }, svg);
    this.trail = el("polyline", { points: "" }, trailLayer);
    this.trailStart = el("circle", { r: 0.16 * D, cx: 0, cy: 0, visibility: "hidden" }, trailLayer);
    this.preview = el("polyline", { class: "preview", points: "", "aria-hidden": "true" }, svg);
    const holesLayer = el("g", { class: "holes" }, svg);
    for (let hole = 0; hole < HOLE_COUNT; hole++) this.parts.push(this.drawHole(holesLayer, hole));
    this.animationLayer = el("g", { class: "animation", "aria-hidden": "true" }, svg);
    svg.addEventListener("keydown", (event) => this.onKey(event));
    this.touch = new TouchAssist(svg, {
      pitch: D,
      targets: () => this.targets(),
      hitArea: (name) => this.parts[parseHole(name)]?.group.querySelector(".hit") ?? undefined,
      pick: (name) => {
        this.focusHole = parseHole(name);
        this.pick(name);
      },
    });
    this.relabel();
  }

  /** Shows a new state of the table; a selection that no longer fits is dropped. */
  update(view: BoardView): void {
    this.view = view;
    this.picker.offer(view.variant, view.moves);
    this.render();
  }

  /** Whether a capture path is being built (the page then offers Done, Undo and Cancel). */
  get building(): boolean {
    return this.picker.building;
  }

  /** Whether the path built so far may be sent as it is. */
  get canFinish(): boolean {
    return this.picker.canFinish;
  }

  finish(): void {
    this.changed(this.picker.finish());
  }

  undoLanding(): void {
    this.picker.undoLanding();
    this.changed(null);
  }

  cancel(): void {
    this.picker.cancel();
    this.changed(null);
  }

  relabel(): void {
    this.element.setAttribute("aria-label", this.options.i18n.t("board"));
    this.render();
  }

  /**
   * Moves a piece along its path (captured pieces vanish as they are jumped);
   * resolves when done. Animations play one after another, but only the
   * latest of those waiting: a burst of moves (caught up after a reconnect,
   * or played by the computer) shows its last one, not a queue that hides
   * pieces for half a minute.
   */
  animate(path: readonly string[], colour: Point | "neutral", captured: readonly string[]): Promise<void> {
    const end = path[path.length - 1];
    if (path.length < 2 || end === undefined) return this.animations;
    const reduced = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (reduced) return this.animations;
    this.hide(end, +1);
    const ticket = ++this.animationsAsked;
    const run = async () => {
      if (ticket !== this.animationsAsked) {
        this.hide(end, -1);
        return;
      }
      const holes = path.map(parseHole);
      const ghosts = captured.map((name) => {
        const [cx, cy] = xyOf(name);
        return el("circle", { cx, cy, r: PIECE_R, class: "piece", fill: "url(#piece-neutral)" }, this.animationLayer);
      });
      // The moving piece, drawn around (0, 0) and moved with its transform: the piece and its mark.
      const ghost = el("g", { class: "moving" }, this.animationLayer);
      el("circle", { r: PIECE_R, class: "piece", fill: `url(#piece-${colour})` }, ghost);
      const mark = markUse(null, 0, 0, MARK_R, "piece-mark");
      setMark(mark, colour === "neutral" ? undefined : colour);
      ghost.append(mark);
      try {
        for (let leg = 1; leg < holes.length; leg++) {
          await this.animateLeg(ghost, holeXY(holes[leg - 1]), holeXY(holes[leg]));
          // The piece jumped on this leg leaves the board.
          const over = jumpedHole(holes[leg - 1], holes[leg]);
          const index = over === undefined ? -1 : captured.indexOf(holeName(over));
          if (index >= 0) ghosts[index]?.remove();
        }
      } finally {
        ghost.remove();
        for (const g of ghosts) g.remove();
        this.hide(end, -1);
      }
    };
    this.animations = this.animations.then(run, run);
    return this.animations;
  }

  // --- Drawing ------------------------------------------------------------------------------

  private drawDefs(svg: SVGSVGElement): void {
    const defs = el("defs", {}, svg);
    for (const [name, colour] of Object.entries(POINT_COLOURS)) {
      const gradient = el("radialGradient", { id: `piece-${name}`, cx: "35%", cy: "30%", r: "75%" }, defs);
      el("stop", { offset: "0%", "stop-color": colour.light }, gradient);
      el("stop", { offset: "65%", "stop-color": colour.fill }, gradient);
      el("stop", { offset: "100%", "stop-color": colour.fill, "stop-opacity": 0.9 }, gradient);
    }
    // Each point's mark, drawn once and used on its pieces and in its holes; the use gives the fill.
    for (const point of POINTS) {
      const symbol = el("symbol", { id: `mark-${point}`, viewBox: "-1 -1 2 2" }, defs);
      el("path", { d: MARKS[point].d, "fill-rule": "evenodd" }, symbol);
    }
  }

  private drawStar(svg: SVGSVGElement): void {
    const layer = el("g", { class: "star", "aria-hidden": "true" }, svg);
    const centre = holeXY(CENTRE);
    const push = (points: [number, number][], from: [number, number]) =>
      points.map(([x, y]): [number, number] => {
        const length = Math.hypot(x - from[0], y - from[1]);
        const k = (2 * MARGIN) / length;
        return [x + (x - from[0]) * k, y + (y - from[1]) * k];
      });
    const expand = (points: [number, number][], from: [number, number]) => push(points, from).map((p) => p.join(","));
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
      const holes = POINT_HOLES[point].map(holeXY);
      const cx = holes.reduce((sum, [x]) => sum + x, 0) / holes.length;
      const cy = holes.reduce((sum, [, y]) => sum + y, 0) / holes.length;
      const corners = [...holes]
        .sort((a, b) => Math.hypot(b[0] - cx, b[1] - cy) - Math.hypot(a[0] - cx, a[1] - cy))
        .slice(0, 3);
      const polygon = el(
        "polygon",
        { class: `point point-${point}`, points: expand(corners, [cx, cy]).join(" ") },
        layer,
      );
      // The tint for each colour scheme; styles.css picks one. Through the CSSOM: the CSP refuses style attributes.
      polygon.style.setProperty("--tint", POINT_COLOURS[point].tint);
      polygon.style.setProperty("--tint-dark", POINT_COLOURS[point].tintDark);
    }
  }

  private drawGrid(svg: SVGSVGElement): void {
    const lines: string[] = [];
    for (let hole = 0; hole < HOLE_COUNT; hole++) {
      const [x1, y1] = holeXY(hole);
      for (const [dRow, dX] of [
        [0, 2],
        [1, 1],
        [1, -1],
      ]) {
        const next = holeAt(HOLE_ROW[hole] + dRow, HOLE_X[hole] + dX);
        if (next === undefined) continue;
        const [x2, y2] = holeXY(next);
        lines.push(`M${x1},${y1}L${x2},${y2}`);
      }
    }
    el("path", { class: "grid", d: lines.join(""), "aria-hidden": "true" }, svg);
  }

  private drawHole(layer: SVGGElement, hole: Hole): HoleParts {
    const [cx, cy] = holeXY(hole);
    const name = holeName(hole);
    const group = el("g", { class: "hole", "data-hole": name, role: "button", tabindex: -1 }, layer);
    el("circle", { class: "hit", cx, cy, r: 0.5 * D }, group);
    // A point's holes show its mark where other holes have a round dimple.
    const home = HOME.get(hole);
    if (home) group.append(markUse(home, cx, cy, HOME_MARK_R, "dimple home-mark"));
    else el("circle", { class: "dimple", cx, cy, r: 0.2 * D }, group);
    el("circle", { class: "marker", cx, cy, r: 0.3 * D }, group);
    const piece = el("circle", { class: "piece", cx, cy, r: PIECE_R }, group);
    const mark = markUse(null, cx, cy, MARK_R, "piece-mark");
    setMark(mark, undefined);
    group.append(mark);
    el("circle", { class: "ring", cx, cy, r: 0.47 * D }, group);
    const label = el("text", { class: "landing-number", x: cx, y: cy + 0.13 * D, "aria-hidden": "true" }, group);
    group.addEventListener("click", () => {
      this.focusHole = hole;
      this.pick(name);
    });
    group.addEventListener("pointerenter", () => this.point(name));
    group.addEventListener("pointerleave", () => this.point(null));
    group.addEventListener("focus", () => {
      this.focusHole = hole;
      this.point(name);
    });
    return { group, piece, mark, label };
  }

  // --- Picks -----------------------------------------------------------------------------------

  private pick(name: string): void {
    this.changed(this.picker.pick(name));
  }

  private point(name: string | null): void {
    this.picker.point(name);
    this.renderPreview();
  }

  /** Redraws after a pick or a button, then sends the move it completed, if any. */
  private changed(move: readonly string[] | null): void {
    this.render();
    this.options.onSelection?.();
    if (move) this.options.onMove(move);
  }

  private hide(name: string, delta: number): void {
    const count = (this.hidden.get(name) ?? 0) + delta;
    if (count > 0) this.hidden.set(name, count);
    else this.hidden.delete(name);
    this.render();
  }

  // --- Rendering -------------------------------------------------------------------------------

  private render(): void {
    const { i18n } = this.options;
    const { pieces } = this.view;
    const { selection, movable, destinations, jumped } = this.picker;
    this.parts.forEach((parts, hole) => {
      const name = holeName(hole);
      const occupant = this.hidden.has(name) ? undefined : pieces[name];
      const landing = selection.indexOf(name, 1);
      const selected = selection[0] === name;
      const destination = destinations.has(name);
      const classes = ["hole"];
      if (occupant) classes.push("occupied");
      if (movable.has(name)) classes.push("movable");
      if (selected) classes.push("selected");
      if (destination) classes.push("destination");
      if (landing > 0) classes.push("landing");
      if (jumped.has(name)) classes.push("jumped");
      parts.group.setAttribute("class", classes.join(" "));
      parts.piece.setAttribute("fill", occupant ? `url(#piece-${occupant})` : "none");
      if (occupant) parts.group.setAttribute("data-piece", occupant);
      else parts.group.removeAttribute("data-piece");
      setMark(parts.mark, occupant === "neutral" ? undefined : occupant);
      parts.label.textContent = landing > 0 ? String(landing) : "";
      parts.group.setAttribute("tabindex", hole === this.focusHole ? "0" : "-1");
      const what = occupant
        ? occupant === "neutral"
          ? i18n.t("holeNeutral", { hole: name })
          : i18n.t("holePiece", { hole: name, colour: i18n.colour(occupant) })
        : i18n.t("holeEmpty", { hole: name });
      const extra: string[] = [];
      if (selected) extra.push(i18n.t("selected"));
      if (landing > 0) extra.push(i18n.t("landing", { n: landing }));
      if (destination) extra.push(i18n.t("moveHere"));
      parts.group.setAttribute("aria-label", [what, ...extra].join(", "));
      if (selected || landing > 0) parts.group.setAttribute("aria-pressed", "true");
      else parts.group.removeAttribute("aria-pressed");
    });
    const last = this.view.lastMove;
    if (last && last.path.length > 1) {
      this.trail.setAttribute("points", pointsOf(last.path));
      const [x, y] = xyOf(last.path[0]);
      this.trailStart.setAttribute("cx", String(x));
      this.trailStart.setAttribute("cy", String(y));
      this.trailStart.setAttribute("visibility", "visible");
    } else {
      this.trail.setAttribute("points", "");
      this.trailStart.setAttribute("visibility", "hidden");
    }
    this.element.classList.toggle("interactive", this.picker.canMove);
    this.renderPreview();
    this.touch.follow(selection, destinations);
  }

  /** The holes a tap may snap to: the pieces that may move, the destinations or landings, and the selection's end. */
  private targets(): Set<string> {
    const { movable, destinations, selection } = this.picker;
    const last = selection[selection.length - 1];
    return new Set([...movable, ...destinations, ...(last === undefined ? [] : [last])]);
  }

  private renderPreview(): void {
    const path = this.picker.preview;
    this.preview.setAttribute("points", path ? pointsOf(path) : "");
    // Number the landings of a previewed race path, so a chain shows every landing.
    if (this.view.variant !== "capture") {
      this.parts.forEach((parts, hole) => {
        const index = path ? path.indexOf(holeName(hole)) : -1;
        parts.label.textContent = index > 0 ? String(index) : "";
        parts.group.classList.toggle("on-path", index > 0);
      });
    }
  }

  private animateLeg(ghost: SVGGElement, from: [number, number], to: [number, number]): Promise<void> {
    const place = (x: number, y: number, scale: number) =>
      ghost.setAttribute("transform", `translate(${x} ${y}) scale(${scale})`);
    return new Promise((resolve) => {
      const started = performance.now();
      const frame = (now: number) => {
        const t = Math.min(1, (now - started) / LEG_MS);
        const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
        // A jump lifts the piece a little.
        place(
          from[0] + (to[0] - from[0]) * eased,
          from[1] + (to[1] - from[1]) * eased,
          1 + 0.18 * Math.sin(Math.PI * t),
        );
        if (t < 1) requestAnimationFrame(frame);
        else resolve();
      };
      place(from[0], from[1], 1);
      requestAnimationFrame(frame);
    });
  }

  // --- Keyboard --------------------------------------------------------------------------------

  private onKey(event: KeyboardEvent): void {
    const hole = this.focusHole;
    const row = HOLE_ROW[hole];
    const x = HOLE_X[hole];
    let target: Hole | undefined;
    switch (event.key) {
      case "ArrowLeft":
        target = holeAt(row, x - 2);
        break;
      case "ArrowRight":
        target = holeAt(row, x + 2);
        break;
      case "ArrowUp":
        target = nearestInRow(row - 1, x);
        break;
      case "ArrowDown":
        target = nearestInRow(row + 1, x);
        break;
      case "Enter":
      case " ":
        event.preventDefault();
        this.pick(holeName(hole));
        return;
      case "Escape":
        this.cancel();
        return;
      default:
        return;
    }
    event.preventDefault();
    if (target === undefined) return;
    this.focusHole = target;
    this.render();
    this.parts[target]?.group.focus();
  }
}

function nearestInRow(row: number, x: number): Hole | undefined {
  let best: Hole | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let hole = 0; hole < HOLE_COUNT; hole++) {
    if (HOLE_ROW[hole] !== row) continue;
    const distance = Math.abs(HOLE_X[hole] - x);
    if (distance < bestDistance) {
      best = hole;
      bestDistance = distance;
    }
  }
  return best;
}

/** A point's mark (none yet when `point` is null) centred on (cx, cy), `r` wide either side; its fill is the caller's. */
function markUse(point: Point | null, cx: number, cy: number, r: number, className: string): SVGUseElement {
  const use = el("use", { class: className, x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, "aria-hidden": "true" });
  if (point) use.setAttribute("href", `#mark-${point}`);
  return use;
}

/** Shows the mark of `point` on a piece, in the tone that stands out on its colour; nothing for no point. */
function setMark(use: SVGUseElement, point: Point | undefined): void {
  if (point) {
    use.setAttribute("href", `#mark-${point}`);
    use.setAttribute("fill", POINT_COLOURS[point].mark);
    use.removeAttribute("visibility");
  } else {
    use.removeAttribute("href");
    use.setAttribute("visibility", "hidden");
  }
}

function pointsOf(path: readonly string[]): string {
  return path.map((name) => xyOf(name).join(",")).join(" ");
}
