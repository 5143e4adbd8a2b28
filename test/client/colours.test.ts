/**
 * The points' colours stay apart for everyone. Each of the six fills is seen
 * as it is and through simulations of the three dichromacies at full severity
 * (protanopia, deuteranopia, tritanopia: Machado, Oliveira and Fernandes 2009,
 * as culori implements them), and every pair must stay at least MIN_APART
 * apart in CIEDE2000; every fill (and the capture variant's neutral piece)
 * must also stand MIN_FROM_BOARD from the board's wood in light and dark mode,
 * both read from styles.css, and each point's tint must show on the board.
 *
 * Why 20: ΔE00 ≈ 2 is a just-noticeable difference between two large patches
 * side by side. Pieces are small (about 25 px on a phone) and are told apart
 * across the board, not side by side, so they need many times that. The pairs
 * people reported as the same colour in the old palette were 7 (red and black,
 * protanopia), 9 (red and green, deuteranopia) and 17 (green and blue,
 * tritanopia); its closest pair for normal vision, told apart by everyone, was
 * 30. Twenty sits above every reported confusion with room to spare.
 *
 * Why 12 from the board: every piece also has an edge and a mark, so it need
 * not stand out by its fill alone; 12 keeps the fill clearly off the wood.
 *
 * The test names carry the closest pair for each vision, so a run shows how
 * much room the palette has.
 */
import {
  type Color,
  clampRgb,
  differenceCiede2000,
  filterDeficiencyDeuter,
  filterDeficiencyProt,
  filterDeficiencyTrit,
  parse,
  wcagContrast,
} from "culori";
import { describe, expect, it } from "vitest";
import { MARKS, POINT_COLOURS } from "../../src/client/ui/colours.ts";
import styles from "../../src/client/ui/styles.css?raw";
import { POINTS, type Point } from "../../src/rules/index.ts";

const MIN_APART = 20;
const MIN_FROM_BOARD = 12;
/** A point's tint against the wood, for normal vision: the triangle must show (its mark does the rest). */
const MIN_TINT = 8;

const deltaE = differenceCiede2000();

const VISIONS: Record<string, (colour: Color) => Color> = {
  "normal vision": (colour) => colour,
  protanopia: filterDeficiencyProt(1),
  deuteranopia: filterDeficiencyDeuter(1),
  tritanopia: filterDeficiencyTrit(1),
};

function colour(hex: string): Color {
  const parsed = parse(hex);
  if (!parsed) throw new Error(`not a colour: ${hex}`);
  return parsed;
}

/** A colour as someone with this vision sees it (the simulation can leave the sRGB gamut: clamped, as a screen does). */
function seen(hex: string, vision: (colour: Color) => Color): Color {
  return clampRgb(vision(colour(hex)));
}

interface Pair {
  readonly a: string;
  readonly b: string;
  readonly delta: number;
}

/** The two fills closest to each other for this vision. */
function closestPair(fills: Readonly<Record<Point, string>>, vision: (colour: Color) => Color): Pair {
  let closest: Pair = { a: "", b: "", delta: Number.POSITIVE_INFINITY };
  POINTS.forEach((a, i) => {
    for (const b of POINTS.slice(i + 1)) {
      const delta = deltaE(seen(fills[a], vision), seen(fills[b], vision));
      if (delta < closest.delta) closest = { a, b, delta };
    }
  });
  return closest;
}

/** The board's wood in one colour scheme, as styles.css sets it. */
function wood(scheme: "light" | "dark"): string {
  const dark = "@media (prefers-color-scheme: dark)";
  const at = styles.indexOf(dark);
  if (at < 0) throw new Error("styles.css has no dark mode");
  const part = scheme === "light" ? styles.slice(0, at) : styles.slice(at);
  const found = /--wood:\s*(#[0-9a-f]{6})\b/i.exec(part);
  if (!found?.[1]) throw new Error(`styles.css sets no --wood for the ${scheme} scheme`);
  return found[1];
}

/** A point's triangle's tints, light and dark, as styles.css sets them on its class. */
function pointTints(point: Point): { tint: string; tintDark: string } {
  const rule = new RegExp(`\\.point-${point}\\s*\\{([^}]*)\\}`).exec(styles)?.[1] ?? "";
  const tint = /--tint:\s*(#[0-9a-f]{6})\b/i.exec(rule)?.[1];
  const tintDark = /--tint-dark:\s*(#[0-9a-f]{6})\b/i.exec(rule)?.[1];
  if (!tint || !tintDark) throw new Error(`styles.css sets no tints for .point-${point}`);
  return { tint, tintDark };
}

const fills = Object.fromEntries(POINTS.map((point) => [point, POINT_COLOURS[point].fill])) as Record<Point, string>;
const format = ({ a, b, delta }: Pair) => `${a}–${b} ΔE00 ${delta.toFixed(1)}`;

describe(`the six points' colours stay at least ΔE00 ${MIN_APART} apart`, () => {
  for (const [name, vision] of Object.entries(VISIONS)) {
    const closest = closestPair(fills, vision);
    it(`with ${name}: closest ${format(closest)}`, () => {
      expect(closest.delta).toBeGreaterThanOrEqual(MIN_APART);
    });
  }

  it("a palette that merges colours for some vision fails the check (the old palette)", () => {
    const old: Record<Point, string> = {
      N: "#d7263d",
      NE: "#f2c200",
      SE: "#23944f",
      S: "#1f5fcf",
      SW: "#f2f2f2",
      NW: "#262626",
    };
    const closest = Object.fromEntries(Object.entries(VISIONS).map(([name, v]) => [name, closestPair(old, v)]));
    expect(closest["normal vision"]?.delta).toBeGreaterThanOrEqual(MIN_APART);
    expect(closest.protanopia).toMatchObject({ a: "N", b: "NW" }); // red and black
    expect(closest.deuteranopia).toMatchObject({ a: "N", b: "SE" }); // red and green
    expect(closest.tritanopia).toMatchObject({ a: "SE", b: "S" }); // green and blue
    for (const name of ["protanopia", "deuteranopia", "tritanopia"])
      expect(closest[name]?.delta, name).toBeLessThan(MIN_APART);
  });
});

describe(`every piece stands at least ΔE00 ${MIN_FROM_BOARD} from the board`, () => {
  for (const scheme of ["light", "dark"] as const) {
    const board = wood(scheme);
    for (const [name, vision] of Object.entries(VISIONS)) {
      const deltas = Object.entries(POINT_COLOURS).map(([piece, { fill }]) => ({
        piece,
        delta: deltaE(seen(fill, vision), seen(board, vision)),
      }));
      const closest = deltas.reduce((a, b) => (b.delta < a.delta ? b : a));
      it(`${scheme} board ${board}, ${name}: closest ${closest.piece} ΔE00 ${closest.delta.toFixed(1)}`, () => {
        for (const { piece, delta } of deltas) expect(delta, piece).toBeGreaterThanOrEqual(MIN_FROM_BOARD);
      });
    }
  }
});

describe("the points and the marks", () => {
  it(`each point's tint shows on the board in both schemes (ΔE00 ≥ ${MIN_TINT})`, () => {
    for (const point of POINTS) {
      const { tint, tintDark } = pointTints(point);
      expect(deltaE(colour(tint), colour(wood("light"))), `${point} light`).toBeGreaterThanOrEqual(MIN_TINT);
      expect(deltaE(colour(tintDark), colour(wood("dark"))), `${point} dark`).toBeGreaterThanOrEqual(MIN_TINT);
    }
  });

  it("each mark stands out on its piece (contrast ≥ 3:1, as WCAG asks of graphics)", () => {
    for (const point of POINTS) {
      const { fill, mark } = POINT_COLOURS[point];
      expect(wcagContrast(mark, fill), point).toBeGreaterThanOrEqual(3);
    }
  });

  it("every point has a shape of its own", () => {
    const shapes = POINTS.map((point) => MARKS[point].shape);
    const paths = POINTS.map((point) => MARKS[point].d);
    expect(new Set(shapes).size).toBe(POINTS.length);
    expect(new Set(paths).size).toBe(POINTS.length);
  });
});
