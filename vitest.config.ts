import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

/**
 * Two projects: the rules engine is pure TypeScript and is tested under
 * Node; the worker and its Durable Object are tested inside workerd.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: "rules", include: ["test/rules/**/*.test.ts"], environment: "node" },
      },
    ],
  },
});
