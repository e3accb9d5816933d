import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? "");
}

describe("lint holds the architecture's boundaries", () => {
  it.each([
    ["app/routes/example.tsx", 'import { controlDb } from "../../db/client";\nexport const x = controlDb;\n'],
    ["app/routes/example.tsx", 'import { eq } from "drizzle-orm";\nexport const x = eq;\n'],
    ["worker/api/example.ts", 'import { eq } from "drizzle-orm";\nexport const x = eq;\n'],
    ["worker/domain/example.ts", 'import { Hono } from "hono";\nexport const x = Hono;\n'],
    ["worker/domain/example.ts", 'import { redirect } from "react-router";\nexport const x = redirect;\n'],
    ["worker/domain/example.ts", 'import { DurableObject } from "cloudflare:workers";\nexport const x = DurableObject;\n'],
  ])("refuses in %s: %s", async (file, code) => {
    expect(await ruleIds(file, code)).toContain("no-restricted-imports");
  });

  it.each([
    ["app/routes/example.tsx", "try {\n  f();\n} catch (error) {\n  if (isDomainError(error)) g();\n}\n"],
    ["worker/api/example.ts", "try {\n  f();\n} catch (error) {\n  if (error instanceof DomainError) g();\n}\n"],
  ])("refuses in %s a domain error mapped on the spot: %s", async (file, code) => {
    expect(
      await ruleIds(
        file,
        `declare const f: () => void, g: () => void, isDomainError: (e: unknown) => boolean;\ndeclare class DomainError {}\n${code}`,
      ),
    ).toContain("no-restricted-syntax");
  });

  it.each([
    ["app/routes/example.tsx", "export async function loader(rc: { tenant(): Promise<unknown> }) {\n  return rc.tenant();\n}\n"],
    ["app/routes/example.tsx", "export function loader(ctx: { db: unknown }) {\n  return ctx.db;\n}\n"],
    ["worker/api/example.ts", "export function handler(ctx: { db: unknown }) {\n  return ctx.db;\n}\n"],
  ])("refuses in %s the company's database outside a verb: %s", async (file, code) => {
    expect(await ruleIds(file, code)).toContain("no-restricted-syntax");
  });

  it("lets the domain use drizzle and the API call the domain", async () => {
    expect(await ruleIds("worker/domain/example.ts", 'import { eq } from "drizzle-orm";\nexport const x = eq;\n')).toEqual([]);
    expect(
      await ruleIds(
        "worker/api/example.ts",
        'import { DomainError } from "../domain/shared/domain-error";\nexport const x = DomainError;\n',
      ),
    ).toEqual([]);
  });
});

describe("the dependency check refuses cycles and upward imports", () => {
  // A small tree with one cycle and both forbidden directions, cruised with the project's rules.
  async function violations(): Promise<string[]> {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const { createRequire } = await import("node:module");
    const { cruise } = await import("dependency-cruiser");
    const config = createRequire(import.meta.url)("../../.dependency-cruiser.cjs");
    const dir = mkdtempSync(join(tmpdir(), "cruise-"));
    const files: Record<string, string> = {
      "worker/env.ts": 'import type { Job } from "./queues/jobs";\nexport type Env = { job: Job };\n',
      "worker/queues/jobs.ts": 'import type { Env } from "../env";\nexport type Job = { env?: Env };\n',
      "worker/guards.ts": 'import { x } from "../app/i18n";\nexport const y = x;\n',
      "app/i18n.ts": "export const x = 1;\n",
      "db/tenants.ts": 'import type { Env } from "../worker/env";\nexport type T = Env;\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, ".."), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const result = await cruise(["worker", "db", "app"], {
      baseDir: dir,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      tsPreCompilationDeps: true,
    });
    const output = result.output as { summary: { violations: { rule: { name: string } }[] } };
    return output.summary.violations.map((v) => v.rule.name).sort();
  }

  it("reports the cycle, the Worker importing the UI and db/ importing the Worker", async () => {
    expect(await violations()).toEqual(["db-not-worker", "no-cycle", "worker-not-app"]);
  });
});
