/**
 * What the table page decides from the table, apart from drawing it: the
 * rematch button and who is still to accept, the seat swaps a player is
 * offered, when the others may act on a stalled table, what became of a
 * leaver's pieces, and what the page says aloud. The tables are real: the
 * table's commands play the server, and the client's model folds their log.
 */
import { describe, expect, it } from "vitest";
import { type Identity, TableModel } from "../../src/client/sdk/index.ts";
import { announcement, ownNotice } from "../../src/client/ui/table-page/announcements.ts";
import { invitationText } from "../../src/client/ui/table-page/invitation.ts";
import { leaverFate, leaverSentence } from "../../src/client/ui/table-page/leaver-fate.ts";
import { rematchState } from "../../src/client/ui/table-page/rematch-state.ts";
import { scoreText } from "../../src/client/ui/table-page/score-text.ts";
import { seatOffer, swapRequests } from "../../src/client/ui/table-page/seat-offer.ts";
import { stalledSeat } from "../../src/client/ui/table-page/stall.ts";
import { playerNames, seatNames } from "../../src/client/ui/table-page/view.ts";
import type { TableSettings } from "../../src/protocol/index.ts";
import { seating } from "../../src/rules/index.ts";
import { isolated } from "../isolated.ts";
import { i18nIn } from "../translations.ts";
import { HOST, ServerTable, SPECTATOR, seated } from "./server-table.ts";

const NAMES = ["Aino", "Bjørn", "Cecilia", "Dag", "Eeva", "Frida"];
const SEATED_HOST = (seat: number): Identity => ({ seat, host: true });

/**
 * A table of `players` seated under NAMES and started (seat 0 begins), with
 * the client's model following its log as a page's would, and what the page
 * announced.
 */
function startedTable(settings: Partial<TableSettings> & { players: number }) {
  const table = new ServerTable(settings, 0);
  table.seatAll(NAMES.slice(0, settings.players));
  table.record(table.commands.start(HOST, 0));
  const model = TableModel.fromSnapshot(table.snapshot());
  const i18n = i18nIn("en");
  const said: (string | null)[] = [];
  const names = () => model.seats.map((seat) => seat.name ?? `Seat ${seat.seat + 1}`);
  /** Folds what the table logged since the model's last event, as the page does, noting and announcing each. */
  const follow = () => {
    for (const entry of table.after(model.seq)) {
      model.apply(entry);
      said.push(announcement(i18n, entry.event, model, names()));
    }
  };
  /** Who is connected, as the server's presence tells the page. */
  const presence = (connected: readonly boolean[]) => model.setPresence({ connected, spectators: 0 });
  return { table, commands: table.commands, model, said, follow, presence, i18n };
}

/** Plays the first legal move for whoever is to move, `plies` times. */
function play(t: ReturnType<typeof startedTable>, plies: number): void {
  for (let ply = 0; ply < plies; ply++) {
    const seat = t.commands.turn?.seat ?? 0;
    t.table.record(t.commands.move(seated(seat), t.table.legalMoves()[0] as string, 0));
  }
  t.follow();
}

describe("the rematch, after a game", () => {
  /** Two players; Bjørn leaves on his turn, so Aino wins and Bjørn's seat is freed. */
  function overByLeaving() {
    const t = startedTable({ players: 2 });
    play(t, 1);
    t.table.record(t.commands.leave(seated(1), 0));
    t.follow();
    expect(t.model.status).toBe("over");
    return t;
  }

  it("offers a seated player to accept, then shows it accepted, waiting for the others", () => {
    const t = startedTable({ players: 3 });
    play(t, 1);
    t.table.record(t.commands.leave(seated(1), 0));
    t.table.record(t.commands.leave(seated(2), 0));
    t.follow();
    expect(t.model.status).toBe("over");
    // Both leavers' seats were freed when the game ended: the rematch needs players there first.
    expect(rematchState(t.model.seats, seated(0))).toEqual({ button: "accept", waitingFor: [0], freeSeats: [1, 2] });
    t.table.record(t.commands.join(SPECTATOR, 1, "Bo", 0));
    t.table.record(t.commands.rematch(seated(0), [true, true, false], 0));
    t.follow();
    expect(rematchState(t.model.seats, seated(0))).toEqual({ button: "accepted", waitingFor: [1], freeSeats: [2] });
    expect(rematchState(t.model.seats, seated(1)).button).toBe("accept");
    expect(rematchState(t.model.seats, SPECTATOR).button).toBeNull();
  });

  it("tells the host its button also accepts for players who are not connected", () => {
    const t = overByLeaving();
    t.table.record(t.commands.join(SPECTATOR, 1, "Bjørn", 0));
    t.follow();
    t.presence([true, false]);
    expect(rematchState(t.model.seats, SEATED_HOST(0)).button).toBe("also-for-absent");
    expect(rematchState(t.model.seats, HOST).button).toBe("for-absent");
    t.presence([true, true]);
    expect(rematchState(t.model.seats, SEATED_HOST(0)).button).toBe("accept");
    // A host without a seat has nothing to accept while everyone is here.
    expect(rematchState(t.model.seats, HOST).button).toBe("idle");
  });

  it("follows the server: the host's acceptance covers the absent player, and the next game starts", () => {
    const t = overByLeaving();
    t.table.record(t.commands.join(SPECTATOR, 1, "Bjørn", 0));
    t.table.record(t.commands.rematch(SEATED_HOST(0), [true, false], 0));
    t.follow();
    expect(t.model.status).toBe("playing");
    expect(t.model.gameNumber).toBe(2);
  });
});

describe("seat swaps between games", () => {
  it("offers to sit in a free seat or swap with a player, and shows an offer to both sides", () => {
    const table = new ServerTable({ players: 3 }, 0);
    table.seatAll(["Aino", "Bjørn"]);
    const model = TableModel.fromSnapshot(table.snapshot());
    const offers = (you: Identity) => [0, 1, 2].map((seat) => seatOffer(model.seats, you, model.status, seat));
    expect(offers(seated(0))).toEqual([null, "swap", "sit"]);
    expect(offers(SPECTATOR)).toEqual([null, null, null]);

    table.record(table.commands.swap(seated(0), 1, 0));
    for (const entry of table.after(model.seq)) model.apply(entry);
    expect(offers(seated(0))).toEqual([null, "offered", "sit"]);
    expect(offers(seated(1))).toEqual(["accept-swap", null, "sit"]);
    expect(swapRequests(model.seats, seated(1), model.status)).toEqual([0]);
    expect(swapRequests(model.seats, seated(0), model.status)).toEqual([]);

    // Bjørn accepts: the names trade seats, and no offer is left.
    table.record(table.commands.swap(seated(1), 0, 0));
    for (const entry of table.after(model.seq)) model.apply(entry);
    expect(model.seats.map((seat) => seat.name)).toEqual(["Bjørn", "Aino", null]);
    expect(offers(seated(1))).toEqual(["swap", null, "sit"]);
    expect(swapRequests(model.seats, seated(0), model.status)).toEqual([]);
  });

  it("offers nothing while a game is on", () => {
    const t = startedTable({ players: 2 });
    expect(seatOffer(t.model.seats, seated(0), t.model.status, 1)).toBeNull();
    expect(swapRequests(t.model.seats, seated(0), t.model.status)).toEqual([]);
  });
});

describe("a stalled table", () => {
  it("lets the other players act when the player to move has no connection and the computer does not play for them", () => {
    const t = startedTable({ players: 3 });
    play(t, 1); // Bjørn (seat 1) to move
    t.presence([true, false, true]);
    expect(stalledSeat(t.model, seated(0))).toBe(1);
    expect(stalledSeat(t.model, seated(2))).toBe(1);
    expect(stalledSeat(t.model, SPECTATOR)).toBeNull();
    expect(stalledSeat(t.model, seated(1))).toBeNull();
    t.presence([true, true, true]);
    expect(stalledSeat(t.model, seated(0))).toBeNull();

    // The others hand the seat to the computer: nothing more to decide.
    t.presence([true, false, true]);
    t.table.record(t.commands.remedy(seated(0), 1, "computer", 0, 60_000));
    t.follow();
    expect(t.model.isAway(1)).toBe(true);
    expect(stalledSeat(t.model, seated(0))).toBeNull();
    expect(t.said.at(-1)).toBe(isolated`The computer now plays for ${"Bjørn"}`);
  });

  it("asks nothing of a player who left the game", () => {
    const t = startedTable({ players: 3 });
    t.table.record(t.commands.leave(seated(2), 0));
    play(t, 1);
    t.presence([true, false, true]);
    expect(stalledSeat(t.model, seated(2))).toBeNull();
    expect(stalledSeat(t.model, seated(0))).toBe(1);
  });
});

describe("what became of a leaver's pieces", () => {
  const i18n = i18nIn("en");

  it("in a race without teams, they leave the board", () => {
    const t = startedTable({ players: 3 });
    t.table.record(t.commands.leave(seated(1), 0));
    t.follow();
    const fate = leaverFate(t.model.settings, 1, false, (seat) => t.model.coloursOf(seat));
    expect(fate).toEqual({ kind: "pieces-off" });
    expect(t.said.at(-1)).toBe(isolated`${"Bjørn"} left: their pieces were taken off the board`);
  });

  it("with teams, the partner plays on with the leaver's colour", () => {
    const t = startedTable({ players: 6, teams: true });
    t.table.record(t.commands.leave(seated(2), 0));
    t.follow();
    const fate = leaverFate(t.model.settings, 2, false, (seat) => t.model.coloursOf(seat));
    expect(fate.kind).toBe("partner");
    const partner = fate.kind === "partner" ? fate.partner : -1;
    expect(t.model.coloursOf(partner)).toContain(seating(t.model.settings)[2]?.[0]);
    expect(t.said.at(-1)).toBe(isolated`${"Cecilia"} left: ${NAMES[partner]} now plays their colour`);
  });

  it("in the capture variant, where pieces belong to nobody, the board stays as it is", () => {
    const t = startedTable({ players: 3, variant: "capture" });
    t.table.record(t.commands.leave(seated(1), 0));
    t.follow();
    expect(t.said.at(-1)).toBe(isolated`${"Bjørn"} left the game`);
  });

  it("a player counted out by the others is said to be counted out", () => {
    const t = startedTable({ players: 3 });
    play(t, 1);
    t.table.record(t.commands.remedy(seated(0), 1, "resign", 0, 60_000));
    t.follow();
    expect(t.model.departureOf(1)).toBe("absent");
    // A page loaded afterwards knows it too: the snapshot says so.
    expect(TableModel.fromSnapshot(t.table.snapshot()).departureOf(1)).toBe("absent");
    expect(t.said.at(-1)).toBe(isolated`${"Bjørn"} was counted out: their pieces were taken off the board`);
    const names = ["Aino", "Bjørn"];
    expect(leaverSentence(i18n, names, 1, "absent", { kind: "unchanged" })).toBe(isolated`${"Bjørn"} was counted out`);
    expect(leaverSentence(i18nIn("fi"), names, 1, "left", { kind: "partner", partner: 0 })).toBe(
      isolated`${"Bjørn"} poistui: ${"Aino"} pelaa nyt hänen väriään`,
    );
  });
});

describe("moves the computer made", () => {
  it("are noted by game and ply, and said as the computer's", () => {
    const t = startedTable({ players: 2, clock: { kind: "move", seconds: 10 } });
    play(t, 1); // Bjørn to move; his time runs out
    t.table.record(t.commands.tick(t.commands.deadline ?? 0));
    t.follow();
    expect(t.model.movedBy(1)).toBe("timeout");
    expect(t.model.movedBy(0)).toBeUndefined();
    expect(t.said.at(-1)).toBe(isolated`${"Bjørn"}'s time ran out: the computer moved for them`);

    t.table.record(t.commands.move(seated(0), t.table.legalMoves()[0] as string, 20_000));
    t.table.record(t.commands.remedy(seated(0), 1, "computer", 0, 90_000));
    t.table.record(t.commands.tick(100_000));
    t.follow();
    expect(t.model.movedBy(3)).toBe("computer");
    const reloaded = TableModel.fromSnapshot(t.table.snapshot());
    expect([1, 3].map((ply) => reloaded.movedBy(ply))).toEqual(["timeout", "computer"]);
    expect(t.said.at(-1)).toMatch(/^\u2068Bjørn\u2069 \(computer\): \u2068[a-q]\d+-[a-q]\d+/);

    t.table.record(t.commands.back(seated(1), 101_000));
    t.follow();
    expect(t.said.at(-1)).toBe(isolated`${"Bjørn"} is back`);
  });

  it("when the clock ran out on your turn, you are shown so, with the move the computer played; the others are not", () => {
    const t = startedTable({ players: 2, clock: { kind: "move", seconds: 10 } });
    play(t, 1); // Bjørn to move; his time runs out
    const [entry] = t.table.record(t.commands.tick(t.commands.deadline ?? 0));
    t.follow();
    if (entry?.event.type !== "moved") throw new Error("the clock played no move");
    const { event } = entry;
    expect(ownNotice(t.i18n, event, seated(1))).toBe(
      isolated`Your time ran out: the computer played ${event.path} for you`,
    );
    expect(ownNotice(t.i18n, event, seated(0))).toBeNull();
    expect(ownNotice(t.i18n, event, SPECTATOR)).toBeNull();
    expect(ownNotice(i18nIn("fi"), event, seated(1))).toBe(
      isolated`Aikasi loppui: tietokone siirsi puolestasi ${event.path}`,
    );
  });
});

describe("computer players", () => {
  /** Aino against a strong computer in seat 2, started with Aino to begin; the page's model follows the log. */
  function againstComputer(players = 2) {
    const table = new ServerTable({ players }, 0);
    table.record(table.commands.join(SPECTATOR, 0, "Aino", 0));
    for (let seat = 1; seat < players; seat++) table.record(table.commands.addComputer(HOST, seat, "strong", 0));
    table.record(table.commands.start(HOST, 0));
    const model = TableModel.fromSnapshot(table.snapshot());
    const follow = () => {
      const said: (string | null)[] = [];
      for (const entry of table.after(model.seq)) {
        model.apply(entry);
        said.push(announcement(i18nIn("en"), entry.event, model, playerNames(i18nIn("en"), model)));
      }
      return said;
    };
    return { table, model, follow };
  }

  it("are named in the page's language by their seat, in the seats and in the game's players", () => {
    const { model } = againstComputer(3);
    expect(model.seats.map((seat) => seat.name)).toEqual(["Aino", "Computer 2", "Computer 3"]);
    expect(seatNames(i18nIn("en"), model)).toEqual(["Aino", "Computer 2", "Computer 3"]);
    expect(seatNames(i18nIn("fi"), model)).toEqual(["Aino", "Tietokone 2", "Tietokone 3"]);
    expect(playerNames(i18nIn("sv"), model)).toEqual(["Aino", "Dator 2", "Dator 3"]);
    expect(playerNames(i18nIn("nb"), model)).toEqual(["Aino", "Datamaskin 2", "Datamaskin 3"]);
  });

  it("are named by the seat they sit in, even after a seat swap, and a person's name is never taken for a computer's", () => {
    const table = new ServerTable({ players: 2 }, 0);
    table.record(table.commands.join(SPECTATOR, 0, "Computer 1", 0));
    table.record(table.commands.addComputer(HOST, 1, "easy", 0));
    table.record(table.commands.swap(seated(0), 1, 0));
    const model = TableModel.fromSnapshot(table.snapshot());
    expect(model.seats.map((seat) => seat.name)).toEqual(["Computer 2", "Computer 1"]);
    expect(seatNames(i18nIn("fi"), model)).toEqual(["Tietokone 1", "Computer 1"]);
  });

  it("a computer the host removed after the game keeps its translated name in the game's standings", () => {
    const { table, model, follow } = againstComputer();
    table.record(table.commands.leave(seated(0), 0));
    table.record(table.commands.remove(HOST, 1, 0));
    follow();
    expect(model.status).toBe("over");
    expect(model.seats[1]?.name).toBeNull();
    expect(playerNames(i18nIn("fi"), model)).toEqual(["Aino", "Tietokone 2"]);
  });

  it("a person who played under a computer's name keeps it in the game's standings when a computer takes the seat", () => {
    const table = new ServerTable({ players: 2 }, 0);
    table.seatAll(["Aino", "Computer 2"]);
    table.record(table.commands.start(HOST, 0));
    table.record(table.commands.leave(seated(1), 0));
    table.record(table.commands.addComputer(HOST, 1, "easy", 0));
    const model = TableModel.fromSnapshot(table.snapshot());
    expect(model.status).toBe("over");
    expect(model.seats.map((seat) => [seat.name, seat.computer])).toEqual([
      ["Aino", null],
      ["Computer 2", "easy"],
    ]);
    expect(seatNames(i18nIn("fi"), model)).toEqual(["Aino", "Tietokone 2"]);
    expect(playerNames(i18nIn("fi"), model)).toEqual(["Aino", "Computer 2"]);
  });

  it("their moves are said plainly, their name says they are the computer", () => {
    const { table, model, follow } = againstComputer();
    table.record(table.commands.move(seated(0), table.legalMoves()[0] as string, 1_000));
    table.record(table.commands.tick(1_000_000));
    const said = follow();
    expect(model.movedBy(1)).toBe("computer");
    expect(said.at(-1)).toMatch(/^\u2068Computer 2\u2069: \u2068[a-q]\d+-[a-q]\d+/);
  });

  it("never stall a table: there is nothing to do about a computer that has no connection", () => {
    const { table, model, follow } = againstComputer(3);
    table.record(table.commands.move(seated(0), table.legalMoves()[0] as string, 1_000));
    follow();
    model.setPresence({ connected: [true, false, false], spectators: 0, absentSince: [null, 0, 0], stallGraceMs: 0 });
    expect(model.turn?.seat).toBe(1);
    expect(stalledSeat(model, seated(0))).toBeNull();
    expect(model.remedyAt).toBeNull();
  });

  it("accept every rematch: at a table of computers alone the host's button starts the next game", () => {
    const table = new ServerTable({ players: 2 }, 0);
    for (const seat of [0, 1]) table.record(table.commands.addComputer(HOST, seat, "easy", 0));
    table.record(table.commands.start(HOST, 0));
    for (let at = 1; table.commands.status === "playing"; at++) table.record(table.commands.tick(at * 10_000));
    const model = TableModel.fromSnapshot(table.snapshot());
    expect(model.status).toBe("over");
    expect(rematchState(model.seats, HOST)).toEqual({ button: "next-game", waitingFor: [], freeSeats: [] });
    expect(rematchState(model.seats, SPECTATOR).button).toBeNull();
    table.record(table.commands.rematch(HOST, [false, false], 0));
    expect(table.commands.status).toBe("playing");

    // Against a person, the computer has accepted already: the page waits for the person alone.
    const t = againstComputer();
    t.table.record(t.table.commands.leave(seated(0), 0));
    t.table.record(t.table.commands.join(SPECTATOR, 0, "Aino", 0));
    t.follow();
    expect(rematchState(t.model.seats, seated(0))).toEqual({ button: "accept", waitingFor: [0], freeSeats: [] });
    t.model.setPresence({ connected: [true, false], spectators: 0 });
    expect(rematchState(t.model.seats, HOST).button).toBe("idle");
  });
});

describe("the running score", () => {
  it("reads in points and games, in the plural forms of each language", () => {
    expect(scoreText(i18nIn("en"), { points: 1, games: 1 })).toBe("1 pt · 1 game");
    expect(scoreText(i18nIn("en"), { points: 3, games: 4 })).toBe("3 pts · 4 games");
    expect(scoreText(i18nIn("fi"), { points: 0, games: 1 })).toBe("0 pistettä · 1 peli");
    expect(scoreText(i18nIn("sv"), { points: 1, games: 2 })).toBe("1 poäng · 2 partier");
    expect(scoreText(i18nIn("nb"), { points: 2, games: 1 })).toBe("2 poeng · 1 parti");
  });

  it("lists names as each language does", () => {
    expect(i18nIn("en").list(["Aino", "Bjørn", "Cecilia"])).toBe(isolated`${"Aino"}, ${"Bjørn"}, and ${"Cecilia"}`);
    expect(i18nIn("fi").list(["Aino", "Bjørn"])).toBe(isolated`${"Aino"} ja ${"Bjørn"}`);
    expect(i18nIn("nb").count("rematchWaiting", 1, { names: "Bjørn" })).toBe(
      isolated`Venter på at ${"Bjørn"} skal godta omkampen`,
    );
    expect(i18nIn("fi").count("rematchWaiting", 2, { names: "Aino ja Bjørn" })).toBe(
      isolated`Odotetaan, että ${"Aino ja Bjørn"} hyväksyvät uusintaottelun`,
    );
  });
});

describe("the invitation a visitor without a seat reads names the host first, once the host is seated", () => {
  /** A three-seat table waiting for players; the client's model follows its log. */
  function waitingTable() {
    const table = new ServerTable({ players: 3 });
    const model = TableModel.fromSnapshot(table.snapshot());
    const follow = () => {
      for (const entry of table.after(model.seq)) model.apply(entry);
    };
    const text = (language: "en" | "fi" | "sv" | "nb", you: Identity = SPECTATOR) => {
      const i18n = i18nIn(language);
      return invitationText(i18n, model, you, seatNames(i18n, model));
    };
    return { table, model, follow, text };
  }

  it("the host alone, then with a guest, then two: in English, Finnish, Swedish and Norwegian", () => {
    const t = waitingTable();
    expect(t.text("en")).toBe("");
    t.table.record(t.table.commands.join(HOST, 0, "Aino", 0));
    t.follow();
    expect(t.text("en")).toBe(isolated`${"Aino"} invited you to play`);
    expect(t.text("fi")).toBe(isolated`${"Aino"} kutsui sinut pelaamaan`);
    t.table.record(t.table.commands.join(SPECTATOR, 1, "Bjørn", 0));
    t.follow();
    expect(t.text("en")).toBe(isolated`${"Aino"} invited you. ${"Bjørn"} is waiting too.`);
    expect(t.text("sv")).toBe(isolated`${"Aino"} har bjudit in dig. ${"Bjørn"} väntar också.`);
    t.table.record(t.table.commands.addComputer(SEATED_HOST(0), 2, "easy", 0));
    t.follow();
    expect(t.text("en")).toBe(isolated`${"Aino"} invited you. ${"Bjørn"} and ${"Computer 3"} are waiting too.`);
    expect(t.text("fi")).toBe(isolated`${"Aino"} kutsui sinut. Myös ${"Bjørn"} ja ${"Tietokone 3"} odottavat.`);
    expect(t.text("nb")).toBe(isolated`${"Aino"} har invitert deg. ${"Bjørn"} og ${"Datamaskin 3"} venter også.`);
  });

  it("keeps listing everyone when the host has left their seat, or never sat down, and to the host themselves", () => {
    const t = waitingTable();
    t.table.record(t.table.commands.join(HOST, 0, "Aino", 0));
    t.table.record(t.table.commands.join(SPECTATOR, 1, "Bjørn", 0));
    t.follow();
    expect(t.text("en", HOST)).toBe(isolated`${"Aino"} and ${"Bjørn"} are waiting for you to join`);
    t.table.record(t.table.commands.leave(SEATED_HOST(0), 0));
    t.follow();
    expect(t.model.hostSeat).toBeNull();
    expect(t.text("en")).toBe(isolated`${"Bjørn"} is waiting for you to join`);
    expect(t.text("fi")).toBe(isolated`${"Bjørn"} odottaa sinua mukaan`);
  });
});
