import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Game, notate, readRecord, type Settings, TURN_LIMIT_PER_COLOUR, writeRecord } from "../../src/rules/index.ts";
import { expectRefused, raceUntil, refusal, replay, stateOf } from "./helpers.ts";

/** Three players, Bruno (SE) first; Aino leaves after two moves. */
const IN_PROGRESS = `[Variant "classic"]
[Players "3"]
[Colours "1"]
[Pieces "10"]
[LongJump "no"]
[Teams "no"]
[First "2"]
[Player1 "Aino"]
[Player2 "Bruno"]
[Player3 "Chen"]
[Result "*"]

1. j10-i9 2. m4-l4 3. resign(1) 4. k10-j9 5. l3-k3
`;

/** A whole capture game for two, drawn 23–23. */
const CAPTURE_TIE = `[Variant "capture"]
[Players "2"]
[Colours "1"]
[Pieces "10"]
[LongJump "no"]
[Teams "no"]
[Result "1,1"]
[Termination "no-jumps"]
[Captures "23,23"]

1. l8-l10 2. g4-e4 3. f6-f4-d1-f6-d3 4. i2-g2-g4-i2-k2 5. l6-l8-n3-l6-n1
6. k4-m6-m4-k4-i2 7. j5-j3-h2-j1-l3-j3 8. j7-j5-l7-j7-l9-n4 9. i8-k8-k10-i8-g10
10. h5-h3-j4-j2 11. f7-d4 12. h7-f7-h5-h7-h9-j10 13. f8-f10-h8-j7-h6 14. d4-d2
`;

/** Asserts text → game → text gives the same text, and game → text → game the same game. */
function expectRoundTrip(text: string): Game {
  const { game, tags } = readRecord(text);
  expect(writeRecord(game, tags)).toBe(text);
  const again = readRecord(writeRecord(game, tags)).game;
  expect(stateOf(again)).toEqual(stateOf(game));
  expect(again.settings).toEqual(game.settings);
  expect(again.firstPlayer).toBe(game.firstPlayer);
  return game;
}

describe("a record is the settings as tags, then the numbered turns", () => {
  it("writes a game in progress: settings, first player, extra tags, Result *, then the turns", () => {
    const game = Game.create({ players: 3 }, { firstPlayer: 1 });
    for (const move of ["j10-i9", "m4-l4"]) game.play(move);
    game.resign(0);
    for (const move of ["k10-j9", "l3-k3"]) game.play(move);
    expect(writeRecord(game, { Player1: "Aino", Player2: "Bruno", Player3: "Chen" })).toBe(IN_PROGRESS);
  });

  it("writes a finished capture game with its places and captures", () => {
    const moves = CAPTURE_TIE.split("\n\n")[1].replace(/\d+\. /g, "");
    expect(writeRecord(replay(moves, { variant: "capture" }))).toBe(CAPTURE_TIE);
  });

  it("says in Termination why a game ended: at the turn limit the unfinished share a place", () => {
    const game = Game.create({ players: 2 });
    const shuttle = ["d1-e5", "n1-m5", "e5-d1", "m5-n1"];
    for (let i = 0; i < 2 * TURN_LIMIT_PER_COLOUR; i++) game.play(shuttle[i % 4]);
    const text = writeRecord(game);
    expect(text).toContain('[Result "1,1"]\n[Termination "turn-limit"]\n\n1. d1-e5');
    expect(readRecord(text).game.result()?.reason).toBe("turn-limit");
  });

  it("writes a fresh game with no turns", () => {
    expect(writeRecord(Game.create())).toBe(
      '[Variant "classic"]\n[Players "2"]\n[Colours "1"]\n[Pieces "10"]\n[LongJump "no"]\n[Teams "no"]\n[Result "*"]\n\n\n',
    );
  });

  it("wraps the turns at 80 characters", () => {
    const game = Game.create({ players: 2 });
    raceUntil(game);
    const lines = writeRecord(game).split("\n\n")[1].trimEnd().split("\n");
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
  });
});

describe("records round-trip exactly", () => {
  it("reads back the game in progress and writes the same text", () => {
    const game = expectRoundTrip(IN_PROGRESS);
    expect(game.firstPlayer).toBe(1);
    expect(game.history.map(notate)).toEqual(["j10-i9", "m4-l4", "resign(1)", "k10-j9", "l3-k3"]);
    expect(game.turn).toEqual({ player: 1, colour: "SE" });
  });

  it("reads back the capture game", () => {
    const game = expectRoundTrip(CAPTURE_TIE);
    expect(game.captures).toEqual([23, 23]);
    expect(game.result()?.winners).toEqual([0, 1]);
  });

  it.each([
    { players: 2 },
    { players: 3, longJump: true },
    { players: 6, teams: true },
    { players: 2, colours: 3 },
    { players: 2, pieces: 15 },
  ] as Partial<Settings>[])("round-trips a whole race %o", (settings) => {
    const game = Game.create(settings);
    raceUntil(game);
    expect(game.isOver).toBe(true);
    const text = writeRecord(game, { Event: "test" });
    const back = expectRoundTrip(text);
    expect(back.result()).toEqual(game.result());
    expect(back.history).toEqual(game.history);
  });

  it("keeps extra tags in their order, with quotes and backslashes escaped", () => {
    const game = Game.create();
    game.play("c1-e5");
    const tags = { Site: 'The "Star" café', Path: "C:\\games", Round: "3" };
    const text = writeRecord(game, tags);
    expect(text).toContain('[Site "The \\"Star\\" café"]\n[Path "C:\\\\games"]\n[Round "3"]');
    const read = readRecord(text);
    expect(read.tags).toEqual(tags);
    expect(Object.keys(read.tags)).toEqual(["Site", "Path", "Round"]);
    expect(writeRecord(read.game, read.tags)).toBe(text);
  });

  it("reads Windows line ends, blank lines and turn numbers left out", () => {
    const text = IN_PROGRESS.replace(/\n/g, "\r\n").replace("1. j10-i9 2. m4-l4", "\r\nj10-i9\r\nm4-l4");
    const { game } = readRecord(text);
    expect(game.history.map(notate)).toEqual(["j10-i9", "m4-l4", "resign(1)", "k10-j9", "l3-k3"]);
  });

  it("starts with the first colour clockwise from N when there is no First tag", () => {
    const { game } = readRecord(IN_PROGRESS.replace('[First "2"]\n', "").replace(/\n\n.*\n$/, "\n\n1. d1-e5\n"));
    expect(game.firstPlayer).toBeUndefined();
    expect(game.history[0].player).toBe(0);
  });
});

describe("bad records are refused with bad-record", () => {
  it.each([
    ["a missing settings tag", (t: string) => t.replace('[Variant "classic"]\n', "")],
    ["a yes/no tag with another value", (t: string) => t.replace('[LongJump "no"]', '[LongJump "maybe"]')],
    ["a number tag that is not a number", (t: string) => t.replace('[Players "3"]', '[Players "three"]')],
    ["settings the rules refuse", (t: string) => t.replace('[Players "3"]', '[Players "5"]')],
    ["a first player outside the table", (t: string) => t.replace('[First "2"]', '[First "4"]')],
    ["a tag given twice", (t: string) => t.replace('[Result "*"]', '[Round "1"]\n[Round "2"]\n[Result "*"]')],
    ["an illegal move", (t: string) => t.replace("4. k10-j9", "4. k10-i9")],
    ["a move by a player who has left", (t: string) => t.replace("5. l3-k3", "5. d1-e5")],
    ["a malformed hole name", (t: string) => t.replace("4. k10-j9", "4. k10-x9")],
    ["a malformed token", (t: string) => t.replace("4. k10-j9", "4.k10-j9")],
    ["turn numbers out of order", (t: string) => t.replace("4. k10-j9", "7. k10-j9")],
    ["a Result the moves do not give", (t: string) => t.replace('[Result "*"]', '[Result "1,2,3"]')],
    ["a Captures tag in a race record", (t: string) => t.replace('[Result "*"]', '[Result "*"]\n[Captures "0,0,0"]')],
    [
      "a Termination tag in a game in progress",
      (t: string) => t.replace('[Result "*"]', '[Result "*"]\n[Termination "turn-limit"]'),
    ],
  ])("refuses %s", (_, spoil) => {
    const text = spoil(IN_PROGRESS);
    expect(text).not.toBe(IN_PROGRESS);
    expect(refusal(() => readRecord(text)).code).toBe("bad-record");
  });

  it("says which turn is at fault", () => {
    expect(refusal(() => readRecord(IN_PROGRESS.replace("4. k10-j9", "4. k10-i9"))).message).toBe(
      "turn 4: the piece on k10 cannot reach i9",
    );
    expect(refusal(() => readRecord(IN_PROGRESS.replace("4. k10-j9", "4. k10-x9"))).message).toMatch(/turn 4/);
  });

  it("refuses Captures the moves do not give", () => {
    expect(refusal(() => readRecord(CAPTURE_TIE.replace("23,23", "24,22"))).code).toBe("bad-record");
  });

  it("refuses a Termination the moves do not give", () => {
    expect(refusal(() => readRecord(CAPTURE_TIE.replace("no-jumps", "turn-limit"))).message).toBe(
      'the Termination tag says "turn-limit" but the moves give "no-jumps"',
    );
  });

  it("refuses a move after the game has ended", () => {
    expect(refusal(() => readRecord(CAPTURE_TIE.replace("14. d4-d2", "14. d4-d2 15. d2-d4"))).code).toBe("bad-record");
  });

  it("refuses to write a tag the engine writes itself, or a tag name that is not a word", () => {
    const game = Game.create();
    expectRefused(game, () => writeRecord(game, { Result: "1,2" }), "bad-record");
    expectRefused(game, () => writeRecord(game, { Players: "2" }), "bad-record");
    expectRefused(game, () => writeRecord(game, { "Two words": "x" }), "bad-record");
    expectRefused(game, () => writeRecord(game, { "]": "x" }), "bad-record");
  });
});

describe("the records in docs/records.md are real", () => {
  const doc = readFileSync(new URL("../../docs/records.md", import.meta.url), "utf8");
  const records = [...doc.matchAll(/```text\n(\[Variant[^`]*?)```/g)].map((match) => match[1]);

  it("has the three examples", () => {
    expect(records).toHaveLength(3);
    expect(records[0]).toBe(IN_PROGRESS);
    expect(records[2]).toBe(CAPTURE_TIE);
  });

  it.each(records.map((text, i) => [i + 1, text]))("example %i reads back and writes out the same", (_, text) => {
    expectRoundTrip(text);
  });

  it("shows a finished race won by N", () => {
    const { game } = readRecord(records[1]);
    expect(game.result()?.reason).toBe("finished");
    expect(game.result()?.winners).toEqual([0]);
  });
});
