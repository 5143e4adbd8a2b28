import { describe, expect, it } from "vitest";
import type { Identity } from "../../src/protocol/index.ts";
import { chatAuthor, chatText, requireVoice, TableError } from "../../src/table/index.ts";

const SPECTATOR: Identity = { seat: null, host: false };
const HOST: Identity = { seat: null, host: true };
const PLAYER: Identity = { seat: 1, host: false };
const NAMES = ["Aino", "Bertil", null];

/** The code a check throws, or "allowed". */
function verdict(check: () => unknown): string {
  try {
    check();
    return "allowed";
  } catch (error) {
    if (error instanceof TableError) return error.code;
    throw error;
  }
}

describe("who may chat: everyone, the players (and the host), or nobody, as the host chooses", () => {
  it("by policy, for a spectator, a seated player and the host", () => {
    const table = (["everyone", "players", "nobody"] as const).map((policy) =>
      [SPECTATOR, PLAYER, HOST].map((who) => verdict(() => requireVoice(who, { policy, silenced: false }))),
    );
    expect(table).toEqual([
      ["allowed", "allowed", "allowed"],
      ["chat-closed", "allowed", "allowed"],
      ["chat-closed", "chat-closed", "chat-closed"],
    ]);
  });

  it("a silenced spectator is told so where spectators may chat; the policy's answer comes first elsewhere", () => {
    expect(verdict(() => requireVoice(SPECTATOR, { policy: "everyone", silenced: true }))).toBe("silenced");
    expect(verdict(() => requireVoice(SPECTATOR, { policy: "players", silenced: true }))).toBe("chat-closed");
  });
});

describe("a seated player writes under the seat's name; a spectator under a name of their own that no player has", () => {
  it("the seat's name, whatever name the player sends", () => {
    expect(chatAuthor(PLAYER, NAMES, "Someone")).toEqual({ kind: "seat", seat: 1, name: "Bertil", host: false });
    expect(chatAuthor({ seat: 0, host: true }, NAMES, undefined)).toEqual({
      kind: "seat",
      seat: 0,
      name: "Aino",
      host: true,
    });
  });

  it("a spectator's name is normalised and checked as a player's", () => {
    expect(chatAuthor(SPECTATOR, NAMES, "  Watcher ")).toEqual({ kind: "spectator", name: "Watcher", host: false });
    expect(chatAuthor(HOST, NAMES, "Host")).toEqual({ kind: "spectator", name: "Host", host: true });
    expect(verdict(() => chatAuthor(SPECTATOR, NAMES, undefined))).toBe("bad-name");
    expect(verdict(() => chatAuthor(SPECTATOR, NAMES, "a\u202Eb"))).toBe("bad-name");
  });

  it("a seated player's name, in any case or width, is not a spectator's", () => {
    expect(verdict(() => chatAuthor(SPECTATOR, NAMES, "AINO"))).toBe("name-taken");
    expect(verdict(() => chatAuthor(SPECTATOR, NAMES, "Ｂｅｒｔｉｌ"))).toBe("name-taken");
  });
});

describe("a message is one line of 1 to 280 characters that show, with a name's hygiene", () => {
  it("normalised: NFC, trimmed, runs of spaces one space", () => {
    expect(chatText("  nice\u00a0\u00a0 jump  ")).toBe("nice jump");
    expect(chatText("Ame\u0301lie")).toBe("Amélie");
    expect(chatText("x".repeat(280))).toHaveLength(280);
  });

  it("HTML and addresses are text like any other", () => {
    const html = '<b>hi</b><img src=x onerror="alert(1)"> https://example.com';
    expect(chatText(html)).toBe(html);
  });

  it("refused with bad-chat: empty, too long, a line break, a control, bidi or invisible character, a lone surrogate", () => {
    for (const text of ["", "   ", "x".repeat(281), "a\nb", "a\u2028b", "a\u0007b", "a\u202Eb", "\u200B", "a\uD800"]) {
      expect(
        verdict(() => chatText(text)),
        JSON.stringify(text),
      ).toBe("bad-chat");
    }
  });

  it("emoji sequences and scripts that need joiners are kept", () => {
    for (const text of ["👨‍👩‍👧 ❤️", "می‌خواهم", "שלום!"]) expect(chatText(text)).toBe(text);
  });
});
