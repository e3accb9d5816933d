// The compiled catalogs first: `vitest` may be a fresh clone's first command (scripts/lib/generated.ts).
import "./scripts/lib/generated";
import { defineConfig } from "vitest/config";

// Unit tests run in Node. Worker tests (workerd) and browser tests have their own configs:
// vitest.worker.config.ts and vitest.e2e.config.ts.
export default defineConfig({
  test: {
    name: "unit",
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
  },
});
