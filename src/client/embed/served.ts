/**
 * `/embed.js`, the one script a page includes to use
 * `<chinese-checkers-table>` (public/build/embed.js, served with CORS by the
 * worker). It is the service's own, so the element finds the service where
 * the script came from; an `origin` attribute still wins.
 */
import { defineTableElement } from "./element.ts";

defineTableElement({ origin: new URL(import.meta.url).origin });
