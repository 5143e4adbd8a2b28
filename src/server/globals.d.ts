// Types `env` and `exports` from "cloudflare:workers" (used by the tests) for this worker.
type WorkerEnv = import("./env.ts").Env;

declare namespace Cloudflare {
  interface Env extends WorkerEnv {}
  interface GlobalProps {
    mainModule: typeof import("./worker.ts");
    durableNamespaces: "Table";
  }
}
