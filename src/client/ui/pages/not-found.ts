/**
 * The page for an address that names nothing, which the server answers with
 * status 404: a table's address (its table mistyped, forged or expired), or
 * any other.
 */
import { mountNotFound } from "../not-found-page.ts";
import { boot } from "./boot.ts";

boot((root, i18n) => {
  const path = location.pathname;
  mountNotFound(root, i18n, {
    what: /^\/(t|embed)\//.test(path) ? "table" : "page",
    embed: path.startsWith("/embed/"),
  });
});
