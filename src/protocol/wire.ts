import type { GenericSchema, InferOutput } from "./schema.ts";

/** The value a schema accepts, read-only all the way down: nothing changes a message once it is built or parsed. */
export type Wire<Schema extends GenericSchema> = DeepReadonly<InferOutput<Schema>>;

type DeepReadonly<T> = T extends readonly (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;
