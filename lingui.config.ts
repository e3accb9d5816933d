import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

// Messages use explicit ids (e.g. "error.not_found"); the PO files hold the texts per language.
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "fr"],
  fallbackLocales: { default: "en" },
  catalogs: [{ path: "<rootDir>/locales/{locale}/messages", include: ["app"] }],
  format: formatter({ explicitIdAsDefault: true }),
  compileNamespace: "ts",
});
