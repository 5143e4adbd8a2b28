/**
 * The move picker: what a player's picks on the board select, mark and send,
 * in positions of real games. Clicks, taps and keys all end in the same picks.
 */
import { describe, expect, it } from "vitest";
import { engineMoves, NO_MOVES } from "../../src/client/ui/legal-moves.ts";
import { MovePicker } from "../../src/client/ui/move-picker.ts";
import { Game, holeName, parseMove, type Settings, variantOf } from "../../src/rules/index.ts";

/** A game after some moves, and a picker offered its legal moves as the page offers them (asked of the engine). */
function pickerAfter(settings: Partial<Settings>, moves: readonly string[]): { game: Game; picker: MovePicker } {
  const game = Game.replay(settings, {}, moves.map(parseMove));
  const picker = new MovePicker();
  picker.offer(variantOf(game.settings), engineMoves(game));
  return { game, picker };
}

const sorted = (holes: Iterable<string>) => [...holes].sort();

/** Two players; N has moved c1-e7 and S n1-m5: a1 may now step to c1 or jump on to e5. */
const RACE_CHAIN = ["c1-e7", "n1-m5"];
/** Capture; the first player has moved f5-f3. The piece on f7 may jump on through f5, d2, f7 to d4, or the other way round. */
const CAPTURE_CHAINS = ["f5-f3"];

describe("a race move", () => {
  it("marks the pieces of the colour to move that can move", () => {
    const { picker } = pickerAfter({ players: 2 }, []);
    expect(picker.canMove).toBe(true);
    expect(sorted(picker.movable)).toEqual(["c1", "c2", "c3", "d1", "d2", "d3", "d4"]);
    expect(sorted(picker.destinations)).toEqual([]);
  });

  it("picks a piece, marks every hole it can reach, and sends the move to the hole picked next", () => {
    const { picker } = pickerAfter({ players: 2 }, []);
    expect(picker.pick("d2")).toBeNull();
    expect(picker.selection).toEqual(["d2"]);
    expect(sorted(picker.destinations)).toEqual(["e6", "e7"]);
    expect(picker.pick("e7")).toEqual(["d2", "e7"]);
    expect(picker.selection).toEqual([]);
  });

  it("sends a jump chain with every landing, and previews it while its end is pointed at", () => {
    const { picker } = pickerAfter({ players: 2 }, RACE_CHAIN);
    picker.pick("a1");
    expect(sorted(picker.destinations)).toEqual(["c1", "e5"]);
    picker.point("e5");
    expect(picker.preview).toEqual(["a1", "c1", "e5"]);
    picker.point("c1");
    expect(picker.preview).toEqual(["a1", "c1"]);
    picker.point(null);
    expect(picker.preview).toBeNull();
    expect(picker.pick("e5")).toEqual(["a1", "c1", "e5"]);
  });

  it("switches to another movable piece picked, and drops the piece when it or any other hole is picked", () => {
    const { picker } = pickerAfter({ players: 2 }, []);
    picker.pick("d2");
    picker.pick("c3");
    expect(picker.selection).toEqual(["c3"]);
    picker.pick("c3");
    expect(picker.selection).toEqual([]);
    picker.pick("d2");
    picker.pick("i5");
    expect(picker.selection).toEqual([]);
  });

  it("does not pick a piece that cannot move, nor a piece of another colour", () => {
    const { picker } = pickerAfter({ players: 2 }, []);
    expect(picker.pick("a1")).toBeNull();
    expect(picker.selection).toEqual([]);
    expect(picker.pick("n1")).toBeNull();
    expect(picker.selection).toEqual([]);
  });

  it("offers no Done, Undo or Cancel: a race move is sent by picking its destination", () => {
    const { picker } = pickerAfter({ players: 2 }, []);
    picker.pick("d2");
    expect(picker.building).toBe(false);
    expect(picker.canFinish).toBe(false);
    expect(picker.finish()).toBeNull();
    expect(picker.jumped.size).toBe(0);
  });
});

describe("a capture path", () => {
  it("starts from any piece that can jump and marks its first landings", () => {
    const { picker } = pickerAfter({ variant: "capture", players: 2 }, CAPTURE_CHAINS);
    expect(picker.movable.has("f7")).toBe(true);
    expect(picker.pick("f7")).toBeNull();
    expect(picker.selection).toEqual(["f7"]);
    expect(picker.building).toBe(true);
    expect(picker.canFinish).toBe(false);
    expect(sorted(picker.movable)).toEqual([]);
    expect(sorted(picker.destinations)).toEqual(["d2", "d4", "f5"]);
    expect(picker.preview).toBeNull();
  });

  it("is built landing by landing, marking each jumped piece and the landings that may follow", () => {
    const { game, picker } = pickerAfter({ variant: "capture", players: 2 }, CAPTURE_CHAINS);
    for (const hole of ["f7", "f5", "d2", "f7"]) expect(picker.pick(hole)).toBeNull();
    expect(picker.selection).toEqual(["f7", "f5", "d2", "f7"]);
    expect(picker.preview).toEqual(["f7", "f5", "d2", "f7"]);
    expect(sorted(picker.jumped)).toEqual(["e6", "e7", "f6"]);
    const engine = game.check(parseMove("f7-f5-d2-f7"));
    expect(engine.kind === "move" && sorted(engine.move.captured.map(holeName))).toEqual(sorted(picker.jumped));
    expect(sorted(picker.destinations)).toEqual(["d4"]);
    expect(picker.canFinish).toBe(true);
  });

  it("is sent as soon as it has nowhere further to land", () => {
    const { picker } = pickerAfter({ variant: "capture", players: 2 }, CAPTURE_CHAINS);
    for (const hole of ["f7", "d2", "f5", "f7"]) picker.pick(hole);
    expect(picker.pick("d4")).toEqual(["f7", "d2", "f5", "f7", "d4"]);
    expect(picker.selection).toEqual([]);
    expect(picker.pick("f7")).toBeNull();
    expect(picker.pick("d4")).toEqual(["f7", "d4"]);
  });

  it("is sent early with Done, or by picking the last landing again", () => {
    const { picker } = pickerAfter({ variant: "capture", players: 2 }, CAPTURE_CHAINS);
    picker.pick("f7");
    expect(picker.finish()).toBeNull();
    picker.pick("f5");
    expect(picker.finish()).toEqual(["f7", "f5"]);
    expect(picker.selection).toEqual([]);
    picker.pick("f7");
    picker.pick("f5");
    picker.pick("d2");
    expect(picker.pick("d2")).toEqual(["f7", "f5", "d2"]);
    expect(picker.building).toBe(false);
  });

  it("steps back one landing with Undo, and to nothing with Cancel", () => {
    const { picker } = pickerAfter({ variant: "capture", players: 2 }, CAPTURE_CHAINS);
    for (const hole of ["f7", "f5", "d2"]) picker.pick(hole);
    picker.undoLanding();
    expect(picker.selection).toEqual(["f7", "f5"]);
    expect(sorted(picker.destinations)).toEqual(["d2"]);
    expect(sorted(picker.jumped)).toEqual(["f6"]);
    picker.cancel();
    expect(picker.selection).toEqual([]);
    expect(picker.building).toBe(false);
    expect(picker.movable.has("f7")).toBe(true);
  });

  it("switches to another piece picked before the first landing, and ignores other holes after it", () => {
    const { picker } = pickerAfter({ variant: "capture", players: 2 }, CAPTURE_CHAINS);
    picker.pick("f7");
    picker.pick("f6");
    expect(picker.selection).toEqual(["f6"]);
    picker.pick("f6");
    expect(picker.selection).toEqual([]);
    picker.pick("f7");
    picker.pick("f5");
    expect(picker.pick("a1")).toBeNull();
    expect(picker.pick("f7")).toBeNull();
    expect(picker.selection).toEqual(["f7", "f5"]);
  });
});

describe("new legal moves", () => {
  it("keep a selection that is still the start of a legal move", () => {
    const { game, picker } = pickerAfter({ variant: "capture", players: 2 }, CAPTURE_CHAINS);
    picker.pick("f7");
    picker.pick("f5");
    picker.offer(variantOf(game.settings), engineMoves(game));
    expect(picker.selection).toEqual(["f7", "f5"]);
  });

  it("drop the selection when it is not this player's turn any more", () => {
    const { picker } = pickerAfter({ players: 2 }, []);
    picker.pick("d2");
    picker.point("e7");
    picker.offer(variantOf({ variant: "classic" }), NO_MOVES);
    expect(picker.selection).toEqual([]);
    expect(picker.preview).toBeNull();
    expect(picker.canMove).toBe(false);
    expect(picker.movable.size).toBe(0);
    expect(picker.pick("d2")).toBeNull();
    expect(picker.selection).toEqual([]);
  });

  it("drop a capture path the new position does not continue", () => {
    const { game, picker } = pickerAfter({ variant: "capture", players: 2 }, CAPTURE_CHAINS);
    picker.pick("f7");
    picker.pick("f5");
    game.play("f7-f5"); // the piece picked has moved away
    picker.offer(variantOf(game.settings), engineMoves(game));
    expect(picker.selection).toEqual([]);
  });
});
