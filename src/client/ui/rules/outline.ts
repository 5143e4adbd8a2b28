/**
 * The rules page's outline: its chapters (each an `h2`) and their sections
 * (each an `h3`), in order, and the diagrams drawn among them. Every
 * language's text (`en.ts`, `fi.ts`, `sv.ts`, `nb.ts` here) is typed as a
 * `RulesText`, so a missing or extra chapter, section or caption fails
 * `tsc`. The texts import only types from this file: the page loads them
 * one language at a time, apart from the main bundle.
 */

export const OUTLINE = {
  board: [],
  turns: [],
  moves: ["step", "jump", "chain"],
  finishing: ["places", "blocking", "stuck"],
  options: ["colours", "teams", "pieces15", "longJumps", "capture"],
  site: ["pointer", "keyboard", "away"],
} as const;

type Outline = typeof OUTLINE;
export type ChapterId = keyof Outline;
export type SectionId = Outline[ChapterId][number];

/** The diagrams, and the chapter or section each is drawn in, after its text. */
export const DIAGRAMS = {
  start: "board",
  step: "step",
  jump: "jump",
  chain: "chain",
  blocking: "blocking",
  longJump: "longJumps",
  capture: "capture",
} as const satisfies Record<string, ChapterId | SectionId>;

export type DiagramId = keyof typeof DIAGRAMS;

/**
 * A block of text: a paragraph, a list, steps in order, or keys and what
 * they do. Within a text, `**words**` are set in bold.
 */
export type Block =
  | string
  | { readonly list: readonly string[] }
  | { readonly steps: readonly string[] }
  | { readonly keys: readonly (readonly [keys: string, what: string])[] };

export interface Section {
  readonly heading: string;
  readonly body: readonly Block[];
}

export interface Chapter<S extends SectionId> extends Section {
  readonly sections: Readonly<Record<S, Section>>;
}

/** The rules page in one language. */
export interface RulesText {
  /** The page's one `h1`. */
  readonly title: string;
  readonly lead: string;
  /** The name of the table of contents. */
  readonly contents: string;
  readonly chapters: { readonly [C in ChapterId]: Chapter<Outline[C][number]> };
  /** What each diagram shows, as its caption. */
  readonly diagrams: Readonly<Record<DiagramId, string>>;
}
