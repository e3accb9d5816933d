// Import cycles and layers, checked by `npm run lint` (eslint holds the finer boundaries).
// Type-only imports count: a cycle through types still hides which module owns what.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      severity: "error",
      comment: "Modules import each other: move the shared part into a module both can import.",
      from: {},
      to: { circular: true },
    },
    {
      name: "worker-not-app",
      severity: "error",
      comment: "The Worker never imports the UI (app/).",
      from: { path: "^worker/" },
      to: { path: "^app/" },
    },
    {
      name: "db-not-worker",
      severity: "error",
      comment: "db/ is below the Worker: it imports neither worker/ nor app/.",
      from: { path: "^db/" },
      to: { path: "^(worker|app)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|node_modules|\\.react-router|\\.wrangler|\\.data)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};
