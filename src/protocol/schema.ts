/**
 * The validator the protocol is written in: valibot, whose functions a
 * bundler keeps only where used. Import it whole (`import * as v`): the
 * namespace is read one function at a time, so the rest is shaken out;
 * handing `v` on as one object would keep all of valibot in the bundle.
 * Its messages are English, built in (no locale to set up). A number on
 * the wire is values.ts's `NumberSchema` or `IntegerSchema`, never
 * `v.number()` alone, which takes Infinity.
 */
import { type GenericSchema, getDotPath, type InferOutput, safeParse } from "valibot";

export * from "valibot";

/**
 * A value read by a schema: its output, or what is first wrong with it, in
 * the schema's words (`message`) and where (`path`, dotted: `clock.seconds`,
 * `seat`; "" for the value itself). What a refusal reports.
 */
export type Checked<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly message: string; readonly path: string };

/** Reads `input` with `schema`: its output, or its first issue (`Checked`). */
export function checked<Schema extends GenericSchema>(schema: Schema, input: unknown): Checked<InferOutput<Schema>> {
  const result = safeParse(schema, input);
  if (result.success) return { ok: true, value: result.output };
  const [issue] = result.issues;
  return { ok: false, message: issue.message, path: getDotPath(issue) ?? "" };
}
