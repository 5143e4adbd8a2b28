/**
 * A stalled table: the player to move has been disconnected for the grace
 * period. The others may hand the seat to the computer or count the player out.
 */
import { describe, expect, it } from "vitest";
import { COMPUTER_DELAY_MS, STALL_GRACE_MS } from "../../src/table/index.ts";
import { expectRefused, firstMove, HOST, NOBODY_CONNECTED, SPECTATOR, seated, seatedTable } from "./helpers.ts";

const events = (logged: readonly { event: unknown }[]) => logged.map((entry) => entry.event);

/** A table whose seat 0 is to move from time 0. */
function stalled(players = 2) {
  const commands = seatedTable({ players });
  commands.start(HOST, 0);
  return commands;
}

describe("the others may act only once the player to move has been gone for the grace period", () => {
  it("not while the player is connected", () => {
    const commands = stalled();
    expectRefused(commands, () => commands.remedy(seated(1), 0, "computer", null, STALL_GRACE_MS * 10), "not-stalled");
  });

  it("not before the grace period, counted from the later of the turn's start and the disconnection", () => {
    const commands = stalled();
    const disconnectedAt = 30_000;
    const early = disconnectedAt + STALL_GRACE_MS - 1;
    expectRefused(commands, () => commands.remedy(seated(1), 0, "computer", disconnectedAt, early), "not-stalled");
    expect(events(commands.remedy(seated(1), 0, "computer", disconnectedAt, early + 1))).toEqual([
      { type: "away", seat: 0, reason: "claimed" },
    ]);
  });

  it("only on the seat to move, not one's own, and not by spectators", () => {
    const commands = stalled(3);
    const late = STALL_GRACE_MS;
    expectRefused(commands, () => commands.remedy(seated(0), 1, "computer", 0, late), "not-stalled");
    expectRefused(commands, () => commands.remedy(seated(0), 0, "computer", 0, late), "same-seat");
    expectRefused(commands, () => commands.remedy(SPECTATOR, 0, "computer", 0, late), "not-seated");
  });

  it("not outside a game, nor twice", () => {
    const waiting = seatedTable();
    expectRefused(waiting, () => waiting.remedy(seated(1), 0, "computer", 0, STALL_GRACE_MS), "not-stalled");
    const commands = stalled();
    commands.remedy(seated(1), 0, "computer", 0, STALL_GRACE_MS);
    expectRefused(commands, () => commands.remedy(seated(1), 0, "resign", 0, STALL_GRACE_MS), "not-stalled");
  });
});

describe("remedy: the computer takes the seat until its player comes back", () => {
  it("plays the seat's turns after its short delay, and the game goes on", () => {
    const commands = stalled(3);
    commands.remedy(seated(2), 0, "computer", 0, STALL_GRACE_MS);
    expect(commands.tick(STALL_GRACE_MS + COMPUTER_DELAY_MS)).toEqual([
      expect.objectContaining({ event: expect.objectContaining({ type: "moved", seat: 0, by: "computer" }) }),
    ]);
    expect(commands.turn?.seat).toBe(1);
    commands.move(seated(1), firstMove(commands), STALL_GRACE_MS + 5_000);
    commands.move(seated(2), firstMove(commands), STALL_GRACE_MS + 6_000);
    expect(events(commands.tick(STALL_GRACE_MS + 6_000 + COMPUTER_DELAY_MS))).toEqual([
      expect.objectContaining({ type: "moved", seat: 0, by: "computer" }),
    ]);
  });
});

describe("remedy: the player is counted out, as if they had left", () => {
  it("between two players the other wins at once", () => {
    const commands = stalled();
    const logged = events(commands.remedy(seated(1), 0, "resign", 0, STALL_GRACE_MS));
    expect(logged[0]).toEqual({ type: "resigned", seat: 0, reason: "absent" });
    expect(logged).toContainEqual(expect.objectContaining({ type: "ended" }));
    expect(commands.result?.winners).toEqual([1]);
    // Gone players give up their seats once the game is over.
    expect(commands.names).toEqual([null, "Player 2"]);
  });

  it("among more the game goes on without them, their pieces off the board", () => {
    const commands = stalled(3);
    commands.remedy(seated(1), 0, "resign", 0, STALL_GRACE_MS);
    expect(commands.status).toBe("playing");
    expect(commands.turn?.seat).toBe(1);
    expect(Object.values(commands.pieces)).not.toContain("N");
    expect(commands.view(NOBODY_CONNECTED).seats[0]).toMatchObject({ resigned: true, place: 3 });
  });
});
