/**
 * Where the replay's controls and the move list go, by the window's width.
 * They must be seen with the board, during the game and after it (when the
 * side panel also holds the places, the score and the next game's choice):
 *
 * - a wide window gives them a column of their own beside the side panel,
 *   as tall as the window, so nothing the panel holds pushes them away;
 * - a middling one keeps them at the end of the side panel, where the move
 *   list gives way first;
 * - a narrow one puts the controls under the board, where the side panel is
 *   far below it, and the list stays in the panel.
 *
 * Elements move rather than being drawn twice: each keeps its focus, its
 * scroll and its listeners. The widths match the style sheet's.
 */
export const NARROW = "(max-width: 52rem)";
export const WIDE = "(min-width: 75rem)";

export interface MovesLayout {
  readonly boardWrap: HTMLElement;
  readonly side: HTMLElement;
  /** The column of its own, empty (and so not shown) but on a wide window. */
  readonly column: HTMLElement;
  readonly replay: HTMLElement;
  readonly moveList: HTMLElement;
}

export function arrangeMoves({ boardWrap, side, column, replay, moveList }: MovesLayout): void {
  if (typeof matchMedia !== "function") return;
  const narrow = matchMedia(NARROW);
  const wide = matchMedia(WIDE);
  // The list's place in the panel, kept from where the page put it.
  const panelPlace = moveList.nextSibling;
  const place = () => {
    if (wide.matches) {
      column.append(replay, moveList);
      return;
    }
    side.insertBefore(moveList, panelPlace);
    if (narrow.matches) boardWrap.append(replay);
    else side.insertBefore(replay, moveList);
  };
  place();
  narrow.addEventListener("change", place);
  wide.addEventListener("change", place);
}
