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
