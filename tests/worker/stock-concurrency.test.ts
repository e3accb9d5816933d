import { createClient } from "@libsql/client/web";
import { and, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql/web";
import { describe, expect, it } from "vitest";
import { tenantSchema, type TenantDb } from "../../db/client";
import { makeCtx } from "../../worker/domain/shared/ctx";
import { createStockDocument } from "../../worker/domain/stock/create-stock-document";
import { DomainError } from "../../worker/domain/shared/domain-error";
import { ctxOf, makeCompany, provisioner } from "../support/factories";
import { firstLocation, makeVariant } from "../support/isolation/stock";
import { fetchApp } from "../support/fetch-app";

const t = tenantSchema;
const CALLS = 200;
const STOCK = 50;

/**
 * Starts every task before any can finish (all requests are sent together). Whether they overlap in
 * the Worker is not claimed here: the assertions hold stock and ledger to the one correct outcome.
 */
function together<T>(count: number, task: (i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => task(i)));
}

async function stockedWorld() {
  const company = await makeCompany();
  const db = company.db;
  await db.update(t.companySettings).set({ preventNegativeInventory: true });
  const location = await firstLocation(db);
  const variant = await makeVariant(db);
  const entry = await fetchApp("/api/v1/stock-entries", {
    method: "POST",
    token: company.token,
    json: { location_id: location, lines: [{ variant_id: variant.id, quantity: STOCK }] },
  });
  expect(entry.status).toBe(201);
  return { company, db, location, variant };
}

async function assertLedger(db: TenantDb, variantId: number, locationId: number) {
  const [level] = await db
    .select({ onHand: t.stockLevels.onHand })
    .from(t.stockLevels)
    .where(and(eq(t.stockLevels.variantId, variantId), eq(t.stockLevels.locationId, locationId)));
  const [ledger] = await db.all<{ sum: number; rows: number }>(
    sql`select coalesce(sum(change), 0) as sum, count(*) as rows from inventory_logs where variant_id = ${variantId} and location_id = ${locationId}`,
  );
  const [negative] = await db.all<{ n: number }>(sql`select count(*) as n from stock_levels where on_hand < 0`);
  expect(level!.onHand).toBe(0);
  expect(Number(ledger!.sum)).toBe(level!.onHand);
  // One entry row and one row per successful removal.
  expect(Number(ledger!.rows)).toBe(1 + STOCK);
  expect(Number(negative!.n)).toBe(0);
  const [documents] = await db.all<{ n: number }>(sql`select count(*) as n from stock_documents where type = 'removal'`);
  expect(Number(documents!.n)).toBe(STOCK);
}

describe("concurrent stock removals", () => {
  it(`through the Worker: ${CALLS} removals of one unit at once, ${STOCK} in stock, take exactly ${STOCK} units`, async () => {
    const { company, db, location, variant } = await stockedWorld();
    const started = Date.now();
    const results = await together(CALLS, async () => {
      const response = await fetchApp("/api/v1/stock-removals", {
        method: "POST",
        token: company.token,
        json: { location_id: location, lines: [{ variant_id: variant.id, quantity: "1" }] },
      });
      return {
        status: response.status,
        body: (await response.json()) as { error?: { code: string; fields?: Record<string, { code: string }> } },
      };
    });
    const elapsed = Date.now() - started;
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 422);
    expect(ok).toHaveLength(STOCK);
    expect(refused).toHaveLength(CALLS - STOCK);
    for (const r of refused) {
      expect(r.body.error?.code).toBe("insufficient_stock");
      expect(r.body.error?.fields?.["lines.0.quantity"]?.code).toBe("insufficient_stock");
    }
    await assertLedger(db, variant.id, location);
    console.info(`worker: ${CALLS} removals sent together, ${elapsed} ms`);
  });

  it(`through the domain verb on ${CALLS} separate database clients at once, the same holds`, async () => {
    const { company, location, variant, db } = await stockedWorld();
    const address = provisioner.address(company.company.databaseUrl);
    const { actor, control, locale } = await ctxOf(company);
    const started = Date.now();
    const results = await together(CALLS, async () => {
      const own = drizzle(createClient({ url: address.url, authToken: address.authToken, intMode: "number" }), {
        schema: tenantSchema,
      }) as unknown as TenantDb;
      try {
        const ctx = makeCtx({ db: own, control, actor, locale });
        await createStockDocument(ctx, { kind: "removal", location_id: location, lines: [{ variant_id: variant.id, quantity: "1" }] });
        return "ok";
      } catch (error) {
        if (error instanceof DomainError) return error.code;
        throw error;
      } finally {
        own.$client.close();
      }
    });
    const elapsed = Date.now() - started;
    expect(results.filter((r) => r === "ok")).toHaveLength(STOCK);
    expect(results.filter((r) => r === "insufficient_stock")).toHaveLength(CALLS - STOCK);
    await assertLedger(db, variant.id, location);
    console.info(`domain verb: ${CALLS} removals on separate clients, ${elapsed} ms`);
  });
});
