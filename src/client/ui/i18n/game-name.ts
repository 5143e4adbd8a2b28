/**
 * The game's name in each language: the pages' `title`, and the accessible
 * name of an embedded table's iframe (src/client/embed/element.ts), which
 * imports this alone rather than the pages' texts.
 */
import type { EmbedLanguage } from "../../../protocol/index.ts";

export const GAME_NAMES: Readonly<Record<EmbedLanguage, string>> = {
  en: "Chinese Checkers",
  fi: "Kiinanshakki",
  sv: "Kinaschack",
  nb: "Kinasjakk",
};
