/** The rules engine's public surface: pure TypeScript, no platform APIs. */
export {
  CENTRE,
  HEXAGON,
  HOLE_COUNT,
  HOLE_ROW,
  HOLE_X,
  type Hole,
  holeAt,
  holeName,
  jumpedHole,
  oppositePoint,
  POINT_EDGE,
  POINT_HOLES,
  POINT_OF,
  POINTS,
  type Point,
  parseHoleName,
  ROW_LENGTHS,
  stepsBetween,
} from "./board.ts";
export { RulesError, type RulesErrorCode } from "./errors.ts";
export {
  type Action,
  Game,
  type GameOptions,
  notatedOf,
  type Occupant,
  type Result,
  type Standing,
  type Turn,
} from "./game.ts";
export { makeSettings } from "./make-settings.ts";
export { formatMove, formatPath, formatPathNames, type Notated, parseHole, parseMove } from "./notation.ts";
export { perft } from "./perft.ts";
export {
  type Continuations,
  type EndReason,
  type Move,
  type Position,
  type PositionState,
  TURN_LIMIT_PER_COLOUR,
  type VariantCapabilities,
  type VariantRules,
} from "./position.ts";
export { notate, type ParsedRecord, readRecord, writeRecord } from "./record.ts";
export { DEFAULT_SETTINGS, type Settings, VARIANT_NAMES, type Variant } from "./settings.ts";
export { type LegVisitor, walkChains } from "./variants/capture-moves.ts";
export { VARIANTS, variantOf } from "./variants/index.ts";
export { goalHoles, seating } from "./variants/race.ts";
export { raceDestinations } from "./variants/race-moves.ts";
