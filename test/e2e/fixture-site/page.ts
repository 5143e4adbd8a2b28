/**
 * The site's page script, bundled by the site's own bundler (esbuild) with
 * the package's web component: it shows the table named in the address
 * (`?table=`), says whose turn it is, lists the moves and the winner. Its
 * events are kept in `window.heard` for the tests.
 */
import "@chinese-checkers/client/element";
import type { TableElementEventMap } from "@chinese-checkers/client/element";

const element = document.querySelector("chinese-checkers-table");
const turn = document.querySelector("#turn");
const moves = document.querySelector("#moves");
const end = document.querySelector("#end");
if (!element || !turn || !moves || !end) throw new Error("the page is missing a part");

const heard: { type: keyof TableElementEventMap; detail: unknown }[] = [];
Object.assign(window, { heard });
for (const type of ["cc-welcome", "cc-connection", "cc-turn", "cc-move", "cc-end", "cc-resize"] as const) {
  element.addEventListener(type, (event) => heard.push({ type, detail: event.detail }));
}

element.addEventListener("cc-turn", ({ detail }) => {
  turn.textContent = detail.yours ? "Your turn!" : detail.seat === null ? "" : `Seat ${detail.seat + 1} to move`;
});
element.addEventListener("cc-move", ({ detail }) => {
  const item = document.createElement("li");
  item.textContent = `Seat ${detail.seat + 1}: ${detail.path}`;
  moves.append(item);
});
element.addEventListener("cc-end", ({ detail }) => {
  end.textContent = `Won by seat ${detail.result.winners.map((seat) => seat + 1).join(" and ")}`;
});

element.table = new URLSearchParams(location.search).get("table");
