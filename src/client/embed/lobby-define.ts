/**
 * The package's `@chinese-checkers/client/lobby-element`: importing it
 * registers `<chinese-checkers-lobby>`, which then needs an `origin`
 * attribute (the service's origin), since a site's bundle does not come from
 * the service.
 */
import { defineLobbyElement } from "./lobby-element.ts";

export {
  ChineseCheckersLobby,
  DEFAULT_POOL,
  type DefineLobbyElementOptions,
  defineLobbyElement,
} from "./lobby-element.ts";

defineLobbyElement();
