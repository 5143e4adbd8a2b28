/**
 * The chat's SQLite tables, beside the game's (table-store.ts) and apart
 * from them: the log's replay, checkpoint and request bookkeeping never see
 * a chat row, and a chat row never changes the game. The table keeps its
 * last CHAT_HISTORY messages; what it knows of the chat is read once after
 * a wake and then kept in memory, so a `hello` reads no row.
 */
import {
  CHAT_HISTORY,
  type ChatAuthor,
  type ChatMessage,
  type ChatPolicy,
  ChatPolicySchema,
  checked,
  DEFAULT_CHAT_POLICY,
} from "../../protocol/index.ts";

/**
 * `chat`: the messages, with one column never sent: `request` (the writer's
 * key and the request id, for a repeat). `chat_state`: the policy, and the
 * next message's number, so that a deleted message's is never used again.
 * `chat_silenced`: the writers' keys the host silenced (a spectator's key is
 * made from their address, keyed: no address is stored). No index but the
 * keys, as the game's tables: a table reads them all once after a wake.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS chat (
    n INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    by TEXT NOT NULL,
    author TEXT NOT NULL,
    text TEXT NOT NULL,
    request TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS chat_state (
    id INTEGER PRIMARY KEY CHECK (id = 0),
    policy TEXT NOT NULL,
    next_n INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS chat_silenced (
    author TEXT NOT NULL
  );
`;

/**
 * At most this many silenced writers are kept: the oldest silence goes
 * first. A host silences a troll or two; the cap only bounds the rows.
 */
export const MAX_SILENCED = 256;

/** A stored message: what everyone is sent, and the request it answered. */
export interface StoredChat {
  readonly message: ChatMessage;
  /** The writer's key and the request's id: a repeat of it is acknowledged, not posted again. */
  readonly request: string;
}

interface ChatRow {
  n: number;
  at: number;
  by: string;
  author: string;
  text: string;
  request: string;
  [column: string]: SqlStorageValue;
}

interface Loaded {
  policy: ChatPolicy;
  nextN: number;
  /** Oldest first, at most CHAT_HISTORY. */
  messages: StoredChat[];
  /** Writers' keys, oldest silence first. */
  silenced: string[];
}

export class ChatStore {
  private readonly sql: SqlStorage;
  private loaded: Loaded | undefined;

  constructor(storage: DurableObjectStorage) {
    this.sql = storage.sql;
  }

  /** Forgets what was read (after a failed write): the next call reads storage again. */
  forget(): void {
    this.loaded = undefined;
  }

  get policy(): ChatPolicy {
    return this.load().policy;
  }

  /** The messages kept, oldest first. */
  get messages(): readonly StoredChat[] {
    return this.load().messages;
  }

  /** The stored message `n`, if it is still kept. */
  find(n: number): StoredChat | undefined {
    return this.load().messages.find((stored) => stored.message.n === n);
  }

  /** Whether message `n` was ever written here (it may have been deleted or dropped since). */
  wasWritten(n: number): boolean {
    return n < this.load().nextN;
  }

  /** The number of a message stored for `request`, if one is kept. */
  numberOf(request: string): number | undefined {
    return this.load().messages.find((stored) => stored.request === request)?.message.n;
  }

  /** Whether the writer whose key is `author` was silenced. */
  isSilenced(author: string): boolean {
    return this.load().silenced.includes(author);
  }

  /** Stores a new message under the next number and drops what falls out of the history; returns it. */
  add(at: number, by: ChatAuthor, author: string, text: string, request: string): ChatMessage {
    const loaded = this.load();
    const message: ChatMessage = { n: loaded.nextN, at, by, author, text };
    this.sql.exec(
      "INSERT INTO chat (n, at, by, author, text, request) VALUES (?, ?, ?, ?, ?, ?)",
      message.n,
      at,
      JSON.stringify(by),
      author,
      text,
      request,
    );
    this.sql.exec("DELETE FROM chat WHERE n <= ?", message.n - CHAT_HISTORY);
    this.writeState(loaded.policy, message.n + 1);
    loaded.nextN = message.n + 1;
    loaded.messages = [...loaded.messages, { message, request }].slice(-CHAT_HISTORY);
    return message;
  }

  /** Deletes message `n`; false when it is not kept. */
  delete(n: number): boolean {
    const loaded = this.load();
    if (!loaded.messages.some((stored) => stored.message.n === n)) return false;
    this.sql.exec("DELETE FROM chat WHERE n = ?", n);
    loaded.messages = loaded.messages.filter((stored) => stored.message.n !== n);
    return true;
  }

  setPolicy(policy: ChatPolicy): void {
    const loaded = this.load();
    this.writeState(policy, loaded.nextN);
    loaded.policy = policy;
  }

  /** Silences a writer by key; the oldest silence goes when there are more than MAX_SILENCED. */
  silence(author: string): void {
    const loaded = this.load();
    if (loaded.silenced.includes(author)) return;
    this.sql.exec("INSERT INTO chat_silenced (author) VALUES (?)", author);
    const silenced = [...loaded.silenced, author];
    for (const dropped of silenced.splice(0, Math.max(0, silenced.length - MAX_SILENCED))) {
      this.sql.exec("DELETE FROM chat_silenced WHERE author = ?", dropped);
    }
    loaded.silenced = silenced;
  }

  private writeState(policy: ChatPolicy, nextN: number): void {
    this.sql.exec("INSERT OR REPLACE INTO chat_state (id, policy, next_n) VALUES (0, ?, ?)", policy, nextN);
  }

  private load(): Loaded {
    if (this.loaded) return this.loaded;
    this.sql.exec(SCHEMA);
    const state = this.sql
      .exec<{ policy: string; next_n: number }>("SELECT policy, next_n FROM chat_state")
      .toArray()[0];
    const messages = this.sql
      .exec<ChatRow>("SELECT * FROM chat ORDER BY n")
      .toArray()
      .map((row) => ({
        message: { n: row.n, at: row.at, by: JSON.parse(row.by) as ChatAuthor, author: row.author, text: row.text },
        request: row.request,
      }));
    // Silences in the order they were made: the rowid follows the inserts.
    const silenced = this.sql
      .exec<{ author: string }>("SELECT author FROM chat_silenced ORDER BY rowid")
      .toArray()
      .map((row) => row.author);
    const policy = checked(ChatPolicySchema, state?.policy);
    this.loaded = {
      policy: policy.ok ? policy.value : DEFAULT_CHAT_POLICY,
      nextN: state?.next_n ?? 1,
      messages,
      silenced,
    };
    return this.loaded;
  }
}
