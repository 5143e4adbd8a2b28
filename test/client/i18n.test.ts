/**
 * The page's texts. That every language has every message and a message for
 * every error code is checked by the compiler (src/client/ui/i18n/en.ts);
 * these tests check what it cannot: the texts themselves.
 */
import { describe, expect, it } from "vitest";
import { I18n, LANGUAGES, pickLanguage, TRANSLATIONS } from "../../src/client/ui/i18n/index.ts";
import { isolated } from "../isolated.ts";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const keysOf = <T extends object>(record: T) => Object.keys(record) as (keyof T)[];
const { en } = TRANSLATIONS;

describe("the variants bear the names the rules pages give them", () => {
  it("Finnish calls the capture variant Kaappaava and the long-jump setting Pitkä hyppy", () => {
    const { messages } = TRANSLATIONS.fi;
    expect(messages.variantCapture).toMatch(/^Kaappaava\b/);
    expect(messages.longJump).toMatch(/^Pitkä hyppy\b/);
  });

  it("Swedish calls the long-jump setting Långt hopp", () => {
    expect(TRANSLATIONS.sv.messages.longJump).toMatch(/^Långt hopp\b/);
  });
});

describe("translations", () => {
  it("write out every message and every error message in every language", () => {
    for (const language of LANGUAGES) {
      const { messages, errors } = TRANSLATIONS[language];
      for (const [key, text] of [...Object.entries(messages), ...Object.entries(errors)])
        expect(text.trim(), `${language}: ${key}`).not.toBe("");
    }
  });

  it("have the same placeholders as the English in every language", () => {
    for (const language of LANGUAGES) {
      for (const key of keysOf(en.messages))
        expect(placeholders(TRANSLATIONS[language].messages[key]), `${language}: ${key}`).toEqual(
          placeholders(en.messages[key]),
        );
    }
  });

  it("word every error in the language itself, not in English", () => {
    for (const language of LANGUAGES.filter((language) => language !== "en")) {
      for (const code of keysOf(en.errors))
        expect(TRANSLATIONS[language].errors[code], `${language}: ${code}`).not.toBe(en.errors[code]);
    }
  });

  it("fill in placeholders and speak the chosen language", () => {
    const i18n = new I18n("fi");
    expect(i18n.t("holePiece", { hole: "e5", colour: i18n.colour("N") })).toBe(
      isolated`${"e5"}, ${"punainen"} nappula`,
    );
    expect(i18n.error("not-your-turn")).toBe("Ei ole sinun vuorosi.");
    i18n.set("sv");
    expect(i18n.t("holeEmpty", { hole: "i5" })).toBe(isolated`${"i5"}, tomt`);
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

describe("every name or text filled into a sentence is isolated from it (U+2068 … U+2069)", () => {
  it("a right-to-left name cannot carry the move after it into its own direction", () => {
    const i18n = new I18n("en");
    expect(i18n.t("announceMove", { name: "سارة", move: "c2-e4" })).toBe("\u2068سارة\u2069: \u2068c2-e4\u2069");
  });

  it("each name of a list is isolated on its own, so the commas between them stay put", () => {
    expect(new I18n("sv").list(["דוד", "Aino"])).toBe("\u2068דוד\u2069 och \u2068Aino\u2069");
  });

  it("a list of names goes into a sentence as it is, each name isolated once", () => {
    const i18n = new I18n("en");
    expect(i18n.count("rematchWaiting", 2, { names: i18n.list(["דוד", "Aino"]) })).toBe(
      "Waiting for \u2068דוד\u2069 and \u2068Aino\u2069 to accept the rematch",
    );
  });

  it("numbers need no isolating and are written as they are", () => {
    expect(new I18n("en").t("seatN", { n: 3 })).toBe("Seat 3");
  });
});
