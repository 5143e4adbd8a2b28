/**
 * The package's `@chinese-checkers/client/element`: importing it registers
 * `<chinese-checkers-table>`, which then needs an `origin` attribute (the
 * service's origin), since a site's bundle does not come from the service.
 */
import { defineTableElement } from "./element.ts";

export {
  ChineseCheckersTable,
  type DefineTableElementOptions,
  defineTableElement,
  type TableElementEventMap,
} from "./element.ts";

defineTableElement();
