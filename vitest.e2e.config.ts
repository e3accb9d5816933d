// The compiled catalogs first: `vitest` may be a fresh clone's first command (scripts/lib/generated.ts).
import "./scripts/lib/generated";
import { defineConfig } from "vitest/config";

// Browser journeys: Debian's chromium driven by playwright-core against the built app served
// by workerd (wrangler dev) over a fresh local database. globalSetup starts the whole stack.
export default defineConfig({
  test: {
    name: "e2e",
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./tests/support/e2e-global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
