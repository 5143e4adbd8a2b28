/**
 * Game records: a PGN-inspired text format, a public interface.
 *
 *     [Variant "classic"]
 *     [Players "2"]
 *     [Colours "1"]
 *     [Pieces "10"]
 *     [LongJump "no"]
 *     [Teams "no"]
 *     [First "1"]
 *     [Player1 "Aino"]
 *     [Result "1,2"]
 *     [Termination "finished"]
 *
 *     1. c1-e7 2. o2-m8 3. a1-e5
 *
 * Tags first, one per line, then the turns numbered from 1. Settings tags
 * are required; `First` (1-based player) is optional; any other tag is
 * carried along unchanged. `Result` lists each player's place in seat order
 * ("-" for none yet) or "*" while the game goes on; once it is over,
 * `Termination` says why it ended (e.g. `turn-limit`, where the unfinished
 * share a place); capture records add `Captures`. All three are optional on
 * reading and, when present, must agree with the moves. See docs/records.md.
 */
import { RulesError } from "./errors.ts";
import { type Action, Game } from "./game.ts";
import { formatMove, formatPath, type Notated, parseMove } from "./notation.ts";
import type { Settings } from "./settings.ts";
import { variantNamed } from "./variants/index.ts";

export interface ParsedRecord {
  readonly game: Game;
  /** Tags other than the settings, first player and result, in their order. */
  readonly tags: Readonly<Record<string, string>>;
}

const DERIVED_TAGS = new Set([
  "Variant",
  "Players",
  "Colours",
  "Pieces",
  "LongJump",
  "Teams",
  "First",
  "Result",
  "Termination",
  "Captures",
]);
const LINE_WIDTH = 80;

export function writeRecord(game: Game, tags: Readonly<Record<string, string>> = {}): string {
  const { settings } = game;
  const all: [string, string][] = [
    ["Variant", settings.variant],
    ["Players", String(settings.players)],
    ["Colours", String(settings.colours)],
    ["Pieces", String(settings.pieces)],
    ["LongJump", yesNo(settings.longJump)],
    ["Teams", yesNo(settings.teams)],
  ];
  if (game.firstPlayer !== undefined) all.push(["First", String(game.firstPlayer + 1)]);
  for (const [name, value] of Object.entries(tags)) {
    if (DERIVED_TAGS.has(name)) throw new RulesError("bad-record", `the ${name} tag is written by the engine`);
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) throw new RulesError("bad-record", `"${name}" is not a tag name`);
    all.push([name, value]);
  }
  all.push(["Result", resultTag(game)]);
  const reason = game.result()?.reason;
  if (reason) all.push(["Termination", reason]);
  if (variantNamed(settings.variant).captures) all.push(["Captures", game.captures.join(",")]);
  const header = all.map(([name, value]) => `[${name} "${escapeTag(value)}"]`).join("\n");
  return `${header}\n\n${wrap(game.history.map((action, i) => `${i + 1}. ${notate(action)}`))}\n`;
}

export function readRecord(text: string): ParsedRecord {
  const tags = new Map<string, string>();
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let line = 0;
  for (; line < lines.length; line++) {
    const current = lines[line].trim();
    if (current === "") continue;
    const tag = /^\[([A-Za-z][A-Za-z0-9_]*) "((?:[^"\\]|\\.)*)"\]$/.exec(current);
    if (!tag) break;
    if (tags.has(tag[1])) throw new RulesError("bad-record", `the ${tag[1]} tag appears twice`);
    tags.set(tag[1], unescapeTag(tag[2]));
  }
  const settings: Partial<Settings> = {
    variant: required(tags, "Variant") as Settings["variant"],
    players: integer(tags, "Players"),
    colours: integer(tags, "Colours") as Settings["colours"],
    pieces: integer(tags, "Pieces") as Settings["pieces"],
    longJump: yesOrNo(tags, "LongJump"),
    teams: yesOrNo(tags, "Teams"),
  };
  const first = tags.get("First");
  const firstPlayer = first === undefined ? undefined : integer(tags, "First") - 1;
  const tokens = lines
    .slice(line)
    .join(" ")
    .split(/\s+/)
    .filter((token) => token !== "");
  const actions: Notated[] = [];
  for (const token of tokens) {
    if (/^\d+\.$/.test(token)) {
      if (Number(token.slice(0, -1)) !== actions.length + 1)
        throw new RulesError("bad-record", `turn ${token} is out of order`);
      continue;
    }
    try {
      actions.push(parseMove(token));
    } catch (error) {
      if (error instanceof RulesError)
        throw new RulesError("bad-record", `turn ${actions.length + 1}: ${error.message}`);
      throw error;
    }
  }
  let game: Game;
  try {
    game = Game.replay(settings, { firstPlayer }, actions);
  } catch (error) {
    if (error instanceof RulesError) {
      const where =
        error.code === "invalid-settings" ? "settings" : `turn ${findFailingTurn(settings, firstPlayer, actions)}`;
      throw new RulesError("bad-record", `${where}: ${error.message}`, error.field);
    }
    throw error;
  }
  checkDerivedTag(tags, "Result", resultTag(game), "");
  checkDerivedTag(tags, "Termination", game.result()?.reason, "a game in progress has no Termination tag");
  const capturesCounted = variantNamed(game.settings.variant).captures;
  checkDerivedTag(
    tags,
    "Captures",
    capturesCounted ? game.captures.join(",") : undefined,
    "a race record has no Captures tag",
  );
  const extra: Record<string, string> = {};
  for (const [name, value] of tags) if (!DERIVED_TAGS.has(name)) extra[name] = value;
  return { game, tags: extra };
}

/** A record's text for one action. */
export function notate(action: Action): string {
  return action.kind === "move" ? formatPath(action.move.path) : formatMove(action);
}

/**
 * A tag the engine derives from the moves, when a record carries it, must
 * say what the moves give; `whenNone` says why it cannot be there at all
 * (where the moves give nothing for it).
 */
function checkDerivedTag(
  tags: ReadonlyMap<string, string>,
  name: string,
  expected: string | undefined,
  whenNone: string,
): void {
  const given = tags.get(name);
  if (given === undefined || given === expected) return;
  throw new RulesError(
    "bad-record",
    expected === undefined ? whenNone : `the ${name} tag says "${given}" but the moves give "${expected}"`,
  );
}

function resultTag(game: Game): string {
  const result = game.result();
  if (!result) return "*";
  return result.standings.map((standing) => standing.place ?? "-").join(",");
}

function findFailingTurn(
  settings: Partial<Settings>,
  firstPlayer: number | undefined,
  actions: readonly Notated[],
): number {
  const game = Game.create(settings, { firstPlayer });
  for (let i = 0; i < actions.length; i++) {
    try {
      game.apply(actions[i]);
    } catch {
      return i + 1;
    }
  }
  return actions.length;
}

function wrap(tokens: readonly string[]): string {
  const lines: string[] = [];
  let current = "";
  for (const token of tokens) {
    if (current !== "" && current.length + 1 + token.length > LINE_WIDTH) {
      lines.push(current);
      current = token;
    } else {
      current = current === "" ? token : `${current} ${token}`;
    }
  }
  if (current !== "") lines.push(current);
  return lines.join("\n");
}

const yesNo = (value: boolean) => (value ? "yes" : "no");
const escapeTag = (value: string) => value.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\r\n]/g, " ");
const unescapeTag = (value: string) => value.replace(/\\(.)/g, "$1");

function required(tags: ReadonlyMap<string, string>, name: string): string {
  const value = tags.get(name);
  if (value === undefined) throw new RulesError("bad-record", `the ${name} tag is missing`);
  return value;
}

function integer(tags: ReadonlyMap<string, string>, name: string): number {
  const value = required(tags, name);
  if (!/^\d+$/.test(value))
    throw new RulesError("bad-record", `the ${name} tag must be a whole number, not "${value}"`);
  return Number(value);
}

function yesOrNo(tags: ReadonlyMap<string, string>, name: string): boolean {
  const value = required(tags, name);
  if (value !== "yes" && value !== "no") throw new RulesError("bad-record", `the ${name} tag must be "yes" or "no"`);
  return value === "yes";
}
