/**
 * Why a game ended, as the page says it, on real tables played to their end
 * by the table's commands (the computer's greedy moves for every seat): the
 * sentence must be true of the game, e.g. never "Everyone is home" when the
 * loser of a two-player race is not. And places as ordinals.
 */
import { describe, expect, it } from "vitest";
import { greedyMove } from "../../src/bots/index.ts";
import { TableModel } from "../../src/client/sdk/index.ts";
import { ordinal, reasonText } from "../../src/client/ui/table-page/reason-text.ts";
import type { TableSettings } from "../../src/protocol/index.ts";
import { formatPath } from "../../src/rules/index.ts";
import { isolated } from "../isolated.ts";
import { i18nIn } from "../translations.ts";
import { HOST, ServerTable, seated } from "./server-table.ts";

const NAMES = ["Aino", "Bjørn", "Cecilia", "Dag", "Eeva", "Frida"];

function started(settings: Partial<TableSettings>): ServerTable {
  const table = new ServerTable(settings);
  table.seatAll(NAMES.slice(0, settings.players ?? 2));
  table.record(table.commands.start(HOST, 0));
  return table;
}

/** Plays greedy moves for whoever is to move; `before(ply)` may act first (a player leaving). */
function playOn(table: ServerTable, before?: (ply: number) => void, maxPlies = 3000): void {
  const { commands } = table;
  for (let ply = 0; ply < maxPlies && commands.status === "playing"; ply++) {
    before?.(ply);
    if (commands.status !== "playing") break;
    const game = commands.game;
    const action = game ? greedyMove(game) : undefined;
    if (!action) throw new Error("no move");
    table.record(commands.move(seated(action.player), formatPath(action.move.path), 0));
  }
  expect(commands.status).toBe("over");
}

function said(table: ServerTable, language: "en" | "fi" = "en"): string {
  const model = TableModel.fromSnapshot(table.snapshot());
  return reasonText(i18nIn(language), model, NAMES);
}

const winnerOf = (table: ServerTable) => TableModel.fromSnapshot(table.snapshot()).result?.winners ?? [];

describe("why the game ended", () => {
  it("two players: the winner is home first (the loser is not)", () => {
    const table = started({ players: 2 });
    playOn(table);
    const [winner] = winnerOf(table);
    expect(said(table)).toBe(isolated`${NAMES[winner ?? 0] ?? ""} is home first.`);
    expect(said(table, "fi")).toBe(isolated`${NAMES[winner ?? 0] ?? ""} ehti ensimmäisenä maaliin.`);
  });

  it("three players: everyone but the last is home", () => {
    const table = started({ players: 3 });
    playOn(table);
    const model = TableModel.fromSnapshot(table.snapshot());
    const last = model.result?.standings.find((standing) => !standing.finished);
    expect(said(table)).toBe(isolated`Everyone but ${NAMES[last?.seat ?? 0] ?? ""} is home.`);
  });

  it("three players, one of whom left: everyone but the last is home or has left", () => {
    const table = started({ players: 3 });
    playOn(table, (ply) => {
      if (ply === 6) table.record(table.commands.leave(seated(2), 0));
    });
    const model = TableModel.fromSnapshot(table.snapshot());
    expect(model.result?.reason).toBe("finished");
    const last = model.result?.standings.find((standing) => !standing.finished && !standing.resigned);
    expect(said(table)).toBe(isolated`Everyone but ${NAMES[last?.seat ?? 0] ?? ""} is home or has left.`);
  });

  it("two players, one leaves: says who left", () => {
    const table = started({ players: 2 });
    playOn(table, (ply) => {
      if (ply === 4) table.record(table.commands.leave(seated(1), 0));
    });
    expect(said(table)).toBe(isolated`${"Bjørn"} left the game.`);
  });

  it("two players, one counted out by the other: says so", () => {
    const table = started({ players: 2 });
    playOn(table, (ply) => {
      if (ply === 1) table.record(table.commands.remedy(seated(0), 1, "resign", 0, 1e9));
    });
    expect(said(table)).toBe(isolated`${"Bjørn"} was counted out.`);
  });

  it("three players, two leave: the other players left", () => {
    const table = started({ players: 3 });
    table.record(table.commands.leave(seated(1), 0));
    table.record(table.commands.leave(seated(2), 0));
    expect(said(table)).toBe("The other players left.");
  });

  it("teams: everyone but the last team is home", () => {
    const table = started({ players: 6, teams: true });
    playOn(table, undefined, 6000);
    const model = TableModel.fromSnapshot(table.snapshot());
    const last = (model.result?.standings ?? []).filter((standing) => !standing.finished).map((s) => s.seat);
    expect(last).toHaveLength(2);
    const names = last.map((seat) => `\u2068${NAMES[seat]}\u2069`).join(" & ");
    expect(said(table)).toBe(`Everyone but ${names} is home.`);
  });

  it("capture: no jumps are left", () => {
    const table = started({ variant: "capture", players: 2 });
    playOn(table);
    expect(said(table)).toBe("No jumps are left.");
  });
});

describe("places as ordinals", () => {
  it("in each language's way", () => {
    const en = i18nIn("en");
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22].map((n) => ordinal(en, n))).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
    ]);
    expect([1, 2, 3, 6].map((n) => ordinal(i18nIn("sv"), n))).toEqual(["1:a", "2:a", "3:e", "6:e"]);
    expect([1, 2, 6].map((n) => ordinal(i18nIn("fi"), n))).toEqual(["1.", "2.", "6."]);
    expect([1, 2, 6].map((n) => ordinal(i18nIn("nb"), n))).toEqual(["1.", "2.", "6."]);
  });
});
