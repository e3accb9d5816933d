import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { drizzleEntityCheck } from "./scripts/lib/drizzle-entity-check";
import { libsqlRows } from "./scripts/lib/libsql-rows";
import { libsqlSqlCache } from "./scripts/lib/libsql-sql-cache";
import { libsqlStreamClose } from "./scripts/lib/libsql-stream-close";
import { reactDomTextWrites } from "./scripts/lib/react-dom-text-writes";
import { reactRouterBranchIndex } from "./scripts/lib/react-router-branch-index";
import { reactRouterServerRoutes } from "./scripts/lib/react-router-server-routes";

export default defineConfig({
  plugins: [
    drizzleEntityCheck(),
    libsqlSqlCache(),
    libsqlStreamClose(),
    libsqlRows(),
    reactRouterServerRoutes(),
    reactRouterBranchIndex(),
    reactDomTextWrites(),
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
});
