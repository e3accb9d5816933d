import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./config";

/**
 * Local secrets live in .dev.vars (never committed). They are made once, so sessions and
 * password hashes stay valid across restarts.
 */
export function ensureDevVars(path = join(ROOT, ".dev.vars")): Record<string, string> {
  const vars: Record<string, string> = {};
  if (existsSync(path))
    for (const line of readFileSync(path, "utf8").split("\n")) {
      const m = line.match(/^([A-Z0-9_]+)=(.*)$/);
      if (m) vars[m[1]!] = m[2]!.replace(/^"|"$/g, "");
    }
  let changed = false;
  for (const key of ["SESSION_SECRET", "PASSWORD_PEPPER"]) {
    if (!vars[key]) {
      vars[key] = randomBytes(32).toString("hex");
      changed = true;
    }
  }
  if (changed)
    writeFileSync(
      path,
      Object.entries(vars)
        .map(([k, v]) => `${k}=${v}`)
        .join("\n") + "\n",
      { mode: 0o600 },
    );
  return vars;
}
