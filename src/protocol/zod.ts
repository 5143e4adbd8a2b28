/**
 * The validator the protocol is written in: zod/mini, which a bundler
 * shakes down to the parts in use (the full zod was most of the worker).
 * Mini has no messages of its own; it gets zod's English ones, because a
 * refused request is answered with the schema's words.
 */
import { en } from "zod/locales";
import * as z from "zod/mini";

z.config(en());

export { z };

/** The value a schema accepts, read-only all the way down: nothing changes a message once it is built or parsed. */
export type Wire<Schema extends z.ZodMiniType> = DeepReadonly<z.output<Schema>>;

type DeepReadonly<T> = T extends readonly (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;
