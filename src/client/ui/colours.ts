/**
 * The colours of the six points and of the capture variant's neutral pieces,
 * and each point's mark: the second cue, a shape drawn on its pieces, in the
 * holes of its point and in the swatch beside a player's name, so that no one
 * has to tell the points apart by colour alone.
 *
 * The six fills stay apart (CIEDE2000) for normal vision and under simulated
 * protanopia, deuteranopia and tritanopia, and from the board in light and dark
 * mode: test/client/colours.test.ts checks it. They differ in lightness as much
 * as in hue (white, yellow, green, red, blue, black run from light to dark), and
 * the red leans to vermilion and the green to jade, so that red and green keep
 * apart for red-green blindness and green and blue for blue-yellow blindness.
 */
import type { Point } from "../../rules/index.ts";

export interface PieceColour {
  /** The piece. */
  readonly fill: string;
  /** The piece's highlight, at the top left of its gradient. */
  readonly light: string;
}

export interface PointColour extends PieceColour {
  /** The point's mark on the piece: a tone of its own hue that stands out on the fill. (Its triangle's tints are styles.css's.) */
  readonly mark: string;
}

/** The neutral pieces of the capture variant belong to no one: they have no mark. */
export const POINT_COLOURS: Record<Point, PointColour> & { readonly neutral: PieceColour } = {
  N: { fill: "#eb3423", light: "#fe9b8b", mark: "#4a0a03" },
  NE: { fill: "#fbce19", light: "#fff0a6", mark: "#4d3b00" },
  SE: { fill: "#2db087", light: "#99d4bc", mark: "#04291c" },
  S: { fill: "#265cd3", light: "#85a8eb", mark: "#e4ecff" },
  SW: { fill: "#f9f9f9", light: "#ffffff", mark: "#3b3b3b" },
  NW: { fill: "#181818", light: "#777777", mark: "#d8d8d8" },
  neutral: { fill: "#8c6a4a", light: "#d2b08c" },
};

/**
 * Each point's mark, as an SVG path in the square from (-1, -1) to (1, 1),
 * filled with the even-odd rule. Six shapes that stay apart at a few pixels:
 * the colours a deficiency brings closest get the most different shapes (red's
 * ring and green's triangle, green's triangle and blue's square, yellow's
 * diamond and white's cross).
 */
export const MARKS: Record<Point, { readonly shape: string; readonly d: string }> = {
  N: {
    shape: "ring",
    d: "M0,-0.86A0.86,0.86 0 1 1 0,0.86A0.86,0.86 0 1 1 0,-0.86ZM0,-0.42A0.42,0.42 0 1 1 0,0.42A0.42,0.42 0 1 1 0,-0.42Z",
  },
  NE: { shape: "diamond", d: "M0,-1L0.78,0L0,1L-0.78,0Z" },
  SE: { shape: "triangle", d: "M0,-0.92L0.94,0.7L-0.94,0.7Z" },
  S: { shape: "square", d: "M-0.7,-0.7H0.7V0.7H-0.7Z" },
  SW: { shape: "cross", d: "M-0.23,-0.95H0.23V-0.23H0.95V0.23H0.23V0.95H-0.23V0.23H-0.95V-0.23H-0.23Z" },
  NW: {
    shape: "star",
    d: "M0,-0.95L0.26,-0.28L0.98,-0.24L0.42,0.22L0.61,0.92L0,0.52L-0.61,0.92L-0.42,0.22L-0.98,-0.24L-0.26,-0.28Z",
  },
};

const SVG = "http://www.w3.org/2000/svg";

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string>): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  return element;
}

/** A small piece of a point's colour with its mark, shown beside a player's name. */
export function swatch(point: Point): SVGSVGElement {
  const colour = POINT_COLOURS[point];
  const element = svg("svg", {
    class: `swatch swatch-${point}`,
    viewBox: "-1 -1 2 2",
    "aria-hidden": "true",
    "data-mark": MARKS[point].shape,
  });
  element.append(
    svg("circle", { class: "swatch-piece", r: "0.92", fill: colour.fill }),
    svg("path", { d: MARKS[point].d, transform: "scale(0.52)", fill: colour.mark, "fill-rule": "evenodd" }),
  );
  return element;
}
