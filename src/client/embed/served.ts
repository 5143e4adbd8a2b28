/**
 * `/embed.js`, the one script a page includes to use
 * `<chinese-checkers-table>` and `<chinese-checkers-lobby>`
 * (public/build/embed.js, served with CORS by the worker). It is the
 * service's own, so the elements find the service where the script came
 * from; an `origin` (table) or `server` (lobby) attribute still wins.
 */

import { defineTableElement } from "./element.ts";
import { defineLobbyElement } from "./lobby-element.ts";

const service = new URL(import.meta.url).origin;
defineTableElement({ origin: service });
defineLobbyElement({ origin: service });
