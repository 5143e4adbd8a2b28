/** The computer players' public surface: pure TypeScript over the rules engine, no platform APIs. */

export * from "./analysis.ts";
export { type ComputerOptions, computerMove, LEVEL_LIMITS } from "./computer.ts";
export { distanceToGo } from "./evaluation.ts";
export { greedyMove, type MoveAction } from "./greedy.ts";
export { LEVELS, type Level } from "./levels.ts";
