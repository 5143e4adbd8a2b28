/** The web client's entry point: picks the page from the address. */
import "./styles.css";
import { storage } from "./chrome.ts";
import { mountCreate } from "./create-page.ts";
import { detectLanguage, I18n } from "./i18n/index.ts";
import { mountLobby } from "./lobby-page.ts";
import { mountMyTables } from "./my-tables-page.ts";
import { mountNotFound } from "./not-found-page.ts";
import { mountRules } from "./rules-page.ts";
import { mountTable } from "./table-page.ts";

const root = document.getElementById("app") ?? document.body;

/**
 * The HTTP status the server gave this page, where the browser tells it
 * (Navigation Timing's `responseStatus`; 0 or missing elsewhere). The server
 * answers a link to a table that does not exist with this page and 404.
 */
function pageStatus(): number | undefined {
  const [entry] = performance.getEntriesByType?.("navigation") ?? [];
  const status = (entry as PerformanceNavigationTiming | undefined)?.responseStatus;
  return status || undefined;
}

function mount(i18n: I18n): void {
  const setLang = () => {
    document.documentElement.lang = i18n.language;
    document.title = i18n.t("title");
  };
  i18n.onChange(setLang);
  setLang();

  const path = location.pathname;
  const table = /^\/(t|embed)\/([A-Za-z0-9_-]+)\/?$/.exec(path);
  const embed = path.startsWith("/embed/");
  if (path === "/" || path === "/index.html") {
    mountCreate(root, i18n);
  } else if (path === "/rules") {
    mountRules(root, i18n);
  } else if (path === "/tables") {
    mountMyTables(root, i18n);
  } else if (path === "/lobby") {
    mountLobby(root, i18n);
  } else if (table && pageStatus() !== 404) {
    // Where the browser does not tell the status, the table page finds out from the table's API.
    mountTable(root, table[2], i18n, { embed, onMissing: () => mountNotFound(root, i18n, { what: "table", embed }) });
  } else {
    mountNotFound(root, i18n, { what: table || /^\/(t|embed)\//.test(path) ? "table" : "page", embed });
  }
}

// The page is drawn once the visitor's language has arrived, so that it never shows English first.
const language = detectLanguage(location.search, storage(), navigator.languages ?? [navigator.language]);
void I18n.start(language).then(mount);
