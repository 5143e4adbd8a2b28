/**
 * The longest name, without a schema: for a page's fields (`maxlength`)
 * before text.ts's schemas, and the validator with them, are loaded.
 */

/** A name's length, in UTF-16 units (what `String.length` counts: an emoji is 2 or more). */
export const MAX_NAME_LENGTH = 24;
