import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "turso",
  schema: "./db/schema/control/index.ts",
  out: "./migrations/control",
});
