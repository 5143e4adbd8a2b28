import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

/**
 * Two projects: the rules engine is pure TypeScript and is tested under
 * Node; the worker and its Durable Object are tested inside workerd, with
 * the bindings of wrangler.toml.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: "rules", include: ["test/rules/**/*.test.ts"], environment: "node" },
      },
      {
        plugins: [cloudflareTest({ wrangler: { configPath: "./wrangler.toml" } })],
        test: { name: "server", include: ["test/server/**/*.test.ts"] },
      },
    ],
  },
});
