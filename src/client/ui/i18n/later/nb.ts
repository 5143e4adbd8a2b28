/**
 * Norwegian texts that a page whose code comes in stages takes in with the
 * rest of its code (I18n.addLater): in its build, the messages its first
 * stage does not name, and the errors' (scripts/page-texts.mjs); in source,
 * the whole translation.
 */
export { nb } from "../nb.ts";
