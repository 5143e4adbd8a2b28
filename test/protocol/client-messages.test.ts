/**
 * Client messages are checked at the server's boundary: strict, so that a
 * mistake is refused with the place it is at, never ignored.
 */
import { describe, expect, it } from "vitest";
import { ClientMessageSchema, NameSchema, nameKey, TokenSchema } from "../../src/protocol/index.ts";

/** The path and code of each issue the schema raises. */
function issues(message: unknown) {
  return ClientMessageSchema.safeParse(message).error?.issues.map(({ path, code }) => [path.join("."), code]);
}

describe("a malformed client message is refused at the field at fault", () => {
  const token = "Vb3nB4u8cA0s3yWm2q1bXw";
  const cases: [string, unknown, [string, string][]][] = [
    ["JSON that is not an object", [1, 2], [["", "invalid_type"]]],
    ["a message without a type", { id: "x" }, [["type", "invalid_union"]]],
    ["an unknown type", { type: "dance", id: "x" }, [["type", "invalid_union"]]],
    ["an unknown field", { type: "move", id: "x", path: "a1-b1", seat: 0 }, [["", "unrecognized_keys"]]],
    ["hello: a token of 21 characters", { type: "hello", token: token.slice(1) }, [["token", "invalid_format"]]],
    [
      "hello: a host token with a space",
      { type: "hello", hostToken: `${token.slice(1)} ` },
      [["hostToken", "invalid_format"]],
    ],
    ["hello: a negative lastSeq", { type: "hello", lastSeq: -1 }, [["lastSeq", "too_small"]]],
    ["join: a seat as a string", { type: "join", id: "x", seat: "1", name: "A" }, [["seat", "invalid_type"]]],
    ["join: a seat that is not whole", { type: "join", id: "x", seat: 1.5, name: "A" }, [["seat", "invalid_type"]]],
    ["join: a seventh seat", { type: "join", id: "x", seat: 6, name: "A" }, [["seat", "too_big"]]],
    ["join: no name", { type: "join", id: "x", seat: 1 }, [["name", "invalid_type"]]],
    ["start: an empty id", { type: "start", id: "" }, [["id", "too_small"]]],
    ["start: an id of 65 characters", { type: "start", id: "x".repeat(65) }, [["id", "too_big"]]],
    ["move: no id", { type: "move", path: "a1-b1" }, [["id", "invalid_type"]]],
    ["move: no path", { type: "move", id: "x" }, [["path", "invalid_type"]]],
    ["move: an empty path", { type: "move", id: "x", path: "" }, [["path", "too_small"]]],
    ["move: a path of 257 characters", { type: "move", id: "x", path: "a".repeat(257) }, [["path", "too_big"]]],
    ["leave: a seat", { type: "leave", id: "x", seat: 0 }, [["", "unrecognized_keys"]]],
    ["remove: a negative seat", { type: "remove", id: "x", seat: -1 }, [["seat", "too_small"]]],
    ["rematch: no id", { type: "rematch" }, [["id", "invalid_type"]]],
    ["sync: no lastSeq", { type: "sync" }, [["lastSeq", "invalid_type"]]],
  ];
  for (const [what, message, expected] of cases) {
    it(what, () => {
      expect(issues(message)).toEqual(expected);
    });
  }
});

describe("a refused client message says what is wrong", () => {
  it("in zod's English words, or the protocol's own", () => {
    const message = (value: unknown) => ClientMessageSchema.safeParse(value).error?.issues[0]?.message;
    expect(message({ type: "start", id: "x".repeat(65) })).toBe("Too big: expected string to have <=64 characters");
    expect(message({ type: "move", id: "x", path: "a1-b1", seat: 0 })).toBe('Unrecognized key: "seat"');
    expect(message({ type: "sync", lastSeq: -1 })).toBe("Too small: expected number to be >=0");
    expect(message({ type: "hello", token: "not a token" })).toBe("a token is 22 base64url characters");
  });
});

describe("a name is normalised, then 1 to 24 UTF-16 units that show, without control or format characters or stacked marks", () => {
  it("keeps the name without its surrounding spaces", () => {
    expect(NameSchema.parse("  Aino ")).toBe("Aino");
    expect(NameSchema.parse(` ${"é".repeat(24)} `)).toBe("é".repeat(24));
  });

  it("stores names in NFC, with each run of spaces one plain space", () => {
    expect(NameSchema.parse("Aine\u0301")).toBe("Ainé");
    expect(NameSchema.parse(`${"e\u0301".repeat(24)}`)).toBe("é".repeat(24));
    expect(NameSchema.parse("Anna\u00a0\u3000 Liisa")).toBe("Anna Liisa");
  });

  it("counts UTF-16 units: 12 emoji of two units each are 24", () => {
    expect(NameSchema.parse("🦊".repeat(12))).toBe("🦊".repeat(12));
  });

  it("accepts the marks that scripts stack on a character: up to 3", () => {
    for (const name of ["กิ่ง", "क्षिति", "שָׁלוֹם", "Tiê\u0323\u0301n", "a\u0301\u0308\u0323"]) {
      expect(NameSchema.safeParse(name).success, name).toBe(true);
    }
  });

  it("accepts the joiners and variation selectors that emoji and some scripts need", () => {
    for (const name of ["👨‍👩‍👧", "❤️", "❤️‍🔥", "1️⃣", "می‌خواهم", "Zoë 🦊", "李小龍", "O'Brien-Smith"]) {
      expect(NameSchema.safeParse(name).data, name).toBe(name);
    }
  });

  const control = "a name cannot contain control characters";
  const hidden = "a name cannot contain invisible or formatting characters";
  const refused: [string, string, string][] = [
    ["empty", "", "a name needs at least one character"],
    ["only spaces", "   ", "a name needs at least one character"],
    ["25 characters", "x".repeat(25), "a name has at most 24 characters"],
    ["13 emoji (26 UTF-16 units)", "🦊".repeat(13), "a name has at most 24 characters"],
    ["24 emoji (48 UTF-16 units)", "😀".repeat(24), "a name has at most 24 characters"],
    ["a letter under 22 accents", `a${"\u0301".repeat(22)}`, "a name has at most 3 combining marks on a character"],
    ["4 marks on a letter", "Ax\u0301\u0308\u0323\u0330", "a name has at most 3 combining marks on a character"],
    ["a combining mark first", "\u0301Aino", "a name cannot start with a combining mark"],
    ["a bell", "Al\u0007ice", control],
    ["a newline", "Ali\nce", control],
    ["a DEL", "Ali\u007fce", control],
    ["a line separator", "Ali\u2028ce", control],
    ["a right-to-left override", "Ali\u202Ece", hidden],
    ["bidi isolates", "\u2067Bob\u2069", hidden],
    ["a left-to-right mark", "Bob\u200E", hidden],
    ["only a zero-width space", "\u200B", hidden],
    ["a zero-width space inside", "Ai\u200Bno", hidden],
    ["a soft hyphen", "Ai\u00ADno", hidden],
    ["only a soft hyphen", "\u00AD", hidden],
    ["a word joiner", "Ai\u2060no", hidden],
    ["a joiner at the start", "\u200DAino", hidden],
    ["a Hangul filler", "\u3164", hidden],
    ["a braille blank", "\u2800\u2800", hidden],
    ["a tag character", "Aino\u{E0041}", hidden],
    ["a variation selector alone", "\uFE0F", hidden],
    ["only combining marks", "\u0301\u0308", "a name needs a visible character"],
    ["a lone high surrogate", "Al\uD800ice", "a name must be well-formed text (no lone surrogate)"],
    ["a lone low surrogate", "\uDC00", "a name must be well-formed text (no lone surrogate)"],
  ];
  for (const [what, name, message] of refused) {
    it(`refuses a name that is ${what}`, () => {
      expect(NameSchema.safeParse(name).error?.issues.map((issue) => issue.message)).toEqual([message]);
    });
  }
});

describe("names are compared for uniqueness without case, compatibility forms or hidden characters", () => {
  it("takes these for the same name", () => {
    for (const [a, b] of [
      ["Aino", "aino"],
      ["Aino", "AINO"],
      ["Aino", "Ａｉｎｏ"],
      ["Straße", "STRASSE"],
      ["Ainé", "Aine\u0301"],
      ["Anna Liisa", "anna  liisa"],
      ["می‌خواهم", "میخواهم"],
    ]) {
      expect(nameKey(NameSchema.parse(a)), `${a} / ${b}`).toBe(nameKey(NameSchema.parse(b)));
    }
  });

  it("tells these apart", () => {
    for (const [a, b] of [
      ["Aino", "Aina"],
      ["Anna Liisa", "AnnaLiisa"],
      ["Ainé", "Aine"],
    ]) {
      expect(nameKey(a), `${a} / ${b}`).not.toBe(nameKey(b));
    }
  });
});

describe("request ids are well-formed text", () => {
  it("refuses an id with a lone surrogate", () => {
    const parsed = ClientMessageSchema.safeParse(JSON.parse('{"type":"start","id":"x\\ud800"}'));
    expect(parsed.error?.issues[0]?.message).toBe("a request id must be well-formed text (no lone surrogate)");
    expect(ClientMessageSchema.safeParse({ type: "start", id: "🦊" }).success).toBe(true);
  });
});

describe("a token is 22 base64url characters", () => {
  it("accepts every base64url character", () => {
    expect(TokenSchema.safeParse("AZaz09-_AZaz09-_AZaz09").success).toBe(true);
  });

  for (const token of ["", "A".repeat(21), "A".repeat(23), `${"A".repeat(21)}+`, `${"A".repeat(21)}=`]) {
    it(`refuses ${JSON.stringify(token)}`, () => {
      expect(TokenSchema.safeParse(token).success).toBe(false);
    });
  }
});
