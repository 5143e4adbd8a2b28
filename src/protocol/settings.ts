import * as z from "zod";

/** The body of `POST /api/tables`: the game's settings and the table's turn clock. */
export const TableSettingsSchema = z.strictObject({
  variant: z.enum(["classic", "capture"]).default("classic"),
  players: z.number().int().min(2).max(6).default(2),
  colours: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  pieces: z.union([z.literal(10), z.literal(15)]).default(10),
  longJump: z.boolean().default(false),
  teams: z.boolean().default(false),
  /** Seconds a player has for each turn; null for no clock. A player whose time runs out leaves the game. */
  turnSeconds: z.number().int().min(10).max(604_800).nullable().default(null),
});

export type TableSettings = z.output<typeof TableSettingsSchema>;
