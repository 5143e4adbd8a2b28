/**
 * The cookie the table page keeps its board's turn in, for its own address
 * alone (`/t/<id>`, `/embed/<id>`): the sixths of a turn clockwise (0 to 5)
 * it last drew the board at, from which the worker picks the turned picture
 * of the board it puts in the page's HTML (src/server/http/table-picture.ts).
 */
export const BOARD_TURN_COOKIE = "board-turn";
/** A year, in seconds: the turn is kept as long as the table's tokens are. */
export const BOARD_TURN_COOKIE_MAX_AGE = 31_536_000;
