/**
 * Optional sounds, off until the visitor turns them on (the choice is
 * remembered): a chime when it becomes your turn, a soft tap for a move, a
 * rising arpeggio when the game is over. The tones are synthesised with the
 * Web Audio API, so there are no audio files to load. Browsers let a page
 * make sound only after a user gesture, so the AudioContext is made on the
 * first click or key press once sounds are on (turning them on is one), never
 * before.
 */
import { h } from "./dom.ts";
import type { I18n } from "./i18n/index.ts";

export type Cue = "turn" | "move" | "end";

const STORAGE_KEY = "chinese-checkers:sounds";
/** A burst of events (caught up after a reconnect) makes one sound, not a rattle. */
const MIN_GAP_S = 0.12;
/** Within that gap a weightier cue still sounds: the move that ends the game, then its end. */
const WEIGHT: Record<Cue, number> = { move: 0, turn: 1, end: 2 };

/** Each cue as notes: frequency (Hz), start (s after the cue), length (s), loudness (0–1), waveform. */
const CUES: Record<Cue, readonly [number, number, number, number, OscillatorType][]> = {
  move: [[520, 0, 0.07, 0.16, "triangle"]],
  // A rising fifth.
  turn: [
    [660, 0, 0.16, 0.18, "sine"],
    [990, 0.13, 0.26, 0.18, "sine"],
  ],
  // C major, up to the octave.
  end: [
    [523.25, 0, 0.18, 0.16, "sine"],
    [659.25, 0.12, 0.18, 0.16, "sine"],
    [784, 0.24, 0.18, 0.16, "sine"],
    [1046.5, 0.36, 0.42, 0.16, "sine"],
  ],
};

export class Sounds {
  /** The switch: a checkbox with its label, for the table page. */
  readonly element: HTMLElement;
  private readonly i18n: I18n;
  private readonly store: Storage | undefined;
  private readonly checkbox: HTMLInputElement;
  private readonly label = h("span", {});
  private context: AudioContext | null = null;
  private lastAt = Number.NEGATIVE_INFINITY;
  private lastWeight = 0;

  constructor(i18n: I18n, store: Storage | undefined) {
    this.i18n = i18n;
    this.store = store;
    this.checkbox = h("input", { type: "checkbox", id: "sounds", checked: read(store) === "on" });
    this.checkbox.addEventListener("change", () => this.set(this.checkbox.checked));
    this.element = h("label", { class: "sound-toggle", for: "sounds" }, this.checkbox, this.label);
    // Sounds left on from an earlier visit may start at the first gesture on this page.
    const unlock = () => {
      if (this.enabled) this.audio();
    };
    addEventListener("pointerdown", unlock, { capture: true, passive: true });
    addEventListener("keydown", unlock, { capture: true, passive: true });
    this.relabel();
  }

  /** Whether sounds are on: the switch says so. */
  get enabled(): boolean {
    return this.checkbox.checked;
  }

  relabel(): void {
    this.label.textContent = this.i18n.t("sounds");
  }

  /** Turns sounds on or off (from the switch: a user gesture, so the context may start now). */
  set(on: boolean): void {
    this.checkbox.checked = on;
    try {
      this.store?.setItem(STORAGE_KEY, on ? "on" : "off");
    } catch {
      // Not remembered: the choice lasts for this page.
    }
    if (on) {
      this.audio();
      this.play("move"); // a tap says they are on
    }
  }

  /** Plays a cue, if sounds are on and a gesture has let the page make sound. */
  play(cue: Cue): void {
    const context = this.context;
    if (!this.enabled || !context) return;
    if (context.state === "suspended") context.resume().catch(() => {});
    // The gap by the page's clock: an audio context not yet running has a clock that stands still.
    const wall = performance.now() / 1000;
    if (wall - this.lastAt < MIN_GAP_S && WEIGHT[cue] <= this.lastWeight) return;
    this.lastAt = wall;
    this.lastWeight = WEIGHT[cue];
    const now = context.currentTime;
    for (const [frequency, start, length, loudness, type] of CUES[cue]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = type;
      oscillator.frequency.value = frequency;
      const t = now + start;
      gain.gain.setValueAtTime(0, t);
      gain.gain.linearRampToValueAtTime(loudness, t + 0.012);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(t);
      oscillator.stop(t + length + 0.02);
    }
  }

  /** The audio context, made (or resumed) in a user gesture; null where there is no Web Audio. */
  private audio(): AudioContext | null {
    if (!this.context) {
      const Context = globalThis.AudioContext;
      if (typeof Context !== "function") return null;
      try {
        this.context = new Context();
      } catch {
        return null;
      }
    }
    if (this.context.state === "suspended") this.context.resume().catch(() => {});
    return this.context;
  }
}

function read(store: Storage | undefined): string | null {
  try {
    return store?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}
