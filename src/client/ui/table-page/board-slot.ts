/**
 * The board as the table page uses it, and its place on the page before
 * the live board's code has come. Between games the page is built around
 * the worker's picture of the board (the table's pieces, drawn in its HTML:
 * table-picture.ts on the server), which takes no pick; the live board
 * (board.ts, with the picking of moves) comes with the rest of the page's
 * code and takes the picture's place (`attach`), drawn as the page last
 * asked: the same pieces, turned the same way. The page and its panels keep
 * this one object, and act on the live board through it from then on.
 */
import type { Board } from "../board.ts";

/** What the table page and its panels use of the board. */
export type PageBoard = Pick<
  Board,
  | "element"
  | "turn"
  | "building"
  | "canFinish"
  | "update"
  | "setTurn"
  | "setCoordinates"
  | "finish"
  | "undoLanding"
  | "cancel"
  | "relabel"
  | "animate"
  | "listen"
>;

type BoardView = Parameters<Board["update"]>[0];
type BoardHandlers = Parameters<Board["listen"]>[0];

export class BoardSlot implements PageBoard {
  private live: Board | null = null;
  private readonly picture: SVGSVGElement;
  /** What the page asked of the board before it came, for the live board to be drawn so. */
  private view: BoardView | null = null;
  private sixths: number;
  private coordinates: boolean | null = null;
  private handlers: BoardHandlers | null = null;

  /** The board as a picture (`svg.picture`, turned by the sixths the worker drew it at). */
  constructor(picture: SVGSVGElement) {
    this.picture = picture;
    this.sixths = Number(picture.dataset.turn ?? 0) || 0;
  }

  /** The live board, from now on, in the picture's place, drawn as the page last asked. */
  attach(board: Board): void {
    this.live = board;
    board.setTurn(this.sixths);
    if (this.coordinates !== null) board.setCoordinates(this.coordinates);
    if (this.view) board.update(this.view);
    if (this.handlers) board.listen(this.handlers);
    this.picture.replaceWith(board.element);
  }

  get element(): SVGSVGElement {
    return this.live?.element ?? this.picture;
  }

  get turn(): number {
    return this.live?.turn ?? this.sixths;
  }

  /** The picture takes no pick, so no capture path is being built on it. */
  get building(): boolean {
    return this.live?.building ?? false;
  }

  get canFinish(): boolean {
    return this.live?.canFinish ?? false;
  }

  update(view: BoardView): void {
    if (this.live) this.live.update(view);
    else this.view = view;
  }

  setTurn(sixths: number): void {
    if (this.live) this.live.setTurn(sixths);
    else this.sixths = sixths;
  }

  setCoordinates(shown: boolean): void {
    if (this.live) this.live.setCoordinates(shown);
    else this.coordinates = shown;
  }

  listen(handlers: BoardHandlers): void {
    if (this.live) this.live.listen(handlers);
    else this.handlers = handlers;
  }

  finish(): void {
    this.live?.finish();
  }

  undoLanding(): void {
    this.live?.undoLanding();
  }

  cancel(): void {
    this.live?.cancel();
  }

  relabel(): void {
    this.live?.relabel();
  }

  /** A move drawn moving; on the picture, which is drawn in place by the live board when it comes, none. */
  animate(...move: Parameters<Board["animate"]>): Promise<void> {
    return this.live ? this.live.animate(...move) : Promise.resolve();
  }
}
