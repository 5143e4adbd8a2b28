/**
 * The validator the protocol is written in: zod/mini, which a bundler
 * shakes down to the parts in use (all of zod would be most of the worker).
 * Import it whole (`import * as z`): handing the namespace on as one
 * object would keep all of zod in the bundle. Mini has no messages of its
 * own: the protocol's index gives it zod's English ones (index.ts).
 */
export * from "zod/mini";
