/**
 * Server messages are checked by the SDK at its boundary. They are not
 * strict: a newer server may add fields, which an older client drops.
 */
import { describe, expect, it } from "vitest";
import { type ServerMessage, ServerMessageSchema, type Snapshot, TableEventSchema } from "../../src/protocol/index.ts";
import * as v from "../../src/protocol/schema.ts";

const moved = { type: "moved", seat: 0, path: "c2-e4-g4" } as const;
const event = { type: "event", seq: 13, at: 1_795_000_000_000, event: moved } as const;

const snapshot: Snapshot = {
  id: "N4oaAfw5PTY7Nk9FxQ2w_rLb",
  settings: { variant: "classic", players: 2, colours: 1, pieces: 10, longJump: false, teams: false },
  clock: null,
  firstPlayer: null,
  startWhenFull: false,
  seq: 3,
  status: "waiting",
  seats: [
    {
      seat: 0,
      name: "Aino",
      connected: true,
      colours: ["N"],
      finished: false,
      resigned: false,
      place: null,
      captures: 0,
      computer: null,
      away: false,
      timeouts: 0,
      bank: null,
      score: { points: 0, games: 0 },
      rematch: false,
      swapTo: null,
    },
    {
      seat: 1,
      name: null,
      connected: false,
      colours: ["S"],
      finished: false,
      resigned: false,
      place: null,
      captures: 0,
      computer: null,
      away: false,
      timeouts: 0,
      bank: null,
      score: { points: 0, games: 0 },
      rematch: false,
      swapTo: null,
    },
  ],
  hostSeat: 0,
  game: null,
};
const welcome: ServerMessage = { type: "welcome", you: { seat: 0, host: true }, snapshot };

/** The path and type (the schema or check that failed) of each issue the schema raises. */
function issues(message: unknown) {
  return v.safeParse(ServerMessageSchema, message).issues?.map((issue) => [v.getDotPath(issue) ?? "", issue.type]);
}

describe("an event message carries its sequence number and its time", () => {
  it("accepts seq, at and the event", () => {
    expect(v.parse(ServerMessageSchema, event)).toEqual(event);
  });

  const refused: [string, unknown, [string, string][]][] = [
    ["no at", { type: "event", seq: 13, event: moved }, [["at", "object"]]],
    ["at as a date string", { ...event, at: "2026-11-19T10:00:00Z" }, [["at", "number"]]],
    ["a negative at", { ...event, at: -1 }, [["at", "min_value"]]],
    ["an at in fractions of a millisecond", { ...event, at: 1.5 }, [["at", "safe_integer"]]],
    ["no seq", { type: "event", at: 0, event: moved }, [["seq", "object"]]],
    ["an event of a seventh seat", { ...event, event: { ...moved, seat: 6 } }, [["event.seat", "max_value"]]],
    ["an unknown event", { ...event, event: { type: "danced", seat: 0 } }, [["event.type", "variant"]]],
  ];
  for (const [what, message, expected] of refused) {
    it(`refuses ${what}`, () => {
      expect(issues(message)).toEqual(expected);
    });
  }
});

describe("a malformed server message is refused at the field at fault", () => {
  const refused: [string, unknown, [string, string][]][] = [
    ["an unknown type", { type: "hint", move: "a1-b2" }, [["type", "variant"]]],
    [
      "a welcome with an unknown status",
      { ...welcome, snapshot: { ...snapshot, status: "paused" } },
      [["snapshot.status", "picklist"]],
    ],
    [
      "a welcome with a seat of an unknown colour",
      { ...welcome, snapshot: { ...snapshot, seats: [{ ...snapshot.seats[0], colours: ["E"] }] } },
      [["snapshot.seats.0.colours.0", "picklist"]],
    ],
    ["an identity without host", { type: "identity", you: { seat: null } }, [["you.host", "object"]]],
    ["an ack without seq", { type: "ack", id: "m7" }, [["seq", "object"]]],
    [
      "a presence with a negative count",
      { type: "presence", connected: [true], spectators: -1, absentSince: [null], stallGraceMs: 60_000 },
      [["spectators", "min_value"]],
    ],
    ["an error with an unknown code", { type: "error", code: "oops", message: "no" }, [["code", "picklist"]]],
  ];
  for (const [what, message, expected] of refused) {
    it(`refuses ${what}`, () => {
      expect(issues(message)).toEqual(expected);
    });
  }
});

describe("fields a newer server adds are tolerated, and dropped", () => {
  it("on the message, on the event and deep in the snapshot", () => {
    expect(v.parse(ServerMessageSchema, { ...event, origin: "eu", event: { ...moved, ms: 40 } })).toEqual(event);
    const seats = snapshot.seats.map((seat) => ({ ...seat, avatar: "🦊" }));
    expect(v.parse(ServerMessageSchema, { ...welcome, snapshot: { ...snapshot, seats, theme: "dark" } })).toEqual(
      welcome,
    );
  });
});

describe("a `seated` event says whether the host sat down", () => {
  const seated = { type: "seated", seat: 0, name: "Aino" } as const;
  it("parses one of an older log, without `host`, as it is", () => {
    expect(v.parse(TableEventSchema, seated)).toEqual({ type: "seated", seat: 0, name: "Aino" });
  });

  it("parses `host: true`, and refuses `host: false` (the field is left out instead)", () => {
    expect(v.parse(TableEventSchema, { ...seated, host: true })).toEqual({ ...seated, host: true });
    expect(
      v
        .safeParse(TableEventSchema, { ...seated, host: false })
        .issues?.map((issue) => issue.path?.map((item) => item.key)),
    ).toEqual([["host"]]);
  });
});
