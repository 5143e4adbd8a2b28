/**
 * The page for an address that names nothing: a table link mistyped, cut
 * short or expired, or any other unknown path. The server answers such an
 * address with this same app page and status 404 (worker.ts); the page says
 * what happened in the visitor's language and offers a new table and the
 * rules. In an iframe (`/embed/:id`) it has no title bar, and its links open
 * a new tab: the site's other pages may not be framed.
 */
import { header, rulesHref } from "./chrome.ts";
import { h } from "./dom.ts";
import type { I18n } from "./i18n/index.ts";
import { IDLE_DAYS } from "./idle-days.ts";

interface NotFoundOptions {
  /** A table's address (`/t/:id`, `/embed/:id`), or any other. */
  readonly what: "table" | "page";
  readonly embed: boolean;
}

export function mountNotFound(root: HTMLElement, i18n: I18n, { what, embed }: NotFoundOptions): void {
  const newTab = embed ? { target: "_blank", rel: "noopener" } : {};
  const heading = h("h1", {});
  const text = h("p", {});
  const hint = h("p", {});
  const create = h("a", { class: "button primary", href: "/", ...newTab });
  const rules = h("a", { class: "button", href: rulesHref(i18n), ...newTab });
  const render = () => {
    const title = i18n.t(what === "table" ? "noTableHeading" : "notFoundHeading");
    heading.textContent = title;
    text.textContent = what === "table" ? i18n.t("noTableText", { days: IDLE_DAYS }) : i18n.t("notFoundText");
    hint.textContent = what === "table" ? i18n.t("noTableHint") : "";
    hint.hidden = what !== "table";
    create.textContent = i18n.t("createTableLink");
    rules.textContent = i18n.t("howToPlay");
    rules.href = rulesHref(i18n);
    document.title = `${title} · ${i18n.t("title")}`;
  };
  root.classList.toggle("embed", embed);
  root.dataset.page = "not-found";
  root.replaceChildren(
    ...(embed ? [] : [header(i18n)]),
    h(
      "main",
      { class: "not-found" },
      h("div", { class: "card" }, heading, text, hint, h("p", { class: "page-actions" }, create, rules)),
    ),
  );
  i18n.onChange(render);
  render();
}
