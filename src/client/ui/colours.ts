/** The colours of the six points and of the capture variant's neutral pieces, on the board and beside players' names. */
import type { Point } from "../../rules/index.ts";
import { h } from "./dom.ts";

export const POINT_COLOURS: Record<
  Point | "neutral",
  { readonly fill: string; readonly light: string; readonly tint: string }
> = {
  N: { fill: "#d7263d", light: "#ff7a86", tint: "#f4b6bb" },
  NE: { fill: "#f2c200", light: "#fff08a", tint: "#f8e49a" },
  SE: { fill: "#23944f", light: "#74d69a", tint: "#b5dfc2" },
  S: { fill: "#1f5fcf", light: "#7fb0ff", tint: "#b7cbef" },
  SW: { fill: "#f2f2f2", light: "#ffffff", tint: "#fbfbf7" },
  NW: { fill: "#262626", light: "#777777", tint: "#a9a49b" },
  neutral: { fill: "#8c6a4a", light: "#d2b08c", tint: "#e2cfae" },
};

/** A small square of a point's colour, shown beside a player's name. */
export function swatch(point: Point): HTMLElement {
  const element = h("span", { class: `swatch swatch-${point}`, "aria-hidden": "true" });
  // Through the CSSOM: the Content-Security-Policy (style-src 'self') refuses style attributes.
  element.style.background = POINT_COLOURS[point].fill;
  return element;
}
