/**
 * Client messages are checked at the server's boundary: strict, so that a
 * mistake is refused with the place it is at, never ignored.
 */
import { describe, expect, it } from "vitest";
import { ClientMessageSchema, NameSchema, nameKey, TokenSchema } from "../../src/protocol/index.ts";
import * as v from "../../src/protocol/schema.ts";

/** The path and type (the schema or check that failed) of each issue the schema raises. */
function issues(message: unknown) {
  return v.safeParse(ClientMessageSchema, message).issues?.map((issue) => [v.getDotPath(issue) ?? "", issue.type]);
}

describe("a malformed client message is refused at the field at fault", () => {
  const token = "Vb3nB4u8cA0s3yWm2q1bXw";
  const cases: [string, unknown, [string, string][]][] = [
    ["JSON that is not an object", [1, 2], [["type", "variant"]]],
    ["a message without a type", { id: "x" }, [["type", "variant"]]],
    ["an unknown type", { type: "dance", id: "x" }, [["type", "variant"]]],
    ["an unknown field", { type: "move", id: "x", path: "a1-b1", seat: 0 }, [["seat", "strict_object"]]],
    ["hello: a token of 21 characters", { type: "hello", token: token.slice(1) }, [["token", "regex"]]],
    ["hello: a host token with a space", { type: "hello", hostToken: `${token.slice(1)} ` }, [["hostToken", "regex"]]],
    ["hello: a negative lastSeq", { type: "hello", lastSeq: -1 }, [["lastSeq", "min_value"]]],
    ["join: a seat as a string", { type: "join", id: "x", seat: "1", name: "A" }, [["seat", "number"]]],
    ["join: a seat that is not whole", { type: "join", id: "x", seat: 1.5, name: "A" }, [["seat", "safe_integer"]]],
    ["join: a seventh seat", { type: "join", id: "x", seat: 6, name: "A" }, [["seat", "max_value"]]],
    ["join: no name", { type: "join", id: "x", seat: 1 }, [["name", "strict_object"]]],
    ["start: an empty id", { type: "start", id: "" }, [["id", "min_length"]]],
    ["start: an id of 65 characters", { type: "start", id: "x".repeat(65) }, [["id", "max_length"]]],
    ["move: no id", { type: "move", path: "a1-b1" }, [["id", "strict_object"]]],
    ["move: no path", { type: "move", id: "x" }, [["path", "strict_object"]]],
    ["move: an empty path", { type: "move", id: "x", path: "" }, [["path", "min_length"]]],
    ["move: a path of 257 characters", { type: "move", id: "x", path: "a".repeat(257) }, [["path", "max_length"]]],
    ["leave: a seat", { type: "leave", id: "x", seat: 0 }, [["seat", "strict_object"]]],
    ["remove: a negative seat", { type: "remove", id: "x", seat: -1 }, [["seat", "min_value"]]],
    ["rematch: no id", { type: "rematch" }, [["id", "strict_object"]]],
    ["sync: no lastSeq", { type: "sync" }, [["lastSeq", "strict_object"]]],
    ["sync: a lastSeq past exact integers", { type: "sync", lastSeq: 2 ** 53 }, [["lastSeq", "safe_integer"]]],
  ];
  for (const [what, message, expected] of cases) {
    it(what, () => {
      expect(issues(message)).toEqual(expected);
    });
  }
});

describe("a refused client message says what is wrong", () => {
  it("in valibot's English words, or the protocol's own", () => {
    const message = (value: unknown) => v.safeParse(ClientMessageSchema, value).issues?.[0].message;
    expect(message({ type: "start", id: "x".repeat(65) })).toBe("Invalid length: Expected <=64 but received 65");
    expect(message({ type: "move", id: "x", path: "a1-b1", seat: 0 })).toBe(
      'Invalid key: Expected never but received "seat"',
    );
    expect(message({ type: "sync", lastSeq: -1 })).toBe("Invalid value: Expected >=0 but received -1");
    expect(message({ type: "hello", token: "not a token" })).toBe("a token is 22 base64url characters");
  });
});

describe("a name is normalised, then 1 to 24 UTF-16 units that show, without control or format characters or stacked marks", () => {
  it("keeps the name without its surrounding spaces", () => {
    expect(v.parse(NameSchema, "  Aino ")).toBe("Aino");
    expect(v.parse(NameSchema, ` ${"é".repeat(24)} `)).toBe("é".repeat(24));
  });

  it("stores names in NFC, with each run of spaces one plain space", () => {
    expect(v.parse(NameSchema, "Aine\u0301")).toBe("Ainé");
    expect(v.parse(NameSchema, `${"e\u0301".repeat(24)}`)).toBe("é".repeat(24));
    expect(v.parse(NameSchema, "Anna\u00a0\u3000 Liisa")).toBe("Anna Liisa");
  });

  it("counts UTF-16 units: 12 emoji of two units each are 24", () => {
    expect(v.parse(NameSchema, "🦊".repeat(12))).toBe("🦊".repeat(12));
  });

  it("accepts the marks that scripts stack on a character: up to 3", () => {
    for (const name of ["กิ่ง", "क्षिति", "שָׁלוֹם", "Tiê\u0323\u0301n", "a\u0301\u0308\u0323"]) {
      expect(v.safeParse(NameSchema, name).success, name).toBe(true);
    }
  });

  it("accepts the joiners and variation selectors that emoji and some scripts need", () => {
    for (const name of ["👨‍👩‍👧", "❤️", "❤️‍🔥", "1️⃣", "می‌خواهم", "Zoë 🦊", "李小龍", "O'Brien-Smith"]) {
      expect(v.safeParse(NameSchema, name).output, name).toBe(name);
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
      expect(v.safeParse(NameSchema, name).issues?.map((issue) => issue.message)).toEqual([message]);
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
      expect(nameKey(v.parse(NameSchema, a)), `${a} / ${b}`).toBe(nameKey(v.parse(NameSchema, b)));
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
    const parsed = v.safeParse(ClientMessageSchema, JSON.parse('{"type":"start","id":"x\\ud800"}'));
    expect(parsed.issues?.[0].message).toBe("a request id must be well-formed text (no lone surrogate)");
    expect(v.safeParse(ClientMessageSchema, { type: "start", id: "🦊" }).success).toBe(true);
  });
});

describe("a token is 22 base64url characters", () => {
  it("accepts every base64url character", () => {
    expect(v.safeParse(TokenSchema, "AZaz09-_AZaz09-_AZaz09").success).toBe(true);
  });

  for (const token of ["", "A".repeat(21), "A".repeat(23), `${"A".repeat(21)}+`, `${"A".repeat(21)}=`]) {
    it(`refuses ${JSON.stringify(token)}`, () => {
      expect(v.safeParse(TokenSchema, token).success).toBe(false);
    });
  }
});
