/**
 * The create page's "play against the computer": how many computer players
 * the new table gets, and which seats they take. The host sits in the first
 * seat (the table page offers it), so computers take the seats after it, in
 * order, leaving any others free for friends; "all" fills every seat, for a
 * table of computers alone to watch. Pure, so it is tested under Node.
 */
import type { Level } from "../../protocol/index.ts";

/** The computer players' levels, weakest first. */
export const LEVELS = ["easy", "normal", "strong", "master"] as const satisfies readonly Level[];

/** No computers, a number of them (1 to players − 1), or every seat. */
export type ComputerChoice = number | "all";

/** The choices a table of `players` offers: none, 1 … players − 1, all. */
export function computerChoices(players: number): ComputerChoice[] {
  return [...Array.from({ length: players }, (_, n) => n), "all"];
}

/** The choice kept sensible when the number of players changes: never more computers than the other seats. */
export function fitChoice(choice: ComputerChoice, players: number): ComputerChoice {
  if (choice === "all") return choice;
  return Math.max(0, Math.min(choice, players - 1));
}

/** The seats (from 0) the computer players take. */
export function computerSeats(players: number, choice: ComputerChoice): number[] {
  if (choice === "all") return Array.from({ length: players }, (_, seat) => seat);
  const count = Math.max(0, Math.min(choice, players - 1));
  return Array.from({ length: count }, (_, i) => 1 + i);
}

/** A choice as a select's value, and back. */
export function choiceValue(choice: ComputerChoice): string {
  return String(choice);
}

export function parseChoice(value: string): ComputerChoice {
  if (value === "all") return "all";
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : 0;
}
