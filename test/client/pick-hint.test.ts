/**
 * A pick on the board that does nothing says why, in words: the page's
 * reason for each kind of wrong click, worked out from a real table (the
 * table's commands play the server, the client's model folds their log).
 */
import { describe, expect, it } from "vitest";
import { type Identity, TableModel } from "../../src/client/sdk/index.ts";
import type { Language } from "../../src/client/ui/i18n/index.ts";
import { pickRefusal, type RefusedPick } from "../../src/client/ui/table-page/pick-hint.ts";
import { playerNames, seatNames, type TableView } from "../../src/client/ui/table-page/view.ts";
import { i18nIn } from "../translations.ts";
import { HOST, ServerTable } from "./server-table.ts";

const NAMES = ["Aino", "Bjørn"];

/** A 2-player table seated under NAMES; started unless told, seat 0 to move first. */
function tableOf(start = true) {
  const table = new ServerTable({ players: 2 }, 0);
  table.seatAll(NAMES);
  if (start) table.record(table.commands.start(HOST, 0));
  return TableModel.fromSnapshot(table.snapshot());
}

function viewOf(model: TableModel, you: Identity, i18n = i18nIn("en")): TableView {
  return { model, you, names: seatNames(i18n, model), players: playerNames(i18n, model), turn: model.turn };
}

/** A hole holding a piece of `seat`'s. */
function pieceOf(model: TableModel, seat: number): string {
  const colours = model.coloursOf(seat);
  const hole = Object.keys(model.pieces).find((name) => colours.includes(model.pieces[name] as never));
  if (!hole) throw new Error(`seat ${seat} has no piece`);
  return hole;
}

function reason(
  model: TableModel,
  you: Identity,
  pick: Partial<RefusedPick> & { hole?: string },
  language: Language = "en",
) {
  const i18n = i18nIn(language);
  const piece = pick.hole === undefined ? undefined : model.pieces[pick.hole];
  // Names come wrapped in Unicode isolates (a right-to-left name stays whole); they are left out here.
  return pickRefusal(i18n, {
    view: viewOf(model, you, i18n),
    piece,
    hadSelection: false,
    replaying: false,
    pending: false,
    connection: "open",
    ...pick,
  }).replace(/[\u2068\u2069]/g, "");
}

const AINO: Identity = { seat: 0, host: true };
const BJORN: Identity = { seat: 1, host: false };

describe("out of turn: the player is told whose turn it is", () => {
  it("whatever was clicked", () => {
    const model = tableOf();
    expect(reason(model, BJORN, { hole: pieceOf(model, 1) })).toBe("It is Aino's turn");
    expect(reason(model, BJORN, {})).toBe("It is Aino's turn");
    expect(reason(model, BJORN, { hole: pieceOf(model, 1) }, "fi")).toBe("Vuorossa: Aino");
  });
});

describe("on one's turn, a piece of someone else's: whose it is", () => {
  it("names the piece's player", () => {
    const model = tableOf();
    expect(reason(model, AINO, { hole: pieceOf(model, 1) })).toBe("That piece belongs to Bjørn");
    expect(reason(model, AINO, { hole: pieceOf(model, 1) }, "sv")).toBe("Den pjäsen tillhör Bjørn");
  });
});

describe("on one's turn, one's own piece that cannot move, or an empty hole", () => {
  it("a piece of one's own without a move: it has none", () => {
    const model = tableOf();
    expect(reason(model, AINO, { hole: pieceOf(model, 0) })).toBe("That piece has no move");
  });

  it("an empty hole with nothing picked: pick a piece; with a piece picked: it cannot go there", () => {
    const model = tableOf();
    expect(reason(model, AINO, {})).toBe("Pick one of your pieces");
    expect(reason(model, AINO, { hadSelection: true })).toBe("It cannot go there");
    expect(reason(model, AINO, { hadSelection: true }, "nb")).toBe("Dit kan den ikke flytte");
  });
});

describe("when nobody at the board could move: the table's state says why", () => {
  it("a spectator is watching; before the game it has not started; the past is only looked at", () => {
    const model = tableOf();
    expect(reason(model, { seat: null, host: false }, {})).toBe("You are watching: only the players move");
    expect(reason(tableOf(false), AINO, {})).toBe("The game has not started yet");
    expect(reason(model, AINO, { replaying: true })).toBe(
      "You are looking back at the game: go to the last move to play",
    );
  });

  it("a move on its way, or the connection lost, comes before the hole", () => {
    const model = tableOf();
    expect(reason(model, AINO, { pending: true, hole: pieceOf(model, 1) })).toBe("Your move is on its way");
    expect(reason(model, AINO, { connection: "reconnecting" })).toBe("Wait a moment: the connection is coming back");
  });
});
