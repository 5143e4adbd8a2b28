/**
 * The page's texts. That every language has every message and a message for
 * every error code is checked by the compiler (src/client/ui/i18n/en.ts);
 * these tests check what it cannot: the texts themselves.
 */
import { describe, expect, it } from "vitest";
import { en as english } from "../../src/client/ui/i18n/en.ts";
import { GAME_NAMES } from "../../src/client/ui/i18n/game-name.ts";
import {
  type Cookies,
  detectLanguage,
  I18n,
  keepLanguageCookie,
  LANGUAGES,
  type Language,
  type MessageKey,
  pickLanguage,
  type Translation,
} from "../../src/client/ui/i18n/index.ts";
import { IDLE_DAYS } from "../../src/client/ui/idle-days.ts";
import { rules as en_rules } from "../../src/client/ui/rules/en.ts";
import { rules as fi_rules } from "../../src/client/ui/rules/fi.ts";
import { rules as nb_rules } from "../../src/client/ui/rules/nb.ts";
import { type Block, DIAGRAMS, OUTLINE, type RulesText } from "../../src/client/ui/rules/outline.ts";
import { rules as sv_rules } from "../../src/client/ui/rules/sv.ts";
import { acceptedLanguages, chooseLanguage } from "../../src/protocol/language.ts";
import { isolated } from "../isolated.ts";
import { i18nIn, TRANSLATIONS } from "../translations.ts";

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
  it("title the page with the game's name the embed's iframe bears", () => {
    for (const language of LANGUAGES)
      expect(TRANSLATIONS[language].messages.title, language).toBe(GAME_NAMES[language]);
  });

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
    const i18n = i18nIn("fi");
    expect(i18n.t("holePiece", { hole: "e5", colour: i18n.colour("N") })).toBe(
      isolated`${"e5"}, ${"punainen"} nappula`,
    );
    expect(i18n.error("not-your-turn")).toBe("Ei ole sinun vuorosi.");
    expect(i18nIn("sv").t("holeEmpty", { hole: "i5" })).toBe(isolated`${"i5"}, tomt`);
    expect(i18nIn("nb").error("seat-taken")).toBe("Noen tok akkurat den plassen.");
  });

  it("say whose turn with a colour as the language says it: a colour's name is never inflected into a phrase", () => {
    // "Sinun vuorosi: siirrä väriä punainen" put a nominative where Finnish needs another case.
    const fi = i18nIn("fi");
    expect(fi.t("yourTurnColour", { colour: fi.colour("N") })).toBe(isolated`Sinun vuorosi (${"punainen"})`);
    expect(fi.t("turnOfColour", { name: "Aino", colour: fi.colour("N") })).toBe(
      isolated`Vuorossa: ${"Aino"} (${"punainen"})`,
    );
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
    expect(detectLanguage("?lang=nb", storage, ["fi"])).toBe("nb");
    expect(detectLanguage("", storage, ["fi"])).toBe("sv");
    expect(detectLanguage("?lang=xx", undefined, ["fi"])).toBe("fi");
    expect(detectLanguage("", undefined, ["de-DE", "nn-NO"])).toBe("nb");
  });

  it("reads the choice from the cookie where the storage has none, as the worker does", () => {
    const cookies = { cookie: "theme=dark; lang=sv; x=1" };
    expect(detectLanguage("", undefined, ["fi"], cookies)).toBe("sv");
    expect(detectLanguage("?lang=nb", undefined, ["fi"], cookies)).toBe("nb");
    expect(detectLanguage("", undefined, ["fi"], { cookie: "lang=xx" })).toBe("fi");
    const storage = { getItem: () => "en" } as unknown as Storage;
    expect(detectLanguage("", storage, ["fi"], cookies)).toBe("en");
  });

  it("the worker's choice: ?lang=, the cookie, Accept-Language by weight, English; unknown values passed over", () => {
    expect(acceptedLanguages("fi-FI,fi;q=0.9,en-US;q=0.8,en;q=0.7")).toEqual(["fi-FI", "fi", "en-US", "en"]);
    expect(acceptedLanguages("de;q=0.5, sv, nb;q=0.7, *;q=0.1, fi;q=0")).toEqual(["sv", "nb", "de"]);
    expect(acceptedLanguages("")).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('"><x>, fi;q=abc, sv;q=0.3')).toEqual(["sv"]);
    expect(chooseLanguage("fi", "sv", ["nb"])).toBe("fi");
    expect(chooseLanguage("xx", "sv", ["nb"])).toBe("sv");
    expect(chooseLanguage(null, "../sv", ["de", "nn-NO"])).toBe("nb");
    expect(chooseLanguage(undefined, undefined, [])).toBe("en");
  });

  it("a choice kept before the cookie existed is written to the cookie, once", () => {
    const storage = { getItem: () => "fi" } as unknown as Storage;
    const written: string[] = [];
    let cookie = "other=1";
    const cookies: Cookies = {
      get cookie() {
        return cookie;
      },
      set cookie(value: string) {
        written.push(value);
        cookie = `other=1; ${value.split(";")[0]}`;
      },
    };
    keepLanguageCookie(storage, cookies);
    keepLanguageCookie(storage, cookies);
    expect(written).toEqual(["lang=fi; Path=/; Max-Age=31536000; SameSite=Lax"]);
    keepLanguageCookie(undefined, cookies);
    keepLanguageCookie({ getItem: () => "xx" } as unknown as Storage, cookies);
    expect(written).toHaveLength(1);
  });
});

describe("a language's texts are fetched when the page needs them", () => {
  /** A fetch of each language's texts that arrives, or fails, when the test says. */
  function slowTranslations() {
    const waiting = new Map<Language, { arrive: () => void; fail: () => void }>();
    const load = (language: Language) =>
      new Promise<Translation>((resolve, reject) => {
        waiting.set(language, {
          arrive: () => resolve(TRANSLATIONS[language]),
          fail: () => reject(new Error("offline")),
        });
      });
    const settle = async (language: Language, how: "arrive" | "fail") => {
      waiting.get(language)?.[how]();
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    return { load, settle };
  }

  function memoryStorage() {
    const stored = new Map<string, string>();
    const storage = { setItem: (key: string, value: string) => void stored.set(key, value) } as unknown as Storage;
    return { stored, storage };
  }

  it("a switch waits for the language's texts: until they arrive the page speaks its language and nothing is redrawn", async () => {
    const { load, settle } = slowTranslations();
    const { stored, storage } = memoryStorage();
    const cookies = { cookie: "" };
    const i18n = new I18n(english, load);
    const redrawn: string[] = [];
    i18n.onChange(() => redrawn.push(i18n.t("newTable")));
    const switched = i18n.set("fi", storage, cookies);
    expect(i18n.language).toBe("en");
    expect(i18n.t("newTable")).toBe("New table");
    expect(redrawn).toEqual([]);
    expect(cookies.cookie).toBe("");
    await settle("fi", "arrive");
    expect(await switched).toBe(true);
    expect(i18n.language).toBe("fi");
    expect(redrawn).toEqual(["Uusi pöytä"]);
    expect(stored.get("chinese-checkers:language")).toBe("fi");
    // Where the worker reads it, to preload the page's texts in Finnish.
    expect(cookies.cookie).toBe("lang=fi; Path=/; Max-Age=31536000; SameSite=Lax");
  });

  it("a language whose texts cannot be fetched leaves the page in its language, nothing redrawn and the choice not kept", async () => {
    const { load, settle } = slowTranslations();
    const { stored, storage } = memoryStorage();
    const cookies = { cookie: "" };
    const i18n = new I18n(TRANSLATIONS.sv, load);
    let redraws = 0;
    i18n.onChange(() => redraws++);
    const switched = i18n.set("fi", storage, cookies);
    await settle("fi", "fail");
    expect(await switched).toBe(false);
    expect(i18n.language).toBe("sv");
    expect(i18n.t("newTable")).toBe("Nytt bord");
    expect(redraws).toBe(0);
    expect(stored.size).toBe(0);
    expect(cookies.cookie).toBe("");
  });

  it("of two switches the later one wins, even when the earlier one's texts arrive last", async () => {
    const { load, settle } = slowTranslations();
    const i18n = new I18n(english, load);
    const first = i18n.set("fi");
    const second = i18n.set("nb");
    await settle("nb", "arrive");
    await settle("fi", "arrive");
    expect([await first, await second]).toEqual([false, true]);
    expect(i18n.language).toBe("nb");
  });

  it("a page starts in the visitor's language once its texts have arrived, and in English's file if they cannot be fetched", async () => {
    expect((await I18n.start("fi")).t("newTable")).toBe("Uusi pöytä");
    const asked: Language[] = [];
    const onlyEnglish = (language: Language) => {
      asked.push(language);
      return language === "en" ? Promise.resolve(english) : Promise.reject(new Error("offline"));
    };
    const fallen = await I18n.start("sv", onlyEnglish);
    expect(asked).toEqual(["sv", "en"]);
    expect(fallen.language).toBe("en");
    expect(fallen.t("newTable")).toBe("New table");
    // English's own file is not fetched twice; with no texts at all there is no page to start.
    await expect(I18n.start("en", () => Promise.reject(new Error("offline")))).rejects.toThrow("offline");
  });

  it("each language's file holds that language", async () => {
    for (const language of LANGUAGES) expect((await I18n.start(language)).language).toBe(language);
  });
});

describe("a page whose code comes in stages takes in its texts in two: the first stage's, then the rest's", () => {
  /** A language's texts cut in two as the build cuts them: `first` the keys of the first stage, the errors later. */
  function cut(language: Language, first: readonly MessageKey[]) {
    const { messages, errors } = TRANSLATIONS[language];
    const pick = (keep: (key: MessageKey) => boolean) =>
      Object.fromEntries(
        keysOf(messages)
          .filter(keep)
          .map((key) => [key, messages[key]]),
      ) as Translation["messages"];
    return {
      first: { language, messages: pick((key) => first.includes(key)), errors: {} } as Translation,
      later: { language, messages: pick((key) => !first.includes(key)), errors } as Translation,
    };
  }
  const FIRST: readonly MessageKey[] = ["title", "newTable"];
  /** Each language's two halves, each arriving when the test says. */
  function staged() {
    const waiting = new Map<string, () => void>();
    const asked = (half: "first" | "later") => (language: Language) =>
      new Promise<Translation>((resolve) =>
        waiting.set(`${language} ${half}`, () => resolve(cut(language, FIRST)[half])),
      );
    const arrive = async (language: Language, half: "first" | "later") => {
      waiting.get(`${language} ${half}`)?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    return { loadFirst: asked("first"), loadLater: asked("later"), arrive };
  }
  /** A page started in `language` with its first texts. */
  async function started(language: Language, loadFirst: (language: Language) => Promise<Translation>) {
    return new I18n(cut(language, FIRST).first, loadFirst);
  }

  it("the later texts complete the language the page speaks, errors included, once they arrive", async () => {
    const { loadFirst, loadLater, arrive } = staged();
    const i18n = await started("fi", loadFirst);
    expect(i18n.t("newTable")).toBe("Uusi pöytä");
    const added = i18n.addLater(loadLater);
    await arrive("fi", "later");
    await added;
    expect(i18n.t("yourTurn")).toBe(TRANSLATIONS.fi.messages.yourTurn);
    expect(i18n.error("seat-taken")).toBe(TRANSLATIONS.fi.errors["seat-taken"]);
    expect(i18n.t("newTable")).toBe("Uusi pöytä");
  });

  it("a switch after them fetches both halves of the language switched to", async () => {
    const { loadFirst, loadLater, arrive } = staged();
    const i18n = await started("en", loadFirst);
    const added = i18n.addLater(loadLater);
    await arrive("en", "later");
    await added;
    const switched = i18n.set("sv");
    await arrive("sv", "first");
    await arrive("sv", "later");
    expect(await switched).toBe(true);
    expect(i18n.t("newTable")).toBe(TRANSLATIONS.sv.messages.newTable);
    expect(i18n.t("yourTurn")).toBe(TRANSLATIONS.sv.messages.yourTurn);
    expect(i18n.error("not-host")).toBe(TRANSLATIONS.sv.errors["not-host"]);
  });

  it("a switch asked for before them, whose first texts arrive after them, fetches its later ones too", async () => {
    const { loadFirst, loadLater, arrive } = staged();
    const i18n = await started("en", loadFirst);
    const switched = i18n.set("nb");
    const added = i18n.addLater(loadLater);
    await arrive("en", "later");
    await added;
    expect(i18n.t("yourTurn")).toBe(TRANSLATIONS.en.messages.yourTurn);
    await arrive("nb", "first");
    // Norwegian's first texts came by the loader without the later ones: both are fetched again.
    expect(i18n.language).toBe("en");
    await arrive("nb", "first");
    await arrive("nb", "later");
    expect(await switched).toBe(true);
    expect(i18n.language).toBe("nb");
    expect(i18n.t("yourTurn")).toBe(TRANSLATIONS.nb.messages.yourTurn);
    expect(i18n.error("not-host")).toBe(TRANSLATIONS.nb.errors["not-host"]);
  });

  it("a switch that lands while the later texts come takes in the later texts of the language switched to", async () => {
    const { loadFirst, loadLater, arrive } = staged();
    const i18n = await started("en", loadFirst);
    const added = i18n.addLater(loadLater);
    const switched = i18n.set("sv");
    await arrive("sv", "first");
    await arrive("sv", "later");
    expect(await switched).toBe(true);
    // English's later texts, arriving now, are not the page's language's any more: Swedish's are fetched.
    await arrive("en", "later");
    await arrive("sv", "later");
    await added;
    expect(i18n.language).toBe("sv");
    expect(i18n.t("newTable")).toBe(TRANSLATIONS.sv.messages.newTable);
    expect(i18n.t("yourTurn")).toBe(TRANSLATIONS.sv.messages.yourTurn);
  });
});

describe("every name or text filled into a sentence is isolated from it (U+2068 … U+2069)", () => {
  it("a right-to-left name cannot carry the move after it into its own direction", () => {
    const i18n = i18nIn("en");
    expect(i18n.t("announceMove", { name: "سارة", move: "c2-e4" })).toBe("\u2068سارة\u2069: \u2068c2-e4\u2069");
  });

  it("each name of a list is isolated on its own, so the commas between them stay put", () => {
    expect(i18nIn("sv").list(["דוד", "Aino"])).toBe("\u2068דוד\u2069 och \u2068Aino\u2069");
  });

  it("a list of names goes into a sentence as it is, each name isolated once", () => {
    const i18n = i18nIn("en");
    expect(i18n.count("rematchWaiting", 2, { names: i18n.list(["דוד", "Aino"]) })).toBe(
      "Waiting for \u2068דוד\u2069 and \u2068Aino\u2069 to accept the rematch",
    );
  });

  it("numbers need no isolating and are written as they are", () => {
    expect(i18nIn("en").t("seatN", { n: 3 })).toBe("Seat 3");
  });
});

describe("the rules page's texts (src/client/ui/rules/)", () => {
  const RULES: Record<(typeof LANGUAGES)[number], RulesText> = {
    en: en_rules,
    fi: fi_rules,
    sv: sv_rules,
    nb: nb_rules,
  };

  /** Every text of a language's rules, each with where it is. */
  function texts(rules: RulesText): [string, string][] {
    const ofBlocks = (where: string, blocks: readonly Block[]): [string, string][] =>
      blocks.flatMap((block, index): [string, string][] => {
        const at = `${where} ${index}`;
        if (typeof block === "string") return [[at, block]];
        if ("list" in block) return block.list.map((item): [string, string] => [at, item]);
        if ("steps" in block) return block.steps.map((item): [string, string] => [at, item]);
        return block.keys.flatMap(([keys, what]): [string, string][] => [
          [at, keys],
          [at, what],
        ]);
      });
    return [
      ["title", rules.title],
      ["lead", rules.lead],
      ["contents", rules.contents],
      ...Object.entries(rules.chapters).flatMap(([id, chapter]): [string, string][] => [
        [id, chapter.heading],
        ...ofBlocks(id, chapter.body),
        ...Object.entries(chapter.sections as Record<string, { heading: string; body: readonly Block[] }>).flatMap(
          ([sectionId, section]): [string, string][] => [
            [sectionId, section.heading],
            ...ofBlocks(sectionId, section.body),
          ],
        ),
      ]),
      ...Object.entries(rules.diagrams).map(([id, caption]): [string, string] => [`diagram ${id}`, caption]),
    ];
  }

  it("every language has every chapter, section and diagram of the outline, and nothing else", () => {
    for (const language of LANGUAGES) {
      const { chapters, diagrams } = RULES[language];
      expect(Object.keys(chapters).sort(), language).toEqual(Object.keys(OUTLINE).sort());
      for (const [id, sections] of Object.entries(OUTLINE)) {
        const chapter = chapters[id as keyof typeof OUTLINE];
        expect(Object.keys(chapter.sections).sort(), `${language}: ${id}`).toEqual([...sections].sort());
        // A section with nothing to say would be a heading alone.
        expect(chapter.body.length + sections.length, `${language}: ${id}`).toBeGreaterThan(0);
        for (const section of Object.values(chapter.sections as Record<string, { body: readonly Block[] }>))
          expect(section.body.length, `${language}: ${id}`).toBeGreaterThan(0);
      }
      expect(Object.keys(diagrams).sort(), language).toEqual(Object.keys(DIAGRAMS).sort());
    }
  });

  it("no text is empty, every ** closes, and the headings differ", () => {
    for (const language of LANGUAGES) {
      const all = texts(RULES[language]);
      for (const [where, text] of all) {
        expect(text.trim(), `${language}: ${where}`).not.toBe("");
        expect((text.match(/\*\*/g) ?? []).length % 2, `${language}: ${where}: ${text}`).toBe(0);
        expect(text, `${language}: ${where}`).not.toMatch(/\{\w+\}/);
      }
      const { chapters } = RULES[language];
      const headings = Object.values(chapters).flatMap((chapter) => [
        chapter.heading,
        ...Object.values(chapter.sections as Record<string, { heading: string }>).map((section) => section.heading),
      ]);
      expect(new Set(headings).size, language).toBe(headings.length);
    }
  });

  it("each language is written in itself: no text but the keys' names is the English one", () => {
    const english = new Map(texts(en_rules).map(([where, text]) => [where, text]));
    for (const language of LANGUAGES.filter((language) => language !== "en")) {
      for (const [where, text] of texts(RULES[language])) {
        if (where.startsWith("keyboard")) continue; // ← → ↑ ↓ and Esc are the same everywhere
        expect(text, `${language}: ${where}`).not.toBe(english.get(where));
      }
    }
  });

  it("call the options by the names the create page gives them, and the game by the page's title", () => {
    for (const language of LANGUAGES) {
      const { messages } = TRANSLATIONS[language];
      const { title, chapters } = RULES[language];
      const { longJumps, capture } = chapters.options.sections;
      expect(longJumps.heading, language).toBe(messages.longJump.split(" (")[0]);
      expect(capture.heading.toLowerCase(), language).toContain(messages.variantCapture.split(":")[0].toLowerCase());
      expect(title.toLowerCase(), language).toContain(messages.title.toLowerCase());
    }
  });

  it("give the buttons of the table page their names in each language", () => {
    for (const language of LANGUAGES) {
      const { messages } = TRANSLATIONS[language];
      const text = texts(RULES[language])
        .map(([, text]) => text)
        .join(" ");
      for (const key of ["done", "undo", "cancel"] as const)
        expect(text, `${language}: ${key}`).toContain(`**${messages[key]}**`);
    }
  });

  it("say how many days without play delete a table", () => {
    for (const language of LANGUAGES) {
      const away = RULES[language].chapters.site.sections.away.body.join(" ");
      expect(away, language).toContain(` ${IDLE_DAYS} `);
    }
  });
});
