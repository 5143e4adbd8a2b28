/**
 * Tapping the board with a finger. On a 390 px phone neighbouring holes are
 * 26 px apart, and a hole's whole hex cell is its hit area: a finger, whose
 * touch is about 44–48 px across (the usual minimum for a touch target),
 * easily lands in the next cell. Two aids, for touch and pen only (a mouse
 * points precisely, and keyboard picks never zoom):
 *
 * - **Zoom.** Once a piece is picked by a tap, the board's viewBox glides to
 *   a window around the piece and every hole it can reach, enlarged so that
 *   neighbouring holes are 48 px apart (2× on a 390 px phone, 2.3× on a
 *   320 px one), and back out once the move is made or the piece dropped.
 *   Every destination is then a 48 px cell, even when destinations are
 *   neighbours (a step to each side of the piece is the common case). When
 *   the destinations are spread too widely for that (a long jump chain), the
 *   zoom is as large as still shows them all.
 * - **Snapping.** A tap goes to the nearest hole that would do something
 *   (a piece that may move, a destination or landing, the selection itself)
 *   within 24 px of it, so a tap a little off its hole, or between two
 *   targets, still picks the closest one: an isolated target takes a 48 px
 *   disc. A tap farther from every such hole is an ordinary click on the
 *   hole under the finger (which drops the selection).
 *
 * Positions are read from the holes' hit areas on screen, so the aids hold
 * whatever transform the board is drawn with.
 */

const SNAP_PX = 24;
/** How far apart neighbouring holes are made by the zoom, in CSS pixels. */
const ZOOM_PITCH_PX = 48;
const MAX_SCALE = 3;
/** A zoom smaller than this is not worth the movement (a large screen). */
const MIN_SCALE = 1.15;
const ZOOM_MS = 220;

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

interface TouchOptions {
  /** The distance between neighbouring holes, in the board's user units. */
  readonly pitch: number;
  /** The holes a tap may resolve to now. */
  targets(): Iterable<string>;
  /** A hole's hit area, whose centre on screen is the hole's. */
  hitArea(hole: string): Element | undefined;
  /** Picks the hole, as a click on it would. */
  pick(hole: string): void;
}

export class TouchAssist {
  private readonly svg: SVGSVGElement;
  private readonly options: TouchOptions;
  /** The kind of the last pointer or key used on the board: "mouse", "touch", "pen" or "key". */
  private input = "mouse";
  /** The whole board's viewBox, kept while zoomed in, and its attribute as it was, to put back exactly. */
  private home: Box | null = null;
  private homeAttribute: string | null = null;
  private shown: Box | null = null;
  private frame = 0;
  /** What the zoom was last asked to show, to do nothing when that did not change. */
  private asked = "";

  constructor(svg: SVGSVGElement, options: TouchOptions) {
    this.svg = svg;
    this.options = options;
    svg.addEventListener("pointerdown", (event) => this.noteInput(event.pointerType || "mouse"), true);
    svg.addEventListener("keydown", () => this.noteInput("key"), true);
    svg.addEventListener("click", (event) => this.onClick(event), true);
  }

  /** Zooms on the selection and where it can go when the selection was made by a tap; else shows the whole board. */
  follow(selection: readonly string[], destinations: ReadonlySet<string>): void {
    const tapped = this.input === "touch" || this.input === "pen";
    const holes = tapped && selection.length > 0 ? [...selection, ...destinations] : [];
    const asked = holes.join(",");
    if (asked === this.asked) return;
    this.asked = asked;
    const box = holes.length > 0 ? this.window(holes) : null;
    if (box) this.glide(box);
    else this.zoomOut();
  }

  private noteInput(kind: string): void {
    this.input = kind;
    // A mouse or the keyboard sees the whole board.
    if (kind === "mouse" || kind === "key") {
      this.asked = "";
      this.zoomOut();
    }
  }

  private onClick(event: MouseEvent): void {
    const kind = "pointerType" in event && typeof event.pointerType === "string" ? event.pointerType : "";
    if ((kind || this.input) === "mouse" || this.input === "key") return;
    const hole = this.nearest(event.clientX, event.clientY);
    if (hole === null) return;
    event.stopPropagation();
    event.preventDefault();
    this.options.pick(hole);
  }

  /** The target nearest to a point on screen, if one is within SNAP_PX of it. */
  private nearest(x: number, y: number): string | null {
    let best: string | null = null;
    let bestDistance = SNAP_PX;
    for (const hole of this.options.targets()) {
      const centre = this.centreOnScreen(hole);
      if (!centre) continue;
      const distance = Math.hypot(centre[0] - x, centre[1] - y);
      if (distance <= bestDistance) {
        best = hole;
        bestDistance = distance;
      }
    }
    return best;
  }

  private centreOnScreen(hole: string): [number, number] | null {
    const rect = this.options.hitArea(hole)?.getBoundingClientRect();
    if (!rect || rect.width === 0) return null;
    return [rect.left + rect.width / 2, rect.top + rect.height / 2];
  }

  /** The viewBox that shows these holes with neighbours ZOOM_PITCH_PX apart (or as near as fits), or null for no zoom. */
  private window(holes: readonly string[]): Box | null {
    const home = this.home ?? this.currentBox();
    const matrix = this.svg.getScreenCTM()?.inverse();
    const width = this.svg.getBoundingClientRect().width;
    if (!home || !matrix || width === 0) return null;
    const points = holes.flatMap((hole) => {
      const centre = this.centreOnScreen(hole);
      return centre ? [new DOMPoint(centre[0], centre[1]).matrixTransform(matrix)] : [];
    });
    if (points.length === 0) return null;
    const pitch = this.options.pitch;
    const margin = 0.8 * pitch;
    const minX = Math.min(...points.map((p) => p.x)) - margin;
    const maxX = Math.max(...points.map((p) => p.x)) + margin;
    const minY = Math.min(...points.map((p) => p.y)) - margin;
    const maxY = Math.max(...points.map((p) => p.y)) + margin;
    const pitchOnScreen = (pitch * width) / home.width;
    let scale = Math.min(MAX_SCALE, ZOOM_PITCH_PX / pitchOnScreen);
    // Every hole asked for stays in view.
    scale = Math.min(scale, home.width / (maxX - minX), home.height / (maxY - minY));
    if (scale < MIN_SCALE) return null;
    const w = home.width / scale;
    const h = home.height / scale;
    const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);
    return {
      x: clamp((minX + maxX) / 2 - w / 2, home.x, home.x + home.width - w),
      y: clamp((minY + maxY) / 2 - h / 2, home.y, home.y + home.height - h),
      width: w,
      height: h,
    };
  }

  private currentBox(): Box | null {
    const box = this.svg.viewBox.baseVal;
    return box && box.width > 0 ? { x: box.x, y: box.y, width: box.width, height: box.height } : null;
  }

  private zoomOut(): void {
    if (this.home) this.glide(this.home, true);
  }

  /** Moves the viewBox to `to`; `out` restores the whole board at the end. */
  private glide(to: Box, out = false): void {
    const from = this.shown ?? this.currentBox();
    if (!from) return;
    if (!this.home) {
      this.home = this.currentBox();
      this.homeAttribute = this.svg.getAttribute("viewBox");
    }
    cancelAnimationFrame(this.frame);
    const set = (box: Box) => {
      this.shown = box;
      this.svg.setAttribute("viewBox", `${box.x} ${box.y} ${box.width} ${box.height}`);
    };
    const end = () => {
      set(to);
      if (out) {
        if (this.homeAttribute !== null) this.svg.setAttribute("viewBox", this.homeAttribute);
        this.home = null;
        this.homeAttribute = null;
        this.shown = null;
      }
      this.svg.classList.toggle("zoomed", !out);
    };
    const reduced = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (reduced) {
      end();
      return;
    }
    const started = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - started) / ZOOM_MS);
      if (t >= 1) {
        end();
        return;
      }
      const k = 1 - (1 - t) ** 3;
      const mix = (a: number, b: number) => a + (b - a) * k;
      set({
        x: mix(from.x, to.x),
        y: mix(from.y, to.y),
        width: mix(from.width, to.width),
        height: mix(from.height, to.height),
      });
      this.frame = requestAnimationFrame(step);
    };
    this.frame = requestAnimationFrame(step);
  }
}
