// Preloaded by every script that may be a newcomer's first command (package.json: `--import`):
// the compiled Lingui catalogs are git-ignored, and modules import them statically, so they are
// made here, before the script's own imports are resolved. Recompiled when a PO file is newer.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const LOCALES = ["en", "fr"];

function stale(locale: string): boolean {
  const compiled = join(ROOT, "locales", locale, "messages.ts");
  if (!existsSync(compiled)) return true;
  return statSync(join(ROOT, "locales", locale, "messages.po")).mtimeMs > statSync(compiled).mtimeMs;
}

if (LOCALES.some(stale)) {
  const lingui = join(ROOT, "node_modules", ".bin", "lingui");
  const run = spawnSync(lingui, ["compile", "--typescript"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  if (run.status !== 0) {
    console.error("Could not compile the translation catalogs (lingui compile).");
    process.exit(run.status ?? 1);
  }
}
