/**
 * Move notation, a public interface: holes joined by "-" (a step `d2-e3`,
 * a chain with every landing `c2-e4-g4`, or in the race variants a chain's
 * ends alone `c2-g4`), the word `pass`, and in records `resign(P)` for
 * player P (1-based) leaving the game.
 */
import { type Hole, holeName, parseHoleName } from "./board.ts";
import { RulesError } from "./errors.ts";

export type Notated =
  | { readonly kind: "path"; readonly path: readonly Hole[] }
  | { readonly kind: "pass" }
  | { readonly kind: "resign"; readonly player: number };

const RESIGN = /^resign\(([1-6])\)$/;

export function parseMove(text: string): Notated {
  const token = text.trim();
  if (token === "pass") return { kind: "pass" };
  const resign = RESIGN.exec(token);
  if (resign) return { kind: "resign", player: Number(resign[1]) - 1 };
  const names = token.split("-");
  if (names.length < 2)
    throw new RulesError("bad-notation", `"${token}" is not a move: write holes joined by "-", e.g. d2-e3`);
  return { kind: "path", path: names.map(parseHole) };
}

export function parseHole(name: string): Hole {
  const hole = parseHoleName(name);
  if (hole === undefined)
    throw new RulesError("bad-notation", `"${name}" is not a hole: rows a–q, positions from 1 at the left`);
  return hole;
}

/** A path of holes as notation: their names joined by "-". */
export function formatPath(path: readonly Hole[]): string {
  return formatPathNames(path.map(holeName));
}

/** A path already written as hole names (a board's picks), as notation; the names are not checked. */
export function formatPathNames(names: readonly string[]): string {
  return names.join("-");
}

export function formatMove(move: Notated): string {
  switch (move.kind) {
    case "pass":
      return "pass";
    case "resign":
      return `resign(${move.player + 1})`;
    case "path":
      return formatPath(move.path);
  }
}
