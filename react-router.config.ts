import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // The whole route manifest is one static file the browser keeps, instead of a part of it worked
  // out and written into every page (two more route matchings and its JSON each time) and fetched
  // again from /__manifest as links are followed. Decision 051.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
