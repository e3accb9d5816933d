import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "turso",
  schema: "./db/schema/tenant/index.ts",
  out: "./migrations/tenant",
});
