/** The web client's entry point: picks the page from the address. */
import "./styles.css";
import { storage } from "./chrome.ts";
import { mountCreate } from "./create-page.ts";
import { h } from "./dom.ts";
import { I18n } from "./i18n/index.ts";
import { mountTable } from "./table-page.ts";

const root = document.getElementById("app") ?? document.body;
const i18n = I18n.detect(location.search, storage(), navigator.languages ?? [navigator.language]);
const setLang = () => {
  document.documentElement.lang = i18n.language;
  document.title = i18n.t("title");
};
i18n.onChange(setLang);
setLang();

const path = location.pathname;
const table = /^\/(t|embed)\/([A-Za-z0-9_-]+)\/?$/.exec(path);
if (path === "/" || path === "/index.html") {
  mountCreate(root, i18n);
} else if (table) {
  mountTable(root, table[2], i18n, { embed: table[1] === "embed" });
} else {
  root.replaceChildren(
    h("main", { class: "create" }, h("p", {}, i18n.t("notFound")), h("a", { href: "/" }, i18n.t("newTable"))),
  );
}
