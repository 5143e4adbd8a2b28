/** "N watching" leaves yourself out: the server's spectator count includes this page when it has no seat. */
import { describe, expect, it } from "vitest";
import { watchingText } from "../../src/client/ui/table-page/watching.ts";
import { i18nIn } from "../translations.ts";

const player = { seat: 0, host: false };
const spectator = { seat: null, host: false };

describe("who is watching", () => {
  it("counts every spectator for a player", () => {
    const en = i18nIn("en");
    expect(watchingText(en, 0, player)).toBeNull();
    expect(watchingText(en, 1, player)).toBe("1 watching");
    expect(watchingText(en, 3, player)).toBe("3 watching");
  });

  it("leaves a spectator out of its own count", () => {
    const en = i18nIn("en");
    expect(watchingText(en, 1, spectator)).toBeNull();
    expect(watchingText(en, 2, spectator)).toBe("1 other watching");
    expect(watchingText(en, 3, { seat: null, host: true })).toBe("2 others watching");
    expect(watchingText(i18nIn("fi"), 3, spectator)).toBe("2 muuta katsoo");
    expect(watchingText(i18nIn("sv"), 2, spectator)).toBe("1 annan tittar");
  });
});
