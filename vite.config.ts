import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { drizzleEntityCheck } from "./scripts/lib/drizzle-entity-check";
import { reactRouterBranchIndex } from "./scripts/lib/react-router-branch-index";
import { reactRouterHandoffText } from "./scripts/lib/react-router-handoff-text";
import { reactRouterServerRoutes } from "./scripts/lib/react-router-server-routes";

export default defineConfig({
  plugins: [
    drizzleEntityCheck(),
    reactRouterServerRoutes(),
    reactRouterBranchIndex(),
    reactRouterHandoffText(),
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
});
