/**
 * The hygiene of text that people at a table write and others read: names
 * and chat messages. Both are checked by the same rules (`shownText`), so
 * that whatever one table shows as a name it would also show in its chat.
 */
import { MAX_CHAT_LENGTH } from "./chat.ts";
import { MAX_NAME_LENGTH } from "./lengths.ts";
import * as v from "./schema.ts";

export { MAX_NAME_LENGTH } from "./lengths.ts";
/**
 * Combining marks stacked on one character: enough for any script's vowel
 * and tone marks (Thai, Vietnamese written decomposed, Hebrew points), too
 * few to draw a tower of accents over the names around it.
 */
export const MAX_MARKS_PER_CHARACTER = 3;

/**
 * Whether a string is well-formed UTF-16: no lone surrogate. A lone one is
 * broadcast as it came, but SQLite stores it as a replacement character, so
 * after a reload the log and the snapshot would disagree.
 */
export function isWellFormed(text: string): boolean {
  return !/\p{Cs}/u.test(text);
}

/** Characters that are not shown: format characters (bidi controls, zero-width ones, soft hyphen, tags…), and the default-ignorable ones (Hangul fillers, variation selectors…). */
const HIDDEN = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** Zero-width (non-)joiners, which emoji sequences and some scripts (Persian, Indic) need between two characters. */
const JOINER = /[\u200C\u200D]/u;
/** Variation selectors, which pick a character's look (an emoji's colour form): allowed right after one. */
const VARIATION = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
/** A character that shows as something: a letter, a number, punctuation or a symbol. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
/** A character that is drawn: visible, or a mark drawn on one. */
const DRAWN = /[\p{L}\p{N}\p{P}\p{S}\p{M}]/u;

/** More combining marks in a row than one character may carry. */
const STACKED_MARKS = new RegExp(`\\p{M}{${MAX_MARKS_PER_CHARACTER + 1},}`, "u");

function isDrawn(char: string | undefined): boolean {
  return char !== undefined && DRAWN.test(char) && !HIDDEN.test(char);
}

/**
 * Whether a text has a character that is not shown, where it is not needed:
 * a joiner is allowed between two drawn characters (a variation selector
 * may stand between), a variation selector after a drawn character.
 */
function hasHiddenCharacter(text: string): boolean {
  const chars = [...text];
  return chars.some((char, i) => {
    if (!HIDDEN.test(char)) return false;
    if (VARIATION.test(char)) return !isDrawn(chars[i - 1]);
    if (JOINER.test(char)) {
      const before = VARIATION.test(chars[i - 1] ?? "") ? chars[i - 2] : chars[i - 1];
      return !(isDrawn(before) && isDrawn(chars[i + 1]));
    }
    return true;
  });
}

/** NFC, trimmed, and each run of spaces (of any kind) one plain space. */
function normalise(text: string): string {
  return text
    .normalize("NFC")
    .trim()
    .replace(/\p{Zs}+/gu, " ");
}

/**
 * Text that people at a table write and others read (a name, a chat
 * message), as it is stored and shown: well-formed, normalised
 * (`normalise`), 1 to `maxLength` UTF-16 units, without control characters
 * or line separators, without characters that are not shown (format
 * characters such as the right-to-left override, zero-width and invisible
 * fillers; see `hasHiddenCharacter`), with at least one visible character,
 * and with combining marks only on a character and at most 3 on one.
 * Lookalikes from other scripts are not caught (see docs/security.md).
 * `what` names the text in the refusals ("a name", "a message").
 */
function shownText(what: string, maxLength: number) {
  // Each check runs only once those before it pass (abortPipeEarly): a refusal names the first thing wrong.
  return v.config(
    v.pipe(
      v.string(),
      v.check(isWellFormed, `${what} must be well-formed text (no lone surrogate)`),
      v.transform(normalise),
      v.minLength(1, `${what} needs at least one character`),
      // In UTF-16 units, as documented (String.length, which valibot's maxLength counts).
      v.maxLength(maxLength, `${what} has at most ${maxLength} characters`),
      v.check((text) => !/[\p{Cc}\p{Zl}\p{Zp}]/u.test(text), `${what} cannot contain control characters`),
      v.check((text) => !hasHiddenCharacter(text), `${what} cannot contain invisible or formatting characters`),
      v.check((text) => VISIBLE.test(text), `${what} needs a visible character`),
      v.check((text) => !/^\p{M}/u.test(text), `${what} cannot start with a combining mark`),
      v.check(
        (text) => !STACKED_MARKS.test(text),
        `${what} has at most ${MAX_MARKS_PER_CHARACTER} combining marks on a character`,
      ),
    ),
    { abortPipeEarly: true },
  );
}

/** A player's name (and a spectator's in chat), as `shownText` says, of 1 to 24 UTF-16 units. */
export const NameSchema = shownText("a name", MAX_NAME_LENGTH);

/**
 * A chat message's text, with a name's hygiene (`shownText`): one line of 1
 * to 280 UTF-16 units. Clients show it as text, isolated from the text
 * around it, and never make a link of it.
 */
export const ChatTextSchema = shownText("a message", MAX_CHAT_LENGTH);

/**
 * What two names are compared by, for uniqueness at a table: compatibility
 * forms folded (NFKC: full-width letters, ligatures), characters that are not
 * shown dropped, case folded. "Aino", "AINO" and "Ａｉｎｏ" are the same name.
 */
export function nameKey(name: string): string {
  return [...name.normalize("NFKC")]
    .filter((char) => !HIDDEN.test(char))
    .join("")
    .toUpperCase()
    .toLowerCase()
    .replace(/\s+/gu, " ")
    .trim();
}
