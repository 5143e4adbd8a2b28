/**
 * Where the game's record goes (the places and the score, the replay's
 * controls and the move list), by the window's width. It must be seen with
 * the board and every seat, during the game and after it:
 *
 * - a wide window gives it a column of its own beside the side panel, as
 *   tall as the window: after a six-player game the places and the score
 *   would otherwise push the seats or the moves out of view; the table's
 *   chat goes there too, under the moves, where a waiting room's long panel
 *   would otherwise push it out of the window;
 * - a middling one keeps it in the side panel, where the move list gives
 *   way first;
 * - a narrow one puts the replay's controls under the board, where the side
 *   panel is far below it; the rest stays in the panel.
 *
 * The game's analysis (its race chart) follows the replay's controls.
 *
 * Elements move rather than being drawn twice: each keeps its focus, its
 * scroll and its listeners. The widths match the style sheet's.
 */
export const NARROW = "(max-width: 52rem)";
export const WIDE = "(min-width: 75rem)";

export interface RecordLayout {
  readonly boardWrap: HTMLElement;
  readonly side: HTMLElement;
  /** The column of its own: empty, and so not shown, but on a wide window. */
  readonly column: HTMLElement;
  readonly results: HTMLElement;
  readonly replay: HTMLElement;
  readonly moveList: HTMLElement;
  /** The game's analysis (its race chart), which goes under the replay's controls wherever they are. */
  readonly analysis?: HTMLElement | null;
  /** The table's chat, where the page shows one. */
  readonly chat?: HTMLElement | null;
}

export function arrangeRecord({
  boardWrap,
  side,
  column,
  results,
  replay,
  moveList,
  analysis,
  chat,
}: RecordLayout): void {
  if (typeof matchMedia !== "function") return;
  const narrow = matchMedia(NARROW);
  const wide = matchMedia(WIDE);
  // Their places in the panel, kept from where the page put them.
  const inPanel = chat ? [results, moveList, chat] : [results, moveList];
  const panelPlaces = inPanel.map((element) => [element, element.nextSibling] as const);
  const place = () => {
    const underReplay = analysis ? [analysis] : [];
    if (wide.matches) {
      column.append(results, replay, ...underReplay, moveList, ...(chat ? [chat] : []));
      return;
    }
    for (const [element, before] of panelPlaces) side.insertBefore(element, before);
    if (narrow.matches) boardWrap.append(replay, ...underReplay);
    else for (const element of [replay, ...underReplay]) side.insertBefore(element, moveList);
  };
  place();
  narrow.addEventListener("change", place);
  wide.addEventListener("change", place);
}
