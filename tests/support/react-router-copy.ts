import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { afterAll } from "vitest";

const require = createRequire(import.meta.url);

/**
 * React Router's production modules, and an empty folder for a copy of them under the project's
 * node_modules (so that the copy still finds react), removed after the file's tests: the build's
 * rewrites of React Router are tested on such a copy beside the originals.
 */
export function reactRouterCopy(name: string): { production: string; folder: string } {
  const production = join(dirname(require.resolve("react-router")), "..", "production");
  const cache = join(process.cwd(), "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const folder = mkdtempSync(join(cache, `react-router-${name}-`));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return { production, folder };
}
