/**
 * A link as a QR code (an SVG string): the table's, in the share box, or a
 * seat's one-time hand-over link. A module of its own so that the page loads
 * it, and the encoder (uqr), only when one is drawn: esbuild makes it a file
 * of its own (public/build/qr-<hash>.js).
 */
import { renderSVG } from "uqr";

export function qrSvg(link: string): string {
  return renderSVG(link, { ecc: "M", border: 2, pixelSize: 4, blackColor: "#111", whiteColor: "#fff" });
}
