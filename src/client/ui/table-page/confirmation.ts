/**
 * A button whose action cannot be undone (leaving the game, counting a
 * player out) asks to be clicked again: the first click arms it, and the
 * second, within a few seconds, acts. Left alone, it lapses.
 */
const CONFIRM_MS = 5000;

export class Confirmation {
  private armedFor: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Redraws the page, which draws the button in its new state. */
  private readonly redraw: () => void;

  constructor(redraw: () => void) {
    this.redraw = redraw;
  }

  /** Whether the button for `action` is waiting for its second click. */
  armed(action: string): boolean {
    return this.armedFor === action;
  }

  /** A click on the button for `action`: true when it confirms (act now), false when it only armed the button. */
  click(action: string): boolean {
    clearTimeout(this.timer);
    const confirmed = this.armedFor === action;
    this.armedFor = confirmed ? null : action;
    if (!confirmed) {
      this.timer = setTimeout(() => {
        this.armedFor = null;
        this.redraw();
      }, CONFIRM_MS);
    }
    this.redraw();
    return confirmed;
  }
}
