/**
 * What the table page's picture is made of, between the build that draws it
 * (src/client/ui/table-page/picture.ts) and the worker that puts it in the
 * page's HTML (src/server/http/table-picture.ts), and the cookie the page
 * keeps its board's turn in, for its own address alone (`/t/<id>`,
 * `/embed/<id>`): the sixths of a turn clockwise (0 to 5) it last drew the
 * board at, from which the worker picks the turned picture.
 */
import type { Point } from "../rules/index.ts";

export const BOARD_TURN_COOKIE = "board-turn";
/** A year, in seconds: the turn is kept as long as the table's tokens are. */
export const BOARD_TURN_COOKIE_MAX_AGE = 31_536_000;

/** What a piece changes on its hole's elements, by their class: attributes to set, or to remove (null). */
export type HoleAttributes = Readonly<Record<string, Readonly<Record<string, string | null>>>>;
/** What a piece of each colour (and a neutral one) changes on its hole: `picture/pieces.json`. */
export type PieceDrawings = Readonly<Record<Point | "neutral", HoleAttributes>>;
