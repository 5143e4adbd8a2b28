/** The computer players' public surface: pure TypeScript over the rules engine, no platform APIs. */
export { distanceToGo } from "./evaluation.ts";
export { greedyMove, type MoveAction } from "./greedy.ts";
