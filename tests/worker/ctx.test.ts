import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { buildContext } from "../../worker/context";
import { ctxFromCron, ctxFromDurableObject, ctxFromQueueMessage, ctxFromRequest } from "../../worker/ctx";
import { can, requirePermission } from "../../worker/domain/shared/ctx";
import { parseEnv, type Bindings } from "../../worker/env";
import { makeCompany } from "../support/factories";

const workerEnv = parseEnv(env as unknown as Bindings);
const executionCtx = { waitUntil: () => {} };

async function locationLabels(db: Awaited<ReturnType<typeof ctxFromCron>>["db"]) {
  return (await db.select({ label: tenantSchema.locations.label }).from(tenantSchema.locations)).map((l) => l.label);
}

describe("the Ctx every verb receives", () => {
  it("is built for a queue message and a cron trigger as the system, on the named company's own database", async () => {
    const company = await makeCompany({ locations: ["Queue depot"] });
    const other = await makeCompany({ locations: ["Elsewhere"] });
    for (const ctx of [
      await ctxFromQueueMessage(workerEnv, company.companyId, "comptoir-jobs"),
      await ctxFromCron(workerEnv, company.companyId, "* * * * *"),
    ]) {
      expect(ctx.actor).toMatchObject({ kind: "system", company: { id: company.companyId } });
      expect(await locationLabels(ctx.db)).toEqual(["Queue depot"]);
      expect(can(ctx, { allOf: ["edit_stock_entries", "settings"] })).toBe(true);
      expect(ctx.newId()).not.toBe(ctx.newId());
      expect(Math.abs(ctx.now() - Date.now())).toBeLessThan(60_000);
    }
    expect((await ctxFromQueueMessage(workerEnv, company.companyId, "comptoir-jobs")).actor).toMatchObject({
      source: "queue:comptoir-jobs",
    });
    expect(await locationLabels((await ctxFromCron(workerEnv, other.companyId, "* * * * *")).db)).toEqual(["Elsewhere"]);
  });

  it("refuses a queue message naming a company that does not exist", async () => {
    await expect(ctxFromQueueMessage(workerEnv, "01nosuchcompany000000000000", "comptoir-jobs")).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("is built for a request only once someone is signed in, with that actor's permissions", async () => {
    const company = await makeCompany({ locations: ["Request depot"] });
    const rc = buildContext(workerEnv, executionCtx, "fr");
    await expect(ctxFromRequest(rc)).rejects.toMatchObject({ code: "unauthenticated" });
    rc.actor = { kind: "api_token", tokenId: "t", creatorId: "u", company: company.company as never, permissions: ["view_products"] };
    const ctx = await ctxFromRequest(rc);
    expect(ctx.locale).toBe("fr");
    expect(await locationLabels(ctx.db)).toEqual(["Request depot"]);
    expect(can(ctx, { allOf: ["view_products"] })).toBe(true);
    expect(() => requirePermission(ctx, { allOf: ["edit_products"] })).toThrow(expect.objectContaining({ code: "forbidden" }));
  });

  it("is built for a Durable Object acting for its caller", async () => {
    const company = await makeCompany({ locations: ["Cart depot"] });
    const actor = { kind: "api_token" as const, tokenId: "t", creatorId: "u", company: company.company as never, permissions: [] };
    const ctx = await ctxFromDurableObject(workerEnv, actor, "fr");
    expect(ctx.actor).toBe(actor);
    expect(await locationLabels(ctx.db)).toEqual(["Cart depot"]);
    expect(can(ctx, { allOf: ["view_products"] })).toBe(false);
  });
});
