/**
 * The computer players' levels, weakest first: what the table offers a
 * host and what each level's move is chosen by (computer.ts), named here
 * apart so that a level's own code (capture-levels.ts) names them without
 * importing the entry point that calls it.
 */
export const LEVELS = ["easy", "normal", "strong", "master"] as const;
export type Level = (typeof LEVELS)[number];
