/** What a notification says: the service worker writes it from the push's facts, in the player's language. */
import { describe, expect, it } from "vitest";
import { en } from "../../src/client/ui/i18n/en.ts";
import { fi } from "../../src/client/ui/i18n/fi.ts";
import { I18n } from "../../src/client/ui/i18n/index.ts";
import { nb } from "../../src/client/ui/i18n/nb.ts";
import { sv } from "../../src/client/ui/i18n/sv.ts";
import { noticeText } from "../../src/client/ui/push/notice-text.ts";
import type { Notice } from "../../src/protocol/index.ts";

const NOW = 1_000_000;
const BASE = {
  v: 1,
  url: "/t/abc",
  table: "abc",
  players: ["Aino", "Bertil", "Cecilia"],
  seat: 0,
  at: NOW,
} as const;
const TURN: Notice = {
  ...BASE,
  kind: "turn",
  lang: "en",
  move: { by: "Aino", path: "c2-e4" },
  deadline: NOW + 26 * 3_600_000,
};
/** The text without the bidi isolates the page puts round names. */
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, "");

describe("a 'your turn' notice says whose move came before it, the time left and the game", () => {
  it("in English", () => {
    const { title, body } = noticeText(TURN, new I18n(en), NOW);
    expect(title).toBe("Your turn");
    expect(plain(body)).toBe("Aino played c2-e4. 1 d 2 h left to move. Chinese Checkers with Bertil and Cecilia.");
  });

  it("with no clock and no move before it (the first turn), only the game", () => {
    const { body } = noticeText({ ...TURN, move: undefined, deadline: null }, new I18n(en), NOW);
    expect(plain(body)).toBe("Chinese Checkers with Bertil and Cecilia.");
  });

  it("in Finnish, Swedish and Norwegian", () => {
    const titles = [fi, sv, nb].map((translation) => noticeText(TURN, new I18n(translation), NOW).title);
    expect(titles).toEqual(["Sinun vuorosi", "Din tur", "Din tur"]);
    expect(plain(noticeText(TURN, new I18n(fi), NOW).body)).toContain("Aino siirsi c2-e4.");
  });
});

describe("a game's end says the player's place; a rematch who offers it", () => {
  it("won, placed, or neither", () => {
    const i18n = new I18n(en);
    const ended = (place: number | null) =>
      plain(noticeText({ ...BASE, kind: "ended", lang: "en", place }, i18n, NOW).body);
    expect(ended(1)).toBe("You won! Chinese Checkers with Bertil and Cecilia.");
    expect(ended(2)).toBe("You came in place 2. Chinese Checkers with Bertil and Cecilia.");
    expect(ended(null)).toBe("Chinese Checkers with Bertil and Cecilia.");
  });

  it("a rematch", () => {
    const { title, body } = noticeText({ ...BASE, kind: "rematch", lang: "sv", by: "Bertil" }, new I18n(sv), NOW);
    expect([title, plain(body)]).toEqual([
      "Revansch?",
      "Bertil föreslår en revansch. Kinaschack med Bertil och Cecilia.",
    ]);
  });
});
