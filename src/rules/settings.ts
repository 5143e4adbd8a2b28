/**
 * What decides which game is played: the settings' shape, the variants'
 * names and the defaults. It imports nothing: each variant's rules
 * (variants/) are written against these types, the registry
 * (variants/index.ts) holds a variant of each name, and the settings are
 * checked against both in make-settings.ts.
 */

/** The variants' names, in the order pages list them: the `variant` of settings, on the wire and in records. */
export const VARIANT_NAMES = ["classic", "capture"] as const;

/** A variant's name, the `variant` of its settings. */
export type Variant = (typeof VARIANT_NAMES)[number];

/** Everything that decides which game is played. */
export interface Settings {
  readonly variant: Variant;
  readonly players: number;
  /** Colours (points) each player controls in the race. */
  readonly colours: 1 | 2 | 3;
  /** Pieces per colour in the race: 15 only with two players of one colour. */
  readonly pieces: 10 | 15;
  /** "Super Chinese Checkers": jumps over a distant piece. */
  readonly longJump: boolean;
  /** Six players in three teams of two, partners on opposite points. */
  readonly teams: boolean;
}

/** Why settings are refused: the field at fault and what is wrong with it. */
export interface SettingsRefusal {
  readonly field: keyof Settings;
  readonly message: string;
}

export const DEFAULT_SETTINGS: Settings = {
  variant: "classic",
  players: 2,
  colours: 1,
  pieces: 10,
  longJump: false,
  teams: false,
};
