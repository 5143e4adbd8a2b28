/**
 * The table's client as the table page uses it, and what stands in for the
 * SDK's `TableClient` until its code has come. Between games the page is
 * built, and used, before the SDK (its socket, its schemas) has come: the
 * page's panels draw the table from the snapshot its HTML carries, and what
 * a visitor asks of it (Sit down, Start, Rematch) waits here and is sent
 * by the client once it comes (`attach`). From then on everything is the
 * client's: its model, its events, its requests. The panels keep the one
 * object throughout, so nothing is built twice: a name being typed, a
 * focused button, stay as they are.
 */
import type { Identity, Snapshot } from "../../../protocol/index.ts";
import type { TableClient } from "../../sdk/client.ts";
import { TableModel } from "../../sdk/model.ts";
import { keptIdentity, type TokenStore } from "../../sdk/storage.ts";

/** What the table page and its panels use of the table's client. */
export type PageClient = Pick<
  TableClient,
  | "tableId"
  | "model"
  | "you"
  | "connection"
  | "serverNow"
  | "on"
  | "join"
  | "move"
  | "start"
  | "rematch"
  | "swap"
  | "chooseFirstPlayer"
  | "back"
  | "remedy"
  | "leave"
  | "remove"
  | "addComputer"
  | "handover"
  | "setListing"
>;

export class HeldClient implements PageClient {
  readonly tableId: string;
  private client: TableClient | null = null;
  private readonly early: TableModel | null;
  private readonly earlyYou: Identity;
  /** The page's listeners, each subscribed to the client when it comes. */
  private readonly listeners: ((client: TableClient) => void)[] = [];
  /** The client, once it has come. */
  readonly arrived: Promise<TableClient>;
  private arrive: (client: TableClient) => void = () => {};

  /**
   * The table as the page's snapshot shows it, and the visitor as the kept
   * tokens say. The snapshot is unchecked: it is the page's own data, which
   * the worker wrote into the same document as the page's scripts; one the
   * model cannot read shows nothing until the client, which checks it with
   * the protocol's schema, has come.
   */
  constructor(tableId: string, snapshot: Snapshot | undefined, tokens: TokenStore) {
    this.tableId = tableId;
    this.early = snapshot ? modelOf(snapshot) : null;
    this.earlyYou = keptIdentity(tokens, tableId);
    this.arrived = new Promise((resolve) => {
      this.arrive = resolve;
    });
  }

  /** The client, from now on: the listeners are its, and what was asked of the page is sent. */
  attach(client: TableClient): void {
    this.client = client;
    for (const listen of this.listeners.splice(0)) listen(client);
    this.arrive(client);
  }

  get attached(): TableClient | null {
    return this.client;
  }

  get model(): TableModel | null {
    return this.client ? this.client.model : this.early;
  }

  get you(): Identity {
    return this.client?.you ?? this.earlyYou;
  }

  /** Before the client has come, the page is opening its connection. */
  get connection(): TableClient["connection"] {
    return this.client?.connection ?? "connecting";
  }

  serverNow(): number {
    return this.client?.serverNow() ?? Date.now();
  }

  on: TableClient["on"] = (type, listener) => {
    if (this.client) return this.client.on(type, listener);
    let off: (() => void) | null = null;
    let stopped = false;
    this.listeners.push((client) => {
      if (!stopped) off = client.on(type, listener);
    });
    return () => {
      stopped = true;
      off?.();
    };
  };

  join: TableClient["join"] = (...request) => this.send((client) => client.join(...request));
  move: TableClient["move"] = (...request) => this.send((client) => client.move(...request));
  start: TableClient["start"] = () => this.send((client) => client.start());
  rematch: TableClient["rematch"] = () => this.send((client) => client.rematch());
  swap: TableClient["swap"] = (...request) => this.send((client) => client.swap(...request));
  chooseFirstPlayer: TableClient["chooseFirstPlayer"] = (...request) =>
    this.send((client) => client.chooseFirstPlayer(...request));
  back: TableClient["back"] = () => this.send((client) => client.back());
  remedy: TableClient["remedy"] = (...request) => this.send((client) => client.remedy(...request));
  leave: TableClient["leave"] = () => this.send((client) => client.leave());
  remove: TableClient["remove"] = (...request) => this.send((client) => client.remove(...request));
  addComputer: TableClient["addComputer"] = (...request) => this.send((client) => client.addComputer(...request));
  handover: TableClient["handover"] = () => this.send((client) => client.handover());
  setListing: TableClient["setListing"] = (...request) => this.send((client) => client.setListing(...request));

  /** A request, made by the client: now, or as soon as it comes (which then sends it once connected). */
  private send<T>(request: (client: TableClient) => Promise<T>): Promise<T> {
    return this.client ? request(this.client) : this.arrived.then(request);
  }
}

/** The table as a snapshot the page has not checked shows it, if the model can read it. */
function modelOf(snapshot: Snapshot): TableModel | null {
  try {
    return TableModel.fromSnapshot(snapshot);
  } catch {
    return null;
  }
}
