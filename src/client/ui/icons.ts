/**
 * Small line icons, drawn in the text's colour: a stopwatch (a move the
 * clock forced), the computer (a move or a seat it plays) and a list (the
 * title bar's "My tables"). SVG rather than
 * emoji, which not every device's fonts have.
 */
const SVG = "http://www.w3.org/2000/svg";

/** Each icon's shapes in a 24 × 24 box, as tag and attributes. */
const SHAPES: Record<"stopwatch" | "computer" | "tables", readonly [string, Record<string, string>][]> = {
  stopwatch: [
    ["circle", { cx: "12", cy: "14", r: "7.5" }],
    ["path", { d: "M12 14V9.5M10 2.5h4M12 2.5v4M18 7.5l1.5-1.5" }],
  ],
  computer: [
    ["rect", { x: "4.5", y: "8", width: "15", height: "11.5", rx: "3" }],
    ["path", { d: "M12 8V4.5M9 16h6" }],
    ["circle", { cx: "12", cy: "3.5", r: "1" }],
    ["circle", { cx: "9.3", cy: "12.3", r: "1.2", fill: "currentColor" }],
    ["circle", { cx: "14.7", cy: "12.3", r: "1.2", fill: "currentColor" }],
  ],
  tables: [
    ["path", { d: "M9 6h11M9 12h11M9 18h11" }],
    ["circle", { cx: "4.5", cy: "6", r: "1.2", fill: "currentColor" }],
    ["circle", { cx: "4.5", cy: "12", r: "1.2", fill: "currentColor" }],
    ["circle", { cx: "4.5", cy: "18", r: "1.2", fill: "currentColor" }],
  ],
};

/** An icon named for screen readers and with a tooltip; without a label it is decoration. */
export function icon(name: keyof typeof SHAPES, label?: string): SVGSVGElement {
  const svg = document.createElementNS(SVG, "svg");
  const attributes = { viewBox: "0 0 24 24", class: `glyph glyph-${name}`, fill: "none", stroke: "currentColor" };
  for (const [key, value] of Object.entries(attributes)) svg.setAttribute(key, value);
  svg.setAttribute("stroke-width", "2");
  svg.setAttribute("stroke-linecap", "round");
  if (label) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
    const title = document.createElementNS(SVG, "title");
    title.textContent = label;
    svg.append(title);
  } else {
    svg.setAttribute("aria-hidden", "true");
  }
  for (const [tag, shape] of SHAPES[name]) {
    const element = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(shape)) element.setAttribute(key, value);
    svg.append(element);
  }
  return svg;
}
