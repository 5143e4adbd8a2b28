/**
 * The protocol fuzzer's model of a table (test/server/fuzz.test.ts): a small,
 * independent description of what docs/protocol.md says a table does with
 * each message, and the answer each socket should get. It knows the seats and
 * their names and tokens, the host, the sockets and who each one is, whose
 * turn it is, the request ids already applied, and the game, which it plays
 * on its own `Game` of the rules engine (the rules have their own tests).
 *
 * It does not use src/table or src/server (biome.json forbids the import):
 * the fuzzer compares the server with this description, not with itself.
 * Computer players, clocks running out, absent players and remedies that
 * succeed are left out (they need time to pass); see the fuzzer's header.
 */
import type { ClientMessage, Clock, ErrorCode, Identity, ResultView, TableEvent } from "../../src/protocol/index.ts";
import {
  type Action,
  Game,
  HOLE_COUNT,
  holeName,
  notate,
  type Point,
  RulesError,
  type Settings,
} from "../../src/rules/index.ts";

/** A client that is further behind than this gets a welcome instead of the events (docs/protocol.md). */
export const MAX_REPLAY = 32;

/** A message a client sends that passes the schema (the fuzzer's generator builds them): the protocol's own type. */
export type Request = ClientMessage;

/** What the name in a join is, as the generator built it: a name that shows (and how it is stored), or one refused. */
export type NameVerdict = { readonly ok: true; readonly stored: string } | { readonly ok: false };

/** An event of the log as the model expects it. `started` with a drawn first player is filled in from the wire. */
export interface Entry {
  readonly seq: number;
  event: TableEvent;
  /** A `started` whose first player the table draws: any seat will do, and the model takes it from the wire. */
  drawn?: (firstPlayer: number) => void;
}

/** One message a socket should receive, in order. */
export type Expected =
  | { readonly kind: "event"; readonly entry: Entry }
  | { readonly kind: "identity"; readonly you: Identity }
  | { readonly kind: "joined"; readonly id: string; readonly seat: number; readonly token: (token: string) => void }
  | { readonly kind: "ack"; readonly id: string; readonly seq: number; readonly repeat?: true }
  | { readonly kind: "error"; readonly code: ErrorCode; readonly id: string | undefined }
  | { readonly kind: "welcome"; readonly you: Identity; readonly view: View }
  /** The chat as a new socket finds it: no message is ever sent in these runs, so the new table's policy and none. */
  | { readonly kind: "chatHistory" }
  | { readonly kind: "pong" };

/** What every socket should receive for one message: events to all, identities to some, the answer to the sender. */
export interface Outcome {
  readonly events: Entry[];
  readonly identities: [socket: number, you: Identity][];
  readonly reply: Expected[];
  /** The refusal's code, if the message is refused. */
  readonly refused: ErrorCode | undefined;
}

/** The part of a snapshot the model tracks (see `view`): everything but times (deadline, bank) and the table id. */
export interface View {
  readonly settings: Settings;
  readonly clock: Clock;
  readonly firstPlayer: number | null;
  /** The fuzzer's tables are started by their host. */
  readonly startWhenFull: false;
  readonly seq: number;
  readonly status: "waiting" | "playing" | "over";
  readonly seats: readonly SeatViewModel[];
  /** docs/protocol.md: the seat a host's socket sat down in, while its player sits there. */
  readonly hostSeat: number | null;
  readonly game: GameViewModel | null;
}

export interface SeatViewModel {
  readonly seat: number;
  readonly name: string | null;
  readonly connected: boolean;
  readonly colours: readonly Point[];
  readonly finished: boolean;
  readonly resigned: boolean;
  readonly place: number | null;
  readonly captures: number;
  readonly computer: null;
  readonly away: false;
  readonly timeouts: 0;
  /** Whether the seat shows a bank (a time bank clock): its value depends on time, which the model leaves out. */
  readonly bank: boolean;
  readonly score: { readonly points: number; readonly games: number };
  readonly rematch: boolean;
  readonly swapTo: number | null;
}

export interface GameViewModel {
  readonly number: number;
  readonly firstPlayer: number;
  readonly turn: { readonly seat: number; readonly colour: Point | null } | null;
  /** Whether the turn has a deadline: only a running game with a clock. */
  readonly deadline: boolean;
  readonly pieces: Readonly<Record<string, string>>;
  readonly moves: readonly string[];
  readonly playedFor: readonly never[];
  readonly departures: readonly { readonly seat: number; readonly reason: "left" }[];
  readonly players: readonly (string | null)[];
  readonly computers: readonly null[];
  readonly result: unknown;
}

interface Seat {
  name: string | null;
  /** The seat's token; undefined between the join and the `joined` answer that carries it. */
  token: string | undefined;
  score: { points: number; games: number };
  rematch: boolean;
  swapTo: number | null;
}

export interface SocketModel {
  readonly label: string;
  seat: number | null;
  host: boolean;
  /** Flood tokens spent (docs/protocol.md: a bucket of 300, a message costs 1 and 1 more per KiB, a replay what it sends back). */
  cost: number;
}

/** Request types only the seated may send, and those only the host may. */
const SEATED_ONLY = new Set(["move", "leave", "swap", "back", "remedy"]);
const HOST_ONLY = new Set(["remove", "start", "firstPlayer", "addComputer"]);

class Refusal {
  readonly code: ErrorCode;
  constructor(code: ErrorCode) {
    this.code = code;
  }
}

function refuse(code: ErrorCode): never {
  throw new Refusal(code);
}

/**
 * Names are compared ignoring case, compatibility forms and hidden characters
 * (docs/protocol.md): NFKC, without format and default-ignorable characters,
 * lower case, spaces as one.
 */
export function sameNameKey(name: string): string {
  return name
    .normalize("NFKC")
    .replace(/[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, "")
    .toLowerCase()
    .replace(/\s+/gu, " ")
    .trim();
}

export class TableModel {
  readonly settings: Settings;
  readonly clock: Clock;
  readonly hostToken: string;
  firstPlayer: number | null;
  seq = 1;
  readonly log: Entry[];
  readonly seats: Seat[];
  readonly sockets: SocketModel[] = [];
  gameNumber = 0;
  game: Game | null = null;
  private ended = false;
  private readonly finishedLogged = new Set<number>();
  /** Players who left the current game: their seats are freed once it is over. */
  private readonly gone = new Set<number>();
  private departures: { seat: number; reason: "left" }[] = [];
  private players: (string | null)[] = [];
  private hostSeat: number | null = null;
  /** Applied requests: "scope|game|id" → the seq their ack named. */
  private readonly requests = new Map<string, number>();
  /** Tokens of seats that were freed: they no longer work. */
  readonly deadTokens: string[] = [];
  /** A `started` whose first player the table draws, until the wire says which. */
  private pendingStart = false;

  constructor(settings: Settings, clock: Clock, firstPlayer: number | null, hostToken: string) {
    this.settings = settings;
    this.clock = clock;
    this.firstPlayer = firstPlayer;
    this.hostToken = hostToken;
    this.log = [{ seq: 1, event: { type: "created", settings, clock, firstPlayer, startWhenFull: false } }];
    this.seats = Array.from({ length: settings.players }, () => ({
      name: null,
      token: undefined,
      score: { points: 0, games: 0 },
      rematch: false,
      swapTo: null,
    }));
  }

  get status(): "waiting" | "playing" | "over" {
    if (!this.game) return "waiting";
    return this.game.isOver ? "over" : "playing";
  }

  addSocket(label: string): number {
    this.sockets.push({ label, seat: null, host: false, cost: 0 });
    return this.sockets.length - 1;
  }

  /** Whether a seat has an open socket: every socket of the fuzzer stays open and pings. */
  connected(seat: number): boolean {
    return this.sockets.some((socket) => socket.seat === seat);
  }

  seatOfToken(token: string): number | null {
    const seat = this.seats.findIndex((s) => s.name !== null && s.token === token);
    return seat < 0 ? null : seat;
  }

  // --- Messages --------------------------------------------------------------------------

  /** A message the server cannot read (bad JSON, unknown type, schema, size, binary): refused, nothing else. */
  /** A frame refused unread or for its shape: answered with the request id it carried, when that is a well-formed one. */
  unreadable(code: ErrorCode, id?: string): Outcome {
    return { events: [], identities: [], reply: [{ kind: "error", code, id }], refused: code };
  }

  pong(): Outcome {
    return { events: [], identities: [], reply: [{ kind: "pong" }], refused: undefined };
  }

  /**
   * What the table does with a well-formed message from socket `from`: the
   * model changes as the table should, and the answer every socket should get
   * is returned. `name` says what the generator made of a join's name.
   */
  receive(from: number, message: Request, name?: NameVerdict): Outcome {
    const events: Entry[] = [];
    const identities: [number, Identity][] = [];
    const id = "id" in message ? message.id : undefined;
    try {
      const reply = this.handle(from, message, name, events, identities);
      return { events, identities, reply, refused: undefined };
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      if (events.length > 0) throw new Error("the model refused after events");
      return { events, identities, reply: [{ kind: "error", code: error.code, id }], refused: error.code };
    }
  }

  private handle(
    from: number,
    message: Request,
    name: NameVerdict | undefined,
    events: Entry[],
    identities: [number, Identity][],
  ): Expected[] {
    const socket = this.sockets[from];
    switch (message.type) {
      case "hello":
        return this.hello(socket, message);
      case "sync":
        return this.catchUp(socket, message.lastSeq);
      case "join":
        return this.join(socket, message, name, (event) => this.emit(event, events, identities));
    }
    // Who may send it comes first, then whether it was applied already, then the table's state.
    if (SEATED_ONLY.has(message.type) && socket.seat === null) refuse("not-seated");
    if (HOST_ONLY.has(message.type) && !socket.host) refuse("not-host");
    if (message.type === "rematch" && !socket.host && socket.seat === null) refuse("not-seated");
    const key = this.requestKey(socket, message.type, message.id);
    const seen = this.requests.get(key);
    if (seen !== undefined) return [{ kind: "ack", id: message.id, seq: seen, repeat: true }];
    const emit = (event: TableEvent) => this.emit(event, events, identities);
    const seat = socket.seat as number;
    switch (message.type) {
      case "move":
        this.move(seat, message.path, emit);
        break;
      case "leave":
        if (this.status === "playing") {
          if (this.gone.has(seat)) refuse("already-left");
          this.rules(() => this.requireGame().check({ kind: "resign", player: seat }));
          emit({ type: "resigned", seat, reason: "left" });
        } else emit({ type: "unseated", seat, reason: "left" });
        break;
      case "remove":
        if (this.status === "playing") refuse("already-started");
        if (message.seat >= this.seats.length || this.seats[message.seat].name === null) refuse("no-such-seat");
        emit({ type: "unseated", seat: message.seat, reason: "removed" });
        break;
      case "addComputer":
        if (this.status === "playing") refuse("already-started");
        if (message.seat >= this.seats.length) refuse("no-such-seat");
        if (this.seats[message.seat].name !== null) refuse("seat-taken");
        throw new Error("the fuzzer sends addComputer only where it is refused");
      case "start":
        if (this.status !== "waiting") refuse("already-started");
        if (!this.seatsFilled) refuse("seats-not-filled");
        this.start(emit);
        break;
      case "rematch":
        this.rematch(socket, emit);
        break;
      case "swap":
        this.swap(seat, message.seat, emit);
        break;
      case "firstPlayer":
        if (this.status === "playing") refuse("already-started");
        if (message.seat !== null && message.seat >= this.seats.length) refuse("no-such-seat");
        if (message.seat !== this.firstPlayer) emit({ type: "firstPlayerChosen", firstPlayer: message.seat });
        break;
      case "back":
        // No seat is ever away here: no clock runs out, no remedy succeeds.
        refuse("not-away");
        break;
      case "remedy":
        if (message.seat >= this.seats.length) refuse("no-such-seat");
        if (message.seat === seat) refuse("same-seat");
        // Not playing, not the seat to move, connected, or not gone for the minute of grace a run never lasts.
        refuse("not-stalled");
    }
    if (!this.pendingStart) this.settle(emit);
    const seq = this.seq;
    this.requests.set(key, seq);
    return [{ kind: "ack", id: message.id, seq }];
  }

  /**
   * What a request id is remembered under: who sent it (the seat's occupant, by
   * its token, or the host) and the game it belongs to (a start or rematch
   * belongs to the game it starts).
   */
  private requestKey(socket: SocketModel, type: Request["type"], id: string): string {
    const startsGame = (type === "start" || type === "rematch") && this.status !== "playing";
    const scope = socket.seat === null ? (socket.host ? "host" : "spectator") : `seat:${this.seats[socket.seat].token}`;
    return `${scope}|${this.gameNumber + (startsGame ? 1 : 0)}|${id}`;
  }

  /** Whether an addComputer would be refused (or acknowledged as a repeat): the fuzzer sends no other. */
  refusesComputer(from: number, message: Extract<Request, { type: "addComputer" }>): boolean {
    const socket = this.sockets[from];
    if (!socket.host || this.requests.has(this.requestKey(socket, message.type, message.id))) return true;
    if (this.status === "playing" || message.seat >= this.seats.length) return true;
    return this.seats[message.seat].name !== null;
  }

  /** Runs the engine, turning its refusal into the table's (the engine's codes are wire codes). */
  private rules<T>(attempt: () => T): T {
    try {
      return attempt();
    } catch (error) {
      if (error instanceof RulesError) refuse(error.code as ErrorCode);
      throw error;
    }
  }

  private hello(socket: SocketModel, message: Extract<Request, { type: "hello" }>): Expected[] {
    let seat: number | null = null;
    if (message.token !== undefined) {
      seat = this.seatOfToken(message.token);
      if (seat === null) refuse("bad-token");
    }
    if (message.hostToken !== undefined && message.hostToken !== this.hostToken) refuse("bad-token");
    socket.seat = seat;
    socket.host = message.hostToken !== undefined;
    const table = message.lastSeq === undefined ? [this.welcome(socket)] : this.catchUp(socket, message.lastSeq);
    // The chat's history follows, and costs its frame (an empty one is far under 1 KiB).
    socket.cost += 1;
    return [...table, { kind: "chatHistory" }];
  }

  /** docs/protocol.md: the asker pays for a replay, a token a frame (each of these is under 1 KiB). */
  private catchUp(socket: SocketModel, lastSeq: number): Expected[] {
    if (lastSeq > this.seq || this.seq - lastSeq > MAX_REPLAY) return [this.welcome(socket)];
    const missed = this.log.filter((entry) => entry.seq > lastSeq);
    socket.cost += 1 + missed.length;
    return [{ kind: "identity", you: identity(socket) }, ...missed.map((entry) => ({ kind: "event" as const, entry }))];
  }

  /** The asker pays for the snapshot too: a token, and one per KiB (the view's JSON, with room for the envelope). */
  private welcome(socket: SocketModel): Expected {
    const view = this.view();
    socket.cost += 1 + Math.floor((JSON.stringify(view).length + 256) / 1024);
    return { kind: "welcome", you: identity(socket), view };
  }

  private join(
    socket: SocketModel,
    message: Extract<Request, { type: "join" }>,
    name: NameVerdict | undefined,
    emit: (event: TableEvent) => void,
  ): Expected[] {
    if (!name?.ok) refuse("bad-name");
    if (socket.seat !== null) refuse("already-seated");
    if (this.status === "playing") refuse("already-started");
    if (message.seat >= this.seats.length) refuse("no-such-seat");
    if (this.seats[message.seat].name !== null) refuse("seat-taken");
    const key = sameNameKey(name.stored);
    if (this.seats.some((s) => s.name !== null && sameNameKey(s.name) === key)) refuse("name-taken");
    emit({ type: "seated", seat: message.seat, name: name.stored, ...(socket.host ? { host: true as const } : {}) });
    socket.seat = message.seat;
    this.settle(emit);
    const seat = this.seats[message.seat];
    const taken = (token: string) => {
      seat.token = token;
    };
    // A join is not remembered: its answer carries a secret a repeat could not give again.
    return [
      { kind: "joined", id: message.id, seat: message.seat, token: taken },
      { kind: "ack", id: message.id, seq: this.seq },
    ];
  }

  private move(seat: number, path: string, emit: (event: TableEvent) => void): void {
    if (this.status === "waiting") refuse("not-started");
    if (this.status === "over") refuse("game-over");
    const game = this.requireGame();
    const action = this.rules(() => game.resolve(path, seat));
    // Passes are the table's: a player sends moves.
    if (action.kind !== "move") refuse("illegal-move");
    emit(movedEvent(action));
  }

  private start(emit: (event: TableEvent) => void): void {
    emit({ type: "started", game: this.gameNumber + 1, firstPlayer: this.firstPlayer ?? -1 });
  }

  private rematch(socket: SocketModel, emit: (event: TableEvent) => void): void {
    if (this.status !== "over") refuse("not-over");
    const seats = this.seats.flatMap((seat, i) =>
      seat.name !== null && !seat.rematch && (i === socket.seat || (socket.host && !this.connected(i))) ? [i] : [],
    );
    if (seats.length > 0) emit({ type: "rematchAccepted", seats });
    else if (socket.host && this.seatsFilled && this.seats.every((seat) => seat.rematch)) this.start(emit);
  }

  private swap(seat: number, to: number, emit: (event: TableEvent) => void): void {
    if (this.status === "playing") refuse("already-started");
    if (to >= this.seats.length) refuse("no-such-seat");
    if (to === seat) refuse("same-seat");
    const target = this.seats[to];
    if (target.name === null || target.swapTo === seat) emit({ type: "swapped", seats: [seat, to] });
    else if (this.seats[seat].swapTo !== to) emit({ type: "swapOffered", seat, to });
  }

  private get seatsFilled(): boolean {
    return this.seats.every((seat) => seat.name !== null);
  }

  private requireGame(): Game {
    if (!this.game) throw new Error("the model has no game");
    return this.game;
  }

  /**
   * What follows the events of a request by itself (docs/protocol.md): a seat
   * that finished, best place first; a pass for a side with no move; the end;
   * then the seats of those who left, freed; then the rematch everyone accepted.
   */
  private settle(emit: (event: TableEvent) => void): void {
    for (;;) {
      const game = this.game;
      if (!game || this.pendingStart) return;
      if (!this.ended) {
        const finisher = game
          .standings()
          .filter((standing) => standing.finished && !this.finishedLogged.has(standing.player))
          .sort((a, b) => (a.place ?? 0) - (b.place ?? 0))[0];
        if (finisher) {
          emit({ type: "finished", seat: finisher.player, place: finisher.place ?? 0 });
          continue;
        }
        const turn = game.turn;
        if (turn && game.mustPass) {
          emit({ type: "passed", seat: turn.player });
          continue;
        }
        const result = this.resultView();
        if (result) {
          emit({ type: "ended", result });
          continue;
        }
        return;
      }
      const leaver = this.seats.findIndex((seat, i) => seat.name !== null && this.gone.has(i));
      if (leaver >= 0) {
        emit({ type: "unseated", seat: leaver, reason: "left" });
        continue;
      }
      if (this.seatsFilled && this.seats.every((seat) => seat.rematch)) {
        this.start(emit);
        continue;
      }
      return;
    }
  }

  /** Logs an event and applies it to the model. */
  private emit(event: TableEvent, events: Entry[], identities: [number, Identity][]): void {
    this.seq += 1;
    const entry: Entry = { seq: this.seq, event };
    this.log.push(entry);
    events.push(entry);
    switch (event.type) {
      case "seated": {
        const seat = this.seats[event.seat];
        seat.name = event.name;
        this.resetSeat(event.seat);
        if (event.host) this.hostSeat = event.seat;
        break;
      }
      case "unseated": {
        const seat = this.seats[event.seat];
        if (seat.token !== undefined) this.deadTokens.push(seat.token);
        seat.name = null;
        seat.token = undefined;
        this.resetSeat(event.seat);
        if (this.hostSeat === event.seat) this.hostSeat = null;
        this.gone.delete(event.seat);
        this.sockets.forEach((socket, i) => {
          if (socket.seat !== event.seat) return;
          socket.seat = null;
          identities.push([i, identity(socket)]);
        });
        break;
      }
      case "swapOffered":
        this.seats[event.seat].swapTo = event.to;
        break;
      case "swapped": {
        const [a, b] = event.seats;
        const { name, token, score } = this.seats[a];
        Object.assign(this.seats[a], {
          name: this.seats[b].name,
          token: this.seats[b].token,
          score: this.seats[b].score,
        });
        Object.assign(this.seats[b], { name, token, score });
        if (this.hostSeat === a || this.hostSeat === b) this.hostSeat = this.hostSeat === a ? b : a;
        for (const seat of this.seats) {
          seat.swapTo = null;
          seat.rematch = false;
        }
        this.sockets.forEach((socket, i) => {
          if (socket.seat !== a && socket.seat !== b) return;
          socket.seat = socket.seat === a ? b : a;
          identities.push([i, identity(socket)]);
        });
        break;
      }
      case "firstPlayerChosen":
        this.firstPlayer = event.firstPlayer;
        break;
      case "rematchAccepted":
        for (const seat of event.seats) this.seats[seat].rematch = true;
        break;
      case "started": {
        this.gameNumber = event.game;
        this.players = this.seats.map((seat) => seat.name);
        this.ended = false;
        this.finishedLogged.clear();
        this.gone.clear();
        this.departures = [];
        for (const seat of this.seats) {
          seat.rematch = false;
          seat.swapTo = null;
        }
        const begin = (firstPlayer: number) => {
          this.game = Game.create(this.settings, { firstPlayer });
          this.pendingStart = false;
        };
        if (event.firstPlayer >= 0) begin(event.firstPlayer);
        else {
          // Drawn by the table: any seat, which the wire tells.
          this.pendingStart = true;
          entry.drawn = (firstPlayer: number) => {
            entry.event = { ...event, firstPlayer };
            begin(firstPlayer);
          };
        }
        break;
      }
      case "moved":
        this.requireGame().play(event.path, event.seat);
        break;
      case "passed":
        this.requireGame().play("pass", event.seat);
        break;
      case "resigned":
        this.requireGame().resign(event.seat);
        this.departures.push({ seat: event.seat, reason: "left" });
        this.gone.add(event.seat);
        break;
      case "finished":
        this.finishedLogged.add(event.seat);
        break;
      case "ended": {
        this.ended = true;
        // A point for each seat finished ahead of; tied places score alike.
        const places = event.result.standings.map((standing) => standing.place ?? Number.POSITIVE_INFINITY);
        places.forEach((place, i) => {
          const { points, games } = this.seats[i].score;
          this.seats[i].score = { points: points + places.filter((other) => other > place).length, games: games + 1 };
        });
        break;
      }
      default:
        throw new Error(`the model does not emit ${event.type}`);
    }
  }

  /** A seat gets a new occupant, or none: no score, no rematch, no swap offer from or to it. */
  private resetSeat(index: number): void {
    const seat = this.seats[index];
    seat.score = { points: 0, games: 0 };
    seat.rematch = false;
    seat.swapTo = null;
    for (const other of this.seats) if (other.swapTo === index) other.swapTo = null;
  }

  private resultView(): ResultView | null {
    const result = this.requireGame().result();
    if (!result) return null;
    return {
      reason: result.reason,
      winners: [...result.winners],
      standings: result.standings.map(({ player, place, finished, resigned, captures }) => ({
        seat: player,
        place,
        finished,
        resigned,
        captures,
      })),
    };
  }

  // --- The snapshot -----------------------------------------------------------------------

  /** The table as the model sees it, in the snapshot's shape (see `View`). */
  view(): View {
    const game = this.game;
    const standings = game?.standings();
    const seats = this.seats.map((seat, i): SeatViewModel => {
      // docs/protocol.md: the occupant's standing, only while the seat holds who played the game there.
      const standing = seat.name !== null && seat.name === this.players[i] ? standings?.[i] : undefined;
      return {
        seat: i,
        name: seat.name,
        connected: seat.name !== null && this.connected(i),
        colours: game ? [...game.playerColours[i]] : [],
        finished: standing?.finished ?? false,
        resigned: standing?.resigned ?? false,
        place: standing?.place ?? null,
        captures: standing?.captures ?? 0,
        computer: null,
        away: false,
        timeouts: 0,
        bank: this.clock?.kind === "bank",
        score: { ...seat.score },
        rematch: seat.rematch,
        swapTo: seat.swapTo,
      };
    });
    let gameView: GameViewModel | null = null;
    if (game) {
      const pieces: Record<string, string> = {};
      for (let hole = 0; hole < HOLE_COUNT; hole++) {
        const occupant = game.occupant(hole);
        if (occupant) pieces[holeName(hole)] = occupant;
      }
      const turn = game.turn;
      gameView = {
        number: this.gameNumber,
        firstPlayer: game.firstPlayer ?? 0,
        turn: turn ? { seat: turn.player, colour: turn.colour ?? null } : null,
        deadline: this.clock !== null && !game.isOver,
        pieces,
        moves: game.history.map(notate),
        playedFor: [],
        departures: this.departures.map((departure) => ({ ...departure })),
        players: [...this.players],
        computers: this.players.map(() => null),
        result: this.resultView(),
      };
    }
    return {
      settings: this.settings,
      clock: this.clock,
      firstPlayer: this.firstPlayer,
      startWhenFull: false,
      seq: this.seq,
      status: this.status,
      seats,
      hostSeat: this.hostSeat,
      game: gameView,
    };
  }
}

function identity(socket: SocketModel): Identity {
  return { seat: socket.seat, host: socket.host };
}

function movedEvent(action: Extract<Action, { kind: "move" }>): TableEvent {
  return {
    type: "moved",
    seat: action.player,
    path: action.move.path.map(holeName).join("-"),
  };
}
