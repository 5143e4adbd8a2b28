/**
 * The table page's first picture, drawn at build time by this page's own
 * code (scripts/build-client.mjs runs it in happy-dom): the title bar in
 * each language, the empty board turned by each sixth of a turn, and what a
 * hole with a piece of each colour has that an empty one has not. The
 * worker puts the title bar and the board, with the table's pieces, in the
 * table page's HTML (src/server/http/table-picture.ts), so that a phone
 * shows them as soon as the HTML (which carries the style sheet) is in, before any
 * script; the page's opening (opening.ts) then draws its own board in the
 * picture's place, the same, and the live page grows around it.
 *
 * The picture is only a picture: hidden from screen readers, with no hole
 * to tab to, until the page's own board takes its place.
 */
import type { HoleAttributes, PieceDrawings } from "../../../protocol/table-picture.ts";
import { DEFAULT_SETTINGS, holeName, POINTS, type Point } from "../../../rules/index.ts";
import { Board } from "../board.ts";
import { header } from "../chrome.ts";
import { I18n, LANGUAGES, type Language } from "../i18n/index.ts";
import { NO_MOVES } from "../legal-moves.ts";

export interface TablePicture {
  /** The title bar, by language. */
  readonly headers: Readonly<Record<Language, string>>;
  /** The empty board, by sixths of a turn clockwise (0 to 5). */
  readonly boards: readonly string[];
  /**
   * What a hole with a piece of each colour (and a neutral one) has that an
   * empty hole has not: attributes to set, or to remove (null), on its
   * elements by their class.
   */
  readonly pieces: PieceDrawings;
}

/** The elements of a hole the pieces change, by class. */
const PIECE_PARTS = ["hole", "piece", "piece-mark"] as const;

export async function drawTablePicture(): Promise<TablePicture> {
  const headers = {} as Record<Language, string>;
  for (const language of LANGUAGES) headers[language] = header(await I18n.start(language)).outerHTML;
  const i18n = await I18n.start("en");
  const boards = [0, 1, 2, 3, 4, 5].map((turn) => {
    const board = new Board({ i18n });
    board.setTurn(turn);
    return picture(board.element);
  });
  // One board with a piece of each colour on a hole of its own, read back hole by hole against an empty one.
  const board = new Board({ i18n });
  const colours: (Point | "neutral")[] = [...POINTS, "neutral"];
  board.update({
    variant: DEFAULT_SETTINGS.variant,
    pieces: Object.fromEntries(colours.map((colour, hole) => [holeName(60 + hole), colour])),
    moves: NO_MOVES,
    lastMove: null,
  });
  const empty = attributesOf(board.element, holeName(59));
  const pieces = Object.fromEntries(
    colours.map((colour, hole) => [colour, difference(empty, attributesOf(board.element, holeName(60 + hole)))]),
  ) as PieceDrawings;
  return { headers, boards, pieces };
}

/**
 * What a hole has that draws nothing until the board is used (a pick's
 * target, the last move's marks, a focus ring, a landing's number): left
 * out of the picture, which is never used, to spare the HTML its bytes.
 */
const UNDRAWN = ".hole .hit, .hole .marker, .hole .last-mark, .hole .ring, .hole .landing-number";

/** A number as the picture writes it: to a thousandth of a unit (the holes are 10 apart), far below a pixel. */
const rounded = (markup: string) =>
  markup.replace(/-?\d+\.\d{4,}/g, (number) => String(Math.round(Number(number) * 1000) / 1000));

/**
 * The board's markup as a picture: no label, role or tab stop, hidden from
 * screen readers, without what draws nothing, its numbers rounded.
 */
function picture(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  for (const element of copy.querySelectorAll(UNDRAWN)) element.remove();
  for (const element of [copy, ...copy.querySelectorAll("*")]) {
    for (const name of ["aria-label", "aria-pressed", "role", "tabindex"]) element.removeAttribute(name);
  }
  copy.setAttribute("aria-hidden", "true");
  copy.classList.add("picture");
  return rounded(copy.outerHTML);
}

function attributesOf(svg: SVGSVGElement, hole: string): Record<string, Record<string, string>> {
  const group = svg.querySelector(`.hole[data-hole="${hole}"]`);
  if (!group) throw new Error(`no hole ${hole}`);
  const parts: Record<string, Record<string, string>> = {};
  for (const part of PIECE_PARTS) {
    const element = part === "hole" ? group : group.querySelector(`.${part}`);
    if (!element) throw new Error(`no .${part} in hole ${hole}`);
    parts[part] = Object.fromEntries(
      [...element.attributes]
        .filter(
          ({ name }) => !["aria-label", "aria-pressed", "role", "tabindex", "transform", "data-hole"].includes(name),
        )
        .map(({ name, value }) => [name, value]),
    );
  }
  return parts;
}

function difference(
  empty: Record<string, Record<string, string>>,
  full: Record<string, Record<string, string>>,
): HoleAttributes {
  const changes: Record<string, Record<string, string | null>> = {};
  for (const part of PIECE_PARTS) {
    const before = empty[part] ?? {};
    const after = full[part] ?? {};
    const changed: Record<string, string | null> = {};
    for (const [name, value] of Object.entries(after)) if (before[name] !== value) changed[name] = value;
    for (const name of Object.keys(before)) if (!(name in after)) changed[name] = null;
    changes[part] = changed;
  }
  return changes;
}
