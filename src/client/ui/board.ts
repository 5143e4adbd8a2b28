/**
 * The board: 121 holes drawn from the engine's geometry (HOLE_ROW, HOLE_X),
 * the six points in their colours, the pieces, the last move's trail and
 * the animation of other players' moves; the drawing it shares with the
 * rules page's diagrams is in svg.ts. Clicks, taps and keys become picks
 * of holes; the move picker decides what they select and which move to send.
 *
 * Keyboard: the board is one tab stop; arrow keys move between holes,
 * Enter or Space picks and drops, Escape cancels.
 *
 * The board may be turned by sixths of a turn (`setTurn`, so that a player's
 * own point is at the bottom): each hole is drawn where the turned star puts
 * it (board-turn.ts), so names, labels and marks stay upright, and arrow keys
 * keep their screen directions.
 *
 * Beside the last move it numbers the moves made since (`since`: the table
 * page's "since your last turn"), and it may name the holes at both ends of
 * each row (`setCoordinates`), as the notation names them.
 */
import {
  CENTRE,
  DEFAULT_SETTINGS,
  formatPathNames,
  HOLE_COUNT,
  type Hole,
  holeName,
  jumpedHole,
  POINT_HOLES,
  POINTS,
  type Point,
  parseHole,
  type Variant,
  variantOf,
} from "../../rules/index.ts";
import { arrowTarget, turnedHole } from "./board-turn.ts";
import { POINT_COLOURS } from "./colours.ts";
import { coordinateLabels } from "./coordinates.ts";
import type { I18n } from "./i18n/index.ts";
import type { LegalMoves } from "./legal-moves.ts";
import { MovePicker } from "./move-picker.ts";
import { D, drawGrid, drawPieceColours, drawStar, el, holeXY, MARGIN, ROW_HEIGHT } from "./svg.ts";
import { TouchAssist } from "./touch.ts";

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

/** A hole's group is drawn around (0, 0) and moved to its place with this. */
function translate([x, y]: readonly [number, number]): string {
  return `translate(${x} ${y})`;
}

interface BoardView {
  readonly variant: Variant;
  readonly pieces: Readonly<Record<string, Point | "neutral">>;
  /** The moves this player may make now; NO_MOVES when it is not their turn. */
  readonly moves: LegalMoves;
  readonly lastMove: { readonly path: readonly string[]; readonly captured: readonly string[] } | null;
  /** The moves to number on the board, oldest first (the table page's "since your last turn"); none if unset. */
  readonly since?: readonly SinceMark[];
  /** A better move than the one that led here (the game's analysis), drawn as an arrow; none if unset. */
  readonly better?: readonly string[] | null;
}

/** A move numbered on the board: a badge at its landing hole, a faint line along its path. */
export interface SinceMark {
  readonly path: readonly string[];
  /** Its number on the badge. */
  readonly order: number;
  /** What its landing hole's label adds for screen readers (the badge itself is not read). */
  readonly label: string;
}

/** What the board tells of the picks made on it. */
export interface BoardHandlers {
  /** A move chosen on the board, as its full path of hole names. */
  readonly onMove?: (path: readonly string[]) => void;
  /** The selection changed (the page shows Done and Undo while a capture path is built). */
  readonly onSelection?: () => void;
  /**
   * A pick did nothing: it selected no piece, completed no move, and was not
   * the picked piece picked again to drop it. The board shakes the hole; the
   * page says why.
   */
  readonly onRefusedPick?: (pick: RefusedPickOnBoard) => void;
  /** A pick took a piece (or another one): whatever said why an earlier pick did nothing may go. */
  readonly onPiecePicked?: () => void;
}

interface BoardOptions extends BoardHandlers {
  readonly i18n: I18n;
}

/** A pick that did nothing, and what the hole held. */
export interface RefusedPickOnBoard {
  readonly hole: string;
  readonly piece: Point | "neutral" | undefined;
  /** Whether a piece (or a capture path) was picked before: the pick was meant as its destination. */
  readonly hadSelection: boolean;
}

/** How long a refused pick's hole is marked: the length of its animation in styles.css. */
const REFUSED_MS = 600;

/**
 * A badge's radius, and where it sits from its hole's centre: up and to the
 * right on the screen, half a hole's pitch out at 30°, midway between the two
 * neighbours there, so that it covers the rim of its own piece and at most a
 * hair of a neighbour's, whichever way the board is turned.
 */
const BADGE_R = 0.25 * D;
const BADGE_AT: readonly [number, number] = [0.5 * D * Math.cos(Math.PI / 6), -0.5 * D * Math.sin(Math.PI / 6)];

interface HoleParts {
  readonly group: SVGGElement;
  readonly piece: SVGCircleElement;
  /** The mark of the piece's point, drawn on it. */
  readonly mark: SVGUseElement;
  readonly label: SVGTextElement;
  /** The last move's mark on the hole: a ring where it started, a dot on a landing, a halo where it ended. */
  readonly lastMark: SVGCircleElement;
}

export class Board {
  readonly element: SVGSVGElement;
  private options: BoardOptions;
  private readonly picker = new MovePicker();
  private readonly parts: HoleParts[] = [];
  private readonly starLayer: SVGGElement;
  private readonly trail: SVGGElement;
  /** What the trail shows now, so that it is drawn again only when that changes. */
  private trailKey = "";
  /** The classes the last move gives the holes on its path (`last-from`, `last-via`, `last-to`). */
  private trailRoles = new Map<Hole, readonly string[]>();
  private readonly preview: SVGPolylineElement;
  /** The moves since: faint lines under the holes, numbered badges over them. */
  private readonly sinceLines: SVGGElement;
  private readonly sinceBadges: SVGGElement;
  /** What the moves since show now, so that they are drawn again only when that changes. */
  private sinceKey = "";
  /** The hole names at the rows' ends, when they are shown. */
  private readonly coordinates: SVGGElement;
  private coordinatesShown = false;
  /** The board's own box, without the hole names around it. */
  private readonly box: readonly [number, number, number, number];
  /** Sixths of a turn clockwise the board is turned by (0: N at the top). */
  private sixths = 0;
  /** Where each hole is drawn, by hole index, for the current turn. */
  private places: [number, number][] = Array.from({ length: HOLE_COUNT }, (_, hole) => holeXY(hole));
  private readonly animationLayer: SVGGElement;
  /** The analysis's better move: an arrow over the pieces, and what it shows, so that it is drawn again only when that changes. */
  private readonly betterLayer: SVGGElement;
  private betterKey = "";
  private view: Omit<BoardView, "moves"> = { variant: DEFAULT_SETTINGS.variant, pieces: {}, lastMove: null };
  /** The hole that holds the board's tab stop. */
  private focusHole: Hole = CENTRE;
  /** Holes whose piece is hidden while a move is animated onto them. */
  private readonly hidden = new Map<string, number>();
  private animations: Promise<void> = Promise.resolve();
  /** Counts the animations asked for: one still waiting when a later one comes is skipped. */
  private animationsAsked = 0;
  /** Taps that snap to the nearest target, and the zoom on a piece picked by a tap (touch.ts). */
  private readonly touch: TouchAssist;
  /** The holes marked for a refused pick, and when each mark ends. */
  private readonly refusedMarks = new Map<SVGGElement, ReturnType<typeof setTimeout>>();

  constructor(options: BoardOptions) {
    this.options = options;
    const [minX, maxX] = [-6 * D - 2 * MARGIN, 6 * D + 2 * MARGIN];
    const [minY, maxY] = [-2 * MARGIN, 16 * ROW_HEIGHT + 2 * MARGIN];
    this.box = [minX, minY, maxX, maxY];
    const svg = el("svg", {
      viewBox: `${minX} ${minY} ${maxX - minX} ${maxY - minY}`,
      class: "board",
      role: "group",
    });
    this.element = svg;
    svg.dataset.turn = "0";
    drawPieceColours(svg, "piece");
    this.starLayer = drawStar(svg);
    drawGrid(svg, HOLE_ALL);
    this.coordinates = el("g", { class: "coordinates", "aria-hidden": "true" }, svg);
    // The moves since and the last move's path: over the board and its lines, under the holes' pieces.
    this.sinceLines = el("g", { class: "since-lines", "aria-hidden": "true" }, svg);
    this.trail = el("g", { class: "trail", "aria-hidden": "true" }, svg);
    this.preview = el("polyline", { class: "preview", points: "", "aria-hidden": "true" }, svg);
    const holesLayer = el("g", { class: "holes" }, svg);
    for (let hole = 0; hole < HOLE_COUNT; hole++) this.parts.push(this.drawHole(holesLayer, hole));
    // The badges are over the pieces, on their rims; they take no clicks.
    this.sinceBadges = el("g", { class: "since-badges", "aria-hidden": "true" }, svg);
    // The better move is over the pieces, whose holes it starts and ends on; it takes no clicks.
    this.betterLayer = el("g", { class: "better-move", "aria-hidden": "true" }, svg);
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

  /**
   * Who hears of the picks from now on, in place of those given at first:
   * the table page draws its board before the code that answers the picks
   * has come (table-page/opening.ts).
   */
  listen(handlers: BoardHandlers): void {
    this.options = { ...handlers, i18n: this.options.i18n };
  }

  /** Shows a new state of the table; a selection that no longer fits is dropped. */
  update(view: BoardView): void {
    this.view = view;
    this.picker.offer(variantOf(view), view.moves);
    this.render();
  }

  /**
   * Turns the board `sixths` of a turn clockwise (0 to 5; 3 puts N at the
   * bottom). Every hole is drawn at its new place; nothing else changes.
   */
  setTurn(sixths: number): void {
    const turn = ((Math.round(sixths) % 6) + 6) % 6;
    if (turn === this.sixths) return;
    this.sixths = turn;
    this.places = Array.from({ length: HOLE_COUNT }, (_, hole) => holeXY(turnedHole(hole, turn)));
    const [cx, cy] = holeXY(CENTRE);
    // The star and its points' tints turn as a whole; the star is symmetric, so only the tints move.
    this.starLayer.setAttribute("transform", turn === 0 ? "" : `rotate(${turn * 60} ${cx} ${cy})`);
    this.parts.forEach((parts, hole) => {
      parts.group.setAttribute("transform", translate(this.xy(hole)));
    });
    this.element.dataset.turn = String(turn);
    this.trailKey = "";
    this.sinceKey = "";
    this.betterKey = "";
    this.renderCoordinates();
    this.render();
  }

  /** Shows or hides the hole names at both ends of every row. */
  setCoordinates(shown: boolean): void {
    if (shown === this.coordinatesShown) return;
    this.coordinatesShown = shown;
    this.renderCoordinates();
  }

  /** Sixths of a turn clockwise the board is turned by. */
  get turn(): number {
    return this.sixths;
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
        const [cx, cy] = this.placeOf(name);
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
          // Where the legs run is read at each leg, so a board turned meanwhile is followed.
          await this.animateLeg(ghost, this.xy(holes[leg - 1] as Hole), this.xy(holes[leg] as Hole));
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

  private drawHole(layer: SVGGElement, hole: Hole): HoleParts {
    // Drawn around (0, 0); the group's transform puts it in its place on the (turned) board.
    const [cx, cy] = [0, 0];
    const name = holeName(hole);
    const group = el(
      "g",
      { class: "hole", "data-hole": name, role: "button", tabindex: -1, transform: translate(this.xy(hole)) },
      layer,
    );
    el("circle", { class: "hit", cx, cy, r: 0.5 * D }, group);
    // A point's holes show its mark where other holes have a round dimple.
    const home = HOME.get(hole);
    if (home) group.append(markUse(home, cx, cy, HOME_MARK_R, "dimple home-mark"));
    else el("circle", { class: "dimple", cx, cy, r: 0.2 * D }, group);
    el("circle", { class: "marker", cx, cy, r: 0.3 * D }, group);
    // The last move's mark on this hole (its start, a landing, its end), under the piece: styles.css draws it.
    const lastMark = el("circle", { class: "last-mark", cx, cy, r: 0.3 * D }, group);
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
    return { group, piece, mark, label, lastMark };
  }

  // --- Picks -----------------------------------------------------------------------------------

  private pick(name: string): void {
    const before = this.picker.selection;
    const move = this.picker.pick(name);
    const after = this.picker.selection;
    const selected = after.length > 0 && (after.length > before.length || after[0] !== before[0]);
    const dropped = before[0] === name;
    if (move === null && !selected && !dropped) this.refused(name, before.length > 0);
    if (selected) this.options.onPiecePicked?.();
    this.changed(move);
  }

  /** Marks the hole for a moment (styles.css shakes it, or only flashes it under reduced motion) and tells the page. */
  private refused(name: string, hadSelection: boolean): void {
    const group = this.parts[parseHole(name)]?.group;
    if (group) {
      group.classList.remove("refused");
      // Read a layout property so that removing and adding the class starts the animation again.
      void group.getBoundingClientRect();
      group.classList.add("refused");
      const marked = this.refusedMarks.get(group);
      clearTimeout(marked);
      this.refusedMarks.set(
        group,
        setTimeout(() => {
          group.classList.remove("refused");
          this.refusedMarks.delete(group);
        }, REFUSED_MS),
      );
    }
    const piece = this.hidden.has(name) ? undefined : this.view.pieces[name];
    this.options.onRefusedPick?.({ hole: name, piece, hadSelection });
  }

  private point(name: string | null): void {
    this.picker.point(name);
    this.renderPreview();
  }

  /** Redraws after a pick or a button, then sends the move it completed, if any. */
  private changed(move: readonly string[] | null): void {
    this.render();
    this.options.onSelection?.();
    if (move) this.options.onMove?.(move);
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
    this.renderTrail();
    this.renderSince();
    this.renderBetter();
    const sinceLabels = new Map((this.view.since ?? []).map((mark) => [mark.path.at(-1), mark.label]));
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
      classes.push(...(this.trailRoles.get(hole) ?? []));
      if (this.refusedMarks.has(parts.group)) classes.push("refused");
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
      const since = sinceLabels.get(name);
      if (since) extra.push(since);
      parts.group.setAttribute("aria-label", [what, ...extra].join(", "));
      if (selected || landing > 0) parts.group.setAttribute("aria-pressed", "true");
      else parts.group.removeAttribute("aria-pressed");
    });
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

  /** Where a hole is drawn on the board as it is turned now. */
  private xy(hole: Hole): [number, number] {
    return this.places[hole] ?? holeXY(hole);
  }

  private placeOf(name: string): [number, number] {
    return this.xy(parseHole(name));
  }

  private pointsOf(path: readonly string[]): string {
    return path.map((name) => this.placeOf(name).join(",")).join(" ");
  }

  /**
   * The last move: its path as a line with a light casing, an arrowhead on
   * each jump, a dot on each landing, a ring on the hole it left, a halo round
   * the piece where it ended, and a × where each captured piece stood. The
   * line runs over the board under the holes' pieces, so it hides none; the
   * holes' own marks are classes on their groups (`last-from`, `last-via`,
   * `last-to`).
   */
  private renderTrail(): void {
    const last = this.view.lastMove;
    const path = last && last.path.length > 1 ? last.path : [];
    const captured = path.length > 0 && last ? last.captured : [];
    const key = `${this.sixths}|${path.join("-")}|${captured.join(",")}`;
    if (key === this.trailKey) return;
    this.trailKey = key;
    const end = path.length - 1;
    this.trailRoles = new Map();
    this.parts.forEach((parts, hole) => {
      const name = holeName(hole);
      const index = path.lastIndexOf(name);
      const role = index < 0 ? null : index === end ? "last-to" : path[0] === name ? "last-from" : "last-via";
      // A capture chain may end where it started: that hole is both.
      if (role) this.trailRoles.set(hole, role === "last-to" && path[0] === name ? [role, "last-from"] : [role]);
      parts.lastMark.setAttribute(
        "r",
        String(role === "last-to" ? 0.53 * D : role === "last-from" ? 0.3 * D : 0.15 * D),
      );
    });
    this.trail.replaceChildren();
    if (path.length === 0) {
      this.element.removeAttribute("data-last-move");
      return;
    }
    this.element.dataset.lastMove = formatPathNames(path);
    const points = this.pointsOf(path);
    el("polyline", { class: "trail-casing", points }, this.trail);
    el("polyline", { class: "trail-line", points }, this.trail);
    for (let leg = 1; leg < path.length; leg++) {
      const [x1, y1] = this.placeOf(path[leg - 1] as string);
      const [x2, y2] = this.placeOf(path[leg] as string);
      const length = Math.hypot(x2 - x1, y2 - y1);
      // A step's holes are too close for an arrow: the ring and the halo say which way it went.
      if (length < 1.5 * D) continue;
      // The tip stops short of the piece jumped over (a race jump's middle hole), where the line is seen.
      const tip = Math.min(0.62 * D, length / 2 - PIECE_R);
      const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
      const [tx, ty] = [x1 + ux * tip, y1 + uy * tip];
      const [bx, by] = [tx - ux * 0.3 * D, ty - uy * 0.3 * D];
      const w = 0.17 * D;
      el(
        "polygon",
        { class: "trail-arrow", points: `${tx},${ty} ${bx - uy * w},${by + ux * w} ${bx + uy * w},${by - ux * w}` },
        this.trail,
      );
    }
    for (const name of captured) {
      const [x, y] = this.placeOf(name);
      const r = 0.2 * D;
      el(
        "path",
        { class: "trail-captured", d: `M${x - r},${y - r}L${x + r},${y + r}M${x - r},${y + r}L${x + r},${y - r}` },
        this.trail,
      );
    }
  }

  /**
   * The moves since: each numbered on a badge at its landing hole in its
   * piece's colour (the piece under it shows its mark), and all but the last
   * move (which has its own trail) as a faint line in that colour from a dot
   * where it started.
   */
  private renderSince(): void {
    const marks = this.view.since ?? [];
    const { pieces, lastMove } = this.view;
    const last = lastMove ? formatPathNames(lastMove.path) : "";
    const colours = marks.map((mark) => pieces[mark.path.at(-1) ?? ""] ?? "neutral");
    const key = JSON.stringify([this.sixths, last, marks.map((mark) => [mark.path, mark.order]), colours]);
    if (key === this.sinceKey) return;
    this.sinceKey = key;
    this.sinceLines.replaceChildren();
    this.sinceBadges.replaceChildren();
    marks.forEach((mark, index) => {
      const end = mark.path.at(-1);
      if (end === undefined) return;
      const colour = colours[index] ?? "neutral";
      const fill = POINT_COLOURS[colour].fill;
      if (mark.path.length > 1 && formatPathNames(mark.path) !== last) {
        const line = el("g", { class: "since-line" }, this.sinceLines);
        const points = this.pointsOf(mark.path);
        el("polyline", { class: "since-casing", points }, line);
        el("polyline", { class: "since-path", points, stroke: fill }, line);
        const [x, y] = this.placeOf(mark.path[0] as string);
        el("circle", { class: "since-start", cx: x, cy: y, r: 0.13 * D, fill }, line);
      }
      const [x, y] = this.placeOf(end);
      const badge = el(
        "g",
        {
          class: "since-badge",
          "data-landing": end,
          "data-order": mark.order,
          transform: translate([x + BADGE_AT[0], y + BADGE_AT[1]]),
        },
        this.sinceBadges,
      );
      el("circle", { r: BADGE_R, fill }, badge);
      const ink = colour === "neutral" ? "#fff" : POINT_COLOURS[colour].mark;
      el("text", { y: 0.12 * D, fill: ink }, badge).textContent = String(mark.order);
    });
  }

  /**
   * The analysis's better move: a broad arrow along its path, from the hole it
   * leaves to the hole it ends on, with a light casing, over the pieces (the
   * position shown is the one after the move played, whose trail is under it).
   * The page says the move in words beside the chart.
   */
  private renderBetter(): void {
    const path = this.view.better ?? [];
    const key = `${this.sixths}|${path.join("-")}`;
    if (key === this.betterKey) return;
    this.betterKey = key;
    this.betterLayer.replaceChildren();
    if (path.length < 2) {
      this.element.removeAttribute("data-better-move");
      return;
    }
    this.element.dataset.betterMove = formatPathNames(path);
    const holes = path.map((name) => this.placeOf(name));
    const [x1, y1] = holes[holes.length - 2] as [number, number];
    const [x2, y2] = holes[holes.length - 1] as [number, number];
    const length = Math.hypot(x2 - x1, y2 - y1);
    const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
    // The shaft stops where the head begins; the head's tip reaches the centre of the last hole.
    const head = 0.55 * D;
    const w = 0.32 * D;
    const [bx, by] = [x2 - ux * head, y2 - uy * head];
    const shaft = [...holes.slice(0, -1), [bx, by]].map((point) => point.join(",")).join(" ");
    const tip = `${x2},${y2} ${bx - uy * w},${by + ux * w} ${bx + uy * w},${by - ux * w}`;
    el("polyline", { class: "better-casing", points: shaft }, this.betterLayer);
    el("polygon", { class: "better-casing", points: tip }, this.betterLayer);
    el("polyline", { class: "better-line", points: shaft }, this.betterLayer);
    el("polygon", { class: "better-head", points: tip }, this.betterLayer);
    const [sx, sy] = holes[0] as [number, number];
    el("circle", { class: "better-start", cx: sx, cy: sy, r: 0.2 * D }, this.betterLayer);
  }

  /**
   * The hole names at both ends of each row (one for a row of one hole),
   * upright, a little beyond its end along the row's own line, wherever the
   * turn puts it; the board's box grows to take them in.
   */
  private renderCoordinates(): void {
    this.coordinates.replaceChildren();
    let [minX, minY, maxX, maxY] = this.box;
    if (this.coordinatesShown) {
      for (const { name, at } of coordinateLabels(this.sixths)) {
        const [x, y] = at;
        const text = el("text", { class: "coordinate", x, y, "data-names": name }, this.coordinates);
        text.textContent = name;
        [minX, maxX] = [Math.min(minX, x - 0.45 * D), Math.max(maxX, x + 0.45 * D)];
        [minY, maxY] = [Math.min(minY, y - 0.35 * D), Math.max(maxY, y + 0.35 * D)];
      }
    }
    this.element.setAttribute("viewBox", `${minX} ${minY} ${maxX - minX} ${maxY - minY}`);
    this.element.classList.toggle("with-coordinates", this.coordinatesShown);
  }

  private renderPreview(): void {
    const path = this.picker.preview;
    this.preview.setAttribute("points", path ? this.pointsOf(path) : "");
    // Number the landings of a previewed destination's path (the race), so a chain shows every landing.
    if (!variantOf(this.view).landings) {
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
    let target: Hole | undefined;
    switch (event.key) {
      // Screen directions, whichever way the board is turned.
      case "ArrowLeft":
      case "ArrowRight":
      case "ArrowUp":
      case "ArrowDown":
        target = arrowTarget(hole, event.key, this.sixths);
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

/** Every hole of the board. */
const HOLE_ALL: readonly Hole[] = Array.from({ length: HOLE_COUNT }, (_, hole) => hole);

/** A point's mark (none yet when `point` is null) centred on (cx, cy), `r` wide either side; its fill is the caller's. */
function markUse(point: Point | null, cx: number, cy: number, r: number, className: string): SVGUseElement {
  const use = el("use", { class: className, x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, "aria-hidden": "true" });
  if (point) use.setAttribute("href", `#piece-mark-${point}`);
  return use;
}

/** Shows the mark of `point` on a piece, in the tone that stands out on its colour; nothing for no point. */
function setMark(use: SVGUseElement, point: Point | undefined): void {
  if (point) {
    use.setAttribute("href", `#piece-mark-${point}`);
    use.setAttribute("fill", POINT_COLOURS[point].mark);
    use.removeAttribute("visibility");
  } else {
    use.removeAttribute("href");
    use.setAttribute("visibility", "hidden");
  }
}
