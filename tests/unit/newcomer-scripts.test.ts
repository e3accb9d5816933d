import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const scripts = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
const PRELOAD = "--import ./scripts/lib/generated.ts";

// A newcomer may run any README command first; the compiled catalogs are git-ignored (the full
// proof is `npm run test:start`, on a pristine copy of the tracked files).
describe("every script a newcomer may run first makes the generated files it imports", () => {
  const entries = Object.entries(scripts).filter(([, command]) => /^(tsx|node --import tsx) .*\.ts\b/.test(command));

  it("finds the TypeScript entry points of the README's commands", () => {
    const names = entries.map(([name]) => name);
    for (const name of ["start", "test", "seed", "db:migrate", "bench", "test:start"]) expect(names).toContain(name);
  });

  it.each(entries)("%s preloads the generator or compiles the catalogs before its entry", (_name, command) => {
    expect(command.includes(PRELOAD) || command.startsWith("npm run i18n:compile &&")).toBe(true);
  });

  it("the generator compiles missing catalogs before anything imports them", () => {
    const dir = mkdtempSync(join(tmpdir(), "comptoir-generated-"));
    try {
      for (const file of ["scripts/lib/generated.ts", "lingui.config.ts", "locales/en/messages.po", "locales/fr/messages.po"]) {
        mkdirSync(dirname(join(dir, file)), { recursive: true });
        copyFileSync(join(ROOT, file), join(dir, file));
      }
      symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
      const run = spawnSync(join(ROOT, "node_modules", ".bin", "tsx"), ["scripts/lib/generated.ts"], { cwd: dir, encoding: "utf8" });
      expect(run.status, run.stderr).toBe(0);
      for (const locale of ["en", "fr"]) {
        const compiled = join(dir, "locales", locale, "messages.ts");
        expect(existsSync(compiled)).toBe(true);
        expect(readFileSync(compiled, "utf8")).toContain("messages");
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
