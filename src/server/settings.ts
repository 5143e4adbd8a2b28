/**
 * A duration setting of wrangler.toml's `[vars]` (given in `unit` ms, a
 * second by default) in ms, or `fallback` when it is not set.
 */
export function msSetting(value: string | undefined, fallback: number, unit = 1000): number {
  return value === undefined ? fallback : Number(value) * unit;
}
