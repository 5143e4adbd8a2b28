import { describe, expect, it } from "vitest";
import { CLIENT_ERROR_CODES } from "../../src/client/sdk/index.ts";
import { ERROR_MESSAGES, I18n, LANGUAGES, MESSAGES, pickLanguage } from "../../src/client/ui/i18n.ts";
import { ERROR_CODES } from "../../src/protocol/index.ts";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("translations", () => {
  it("have a message for every server error code in every language", () => {
    for (const language of LANGUAGES) {
      for (const code of ERROR_CODES) {
        const message = ERROR_MESSAGES[language][code];
        expect(message, `${language}: ${code}`).toBeTypeOf("string");
        expect(message.trim(), `${language}: ${code}`).not.toBe("");
        if (language !== "en")
          expect(message, `${language}: ${code} is not translated`).not.toBe(ERROR_MESSAGES.en[code]);
      }
    }
  });

  it("have a message for every error code of the SDK in every language", () => {
    for (const language of LANGUAGES) {
      for (const code of CLIENT_ERROR_CODES)
        expect(ERROR_MESSAGES[language][code]?.trim(), `${language}: ${code}`).toBeTruthy();
    }
  });

  it("have every text in every language, with the same placeholders as the English", () => {
    for (const language of LANGUAGES) {
      for (const [key, english] of Object.entries(MESSAGES.en)) {
        const text = MESSAGES[language][key as keyof typeof MESSAGES.en];
        expect(text?.trim(), `${language}: ${key}`).toBeTruthy();
        expect(placeholders(text), `${language}: ${key}`).toEqual(placeholders(english));
      }
    }
  });

  it("fill in placeholders and speak the chosen language", () => {
    const i18n = new I18n("fi");
    expect(i18n.t("holePiece", { hole: "e5", colour: i18n.colour("N") })).toBe("e5, punainen nappula");
    expect(i18n.error("not-your-turn")).toBe("Ei ole sinun vuorosi.");
    i18n.set("sv");
    expect(i18n.t("holeEmpty", { hole: "i5" })).toBe("i5, tomt");
    i18n.set("nb");
    expect(i18n.error("seat-taken")).toBe("Noen tok akkurat den plassen.");
  });
});

describe("the browser's language", () => {
  it("picks the first language the page speaks, Norwegian to Bokmål, else English", () => {
    expect(pickLanguage(["fi-FI", "en-US"])).toBe("fi");
    expect(pickLanguage(["de-DE", "sv-SE"])).toBe("sv");
    expect(pickLanguage(["nb-NO"])).toBe("nb");
    expect(pickLanguage(["no"])).toBe("nb");
    expect(pickLanguage(["nn-NO"])).toBe("nb");
    expect(pickLanguage(["de-DE", "fr"])).toBe("en");
    expect(pickLanguage([])).toBe("en");
  });

  it("gives way to ?lang= and to a stored choice", () => {
    const stored = new Map<string, string>([["chinese-checkers:language", "sv"]]);
    const storage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    } as unknown as Storage;
    expect(I18n.detect("?lang=nb", storage, ["fi"]).language).toBe("nb");
    expect(I18n.detect("", storage, ["fi"]).language).toBe("sv");
    expect(I18n.detect("?lang=xx", undefined, ["fi"]).language).toBe("fi");
  });
});
