import tseslint from "typescript-eslint";

// The boundaries of ARCHITECTURE.md, enforced: the UI holds no SQL, the API holds no queries,
// and the domain knows nothing of HTTP frameworks or the Workers runtime.
const banned = (patterns, message) => ["error", { patterns: patterns.map((group) => ({ group: [group], message })) }];

export default tseslint.config(
  {
    ignores: ["build/", ".react-router/", "node_modules/", ".wrangler/", ".data/", "locales/*/messages.ts", "migrations/**/bundle.ts"],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-namespace": "off",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": banned(
        ["**/db/**", "drizzle-orm", "drizzle-orm/*", "@libsql/*"],
        "app/ holds no database access: call a domain verb.",
      ),
    },
  },
  {
    files: ["worker/**/*.ts"],
    ignores: ["worker/api/**", "worker/domain/**"],
    rules: { "no-restricted-imports": banned(["**/app/**"], "The Worker never imports the UI (app/).") },
  },
  {
    files: ["db/**/*.ts"],
    rules: {
      "no-restricted-imports": banned(["**/worker/**", "**/app/**"], "db/ is below the Worker: it imports neither worker/ nor app/."),
    },
  },
  {
    files: ["worker/api/**/*.ts"],
    rules: {
      "no-restricted-imports": banned(
        ["drizzle-orm", "drizzle-orm/*", "@libsql/*", "**/db/schema/**", "**/app/**"],
        "API handlers are adapters: queries belong in worker/domain.",
      ),
    },
  },
  {
    // Pages and API handlers reach the company's data through verbs only, and domain errors become answers at the
    // edges only: formAction/recoverFrom for pages, the API's error handler (the idempotency store is an edge too).
    files: ["app/**/*.{ts,tsx}", "worker/api/**/*.ts"],
    ignores: ["app/server/form-page.server.ts", "worker/api/idempotency.ts", "worker/api/errors.ts", "worker/api/oauth-token.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...["CallExpression[callee.name='isDomainError']", "BinaryExpression[operator='instanceof'][right.name='DomainError']"].map(
          (selector) => ({
            selector,
            message: "Let the edge map domain errors: formAction or recoverFrom (app/server/form-page.server.ts), the API's error handler.",
          }),
        ),
        ...["CallExpression[callee.property.name='tenant']", "MemberExpression[property.name='db']"].map((selector) => ({
          selector,
          message: "Pages and API handlers call verbs with a Ctx (ctxFromRequest, verbCtx); the company's database is the verbs' business.",
        })),
      ],
    },
  },
  {
    files: ["worker/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": banned(
        ["hono", "hono/*", "react-router", "react-router/*", "cloudflare:*", "**/worker/api/**", "**/app/**"],
        "The domain is plain TypeScript: no HTTP framework, router or Workers runtime.",
      ),
    },
  },
);
