/**
 * The texts of `<chinese-checkers-lobby>` (src/client/embed/lobby-element.ts)
 * in each language. Apart from the pages' texts, as the game's name is
 * (game-name.ts): the element goes into other sites' pages, and carries
 * these few lines rather than every text of the service.
 */
import type { Language } from "./languages.ts";

export interface LobbyElementTexts {
  readonly playNow: string;
  readonly openTables: string;
  readonly loading: string;
  readonly empty: string;
  readonly classic: string;
  readonly capture: string;
  /** `{n}` players at the table. */
  readonly players: string;
  /** `{n}` free seats, by the plural category of `Intl.PluralRules`. */
  readonly seatsFree: { readonly one: string; readonly other: string };
  readonly free: string;
  readonly join: string;
  /** The Join link's accessible name: it begins with what the link says. `{names}`: who is at the table. */
  readonly joinLabel: string;
}

export const LOBBY_ELEMENT_TEXTS: Readonly<Record<Language, LobbyElementTexts>> = {
  en: {
    playNow: "Play now",
    openTables: "Open tables",
    loading: "Loading the tables…",
    empty: "No open tables right now.",
    classic: "Classic race",
    capture: "Capture",
    players: "{n} players",
    seatsFree: { one: "{n} seat free", other: "{n} seats free" },
    free: "free",
    join: "Join",
    joinLabel: "Join the table of {names}",
  },
  fi: {
    playNow: "Pelaa nyt",
    openTables: "Avoimet pöydät",
    loading: "Pöytiä ladataan…",
    empty: "Avoimia pöytiä ei nyt ole.",
    classic: "Perinteinen kilpa",
    capture: "Kaappaava",
    players: "{n} pelaajaa",
    seatsFree: { one: "{n} paikka vapaana", other: "{n} paikkaa vapaana" },
    free: "vapaa",
    join: "Liity",
    joinLabel: "Liity pöytään: {names}",
  },
  sv: {
    playNow: "Spela nu",
    openTables: "Öppna bord",
    loading: "Borden laddas…",
    empty: "Inga öppna bord just nu.",
    classic: "Klassisk kapplöpning",
    capture: "Slag",
    players: "{n} spelare",
    seatsFree: { one: "{n} plats ledig", other: "{n} platser lediga" },
    free: "ledig",
    join: "Gå med",
    joinLabel: "Gå med vid bordet med {names}",
  },
  nb: {
    playNow: "Spill nå",
    openTables: "Åpne bord",
    loading: "Laster inn bordene…",
    empty: "Ingen åpne bord akkurat nå.",
    classic: "Klassisk kappløp",
    capture: "Slag",
    players: "{n} spillere",
    seatsFree: { one: "{n} ledig plass", other: "{n} ledige plasser" },
    free: "ledig",
    join: "Bli med",
    joinLabel: "Bli med ved bordet til {names}",
  },
};
