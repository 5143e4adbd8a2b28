/**
 * The rules page (`/rules`, `/rules?lang=fi`): how to play, written for this
 * site, in the visitor's language. The texts are in `rules/` (one module per
 * language, loaded on demand), laid out here: one `h1`, a chapter (`h2`)
 * with its sections (`h3`) in the order of `OUTLINE`, a table of contents,
 * and the diagrams of `rules/diagrams.ts` where `DIAGRAMS` puts them.
 */
import { header } from "./chrome.ts";
import { h } from "./dom.ts";
import type { I18n } from "./i18n/index.ts";
import { diagram } from "./rules/diagrams.ts";
import { loadRules } from "./rules/index.ts";
import {
  type Block,
  type ChapterId,
  DIAGRAMS,
  type DiagramId,
  OUTLINE,
  type RulesText,
  type Section,
  type SectionId,
} from "./rules/outline.ts";

export function mountRules(root: HTMLElement, i18n: I18n): void {
  const main = h("main", { class: "rules" });
  root.dataset.page = "rules";
  root.replaceChildren(header(i18n), main);
  let asked = 0;
  let first = true;
  const render = async () => {
    const ticket = ++asked;
    main.setAttribute("aria-busy", "true");
    let text: RulesText;
    try {
      text = await loadRules(i18n.language);
    } catch {
      if (ticket === asked) {
        main.replaceChildren(h("p", { class: "notice error", role: "alert" }, i18n.t("rulesLoadFailed")));
        main.removeAttribute("aria-busy");
      }
      return;
    }
    if (ticket !== asked) return; // the language changed again meanwhile
    main.replaceChildren(article(text, i18n));
    main.removeAttribute("aria-busy");
    root.dataset.rules = i18n.language;
    document.title = `${text.title} · ${i18n.t("title")}`;
    // An address that asks for a language keeps asking for the one shown, so a reload or a shared link shows it too.
    const url = new URL(location.href);
    if (url.searchParams.has("lang") && url.searchParams.get("lang") !== i18n.language) {
      url.searchParams.set("lang", i18n.language);
      history.replaceState(history.state, "", url);
    }
    // The texts arrive after the page: go to the section the address names once it is there.
    if (first && location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    first = false;
  };
  i18n.onChange(() => void render());
  void render();
}

function article(text: RulesText, i18n: I18n): HTMLElement {
  const chapters = Object.keys(OUTLINE) as ChapterId[];
  return h(
    "article",
    { class: "rules-text" },
    h("h1", {}, text.title),
    h("p", { class: "lead" }, text.lead),
    h(
      "nav",
      { class: "contents", "aria-labelledby": "contents" },
      h("h2", { id: "contents" }, text.contents),
      h(
        "ol",
        {},
        chapters.map((id) => h("li", {}, h("a", { href: `#${id}` }, text.chapters[id].heading))),
      ),
    ),
    chapters.map((id) => {
      const chapter = text.chapters[id];
      const sections = OUTLINE[id].map((sectionId: SectionId) => [
        sectionId,
        (chapter.sections as Readonly<Record<SectionId, Section>>)[sectionId],
      ]) as [SectionId, Section][];
      return h(
        "section",
        { class: "chapter" },
        h("h2", { id }, chapter.heading),
        chapter.body.map(block),
        diagramsAt(id, text),
        sections.map(([sectionId, section]) =>
          h(
            "section",
            {},
            h("h3", { id: sectionId }, section.heading),
            section.body.map(block),
            diagramsAt(sectionId, text),
          ),
        ),
      );
    }),
    h("p", { class: "page-actions" }, h("a", { class: "button primary", href: "/" }, i18n.t("createTableLink"))),
  );
}

function diagramsAt(place: ChapterId | SectionId, text: RulesText): HTMLElement[] {
  return (Object.entries(DIAGRAMS) as [DiagramId, string][])
    .filter(([, at]) => at === place)
    .map(([id]) => diagram(id, text.diagrams[id]));
}

function block(content: Block): HTMLElement {
  if (typeof content === "string") return h("p", {}, inline(content));
  if ("list" in content)
    return h(
      "ul",
      {},
      content.list.map((item) => h("li", {}, inline(item))),
    );
  if ("steps" in content)
    return h(
      "ol",
      { class: "steps" },
      content.steps.map((item) => h("li", {}, inline(item))),
    );
  return h(
    "dl",
    { class: "keys" },
    content.keys.map(([keys, what]) =>
      h(
        "div",
        {},
        h(
          "dt",
          {},
          keys.split(/[\s,]+/).map((key) => h("kbd", {}, key)),
        ),
        h("dd", {}, what),
      ),
    ),
  );
}

/** A text with its `**bold**` words set in bold. */
function inline(text: string): (string | HTMLElement)[] {
  return text.split(/\*\*(.+?)\*\*/).map((part, index) => (index % 2 === 1 ? h("strong", {}, part) : part));
}
