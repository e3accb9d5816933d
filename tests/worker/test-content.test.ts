import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema, tenantSchema, type TenantDb } from "../../db/client";
import { startTestContent, startTestContentRemoval, testContentState } from "../../worker/domain/onboarding/test-content";
import { createCustomer } from "../../worker/domain/contacts/create-customer";
import { createProduct } from "../../worker/domain/products/create-product";
import { createSalesOrder } from "../../worker/domain/sales/create-sales-order";
import { addUser, control, ctxOf, makeCompany } from "../support/factories";
import { runQueuedOperations } from "../support/outbox";

const t = tenantSchema;

async function operation(db: TenantDb, batchId: string) {
  const [row] = await db.select().from(t.backgroundOperations).where(eq(t.backgroundOperations.batchId, batchId));
  return row!;
}

async function rememberedCounts(db: TenantDb): Promise<Record<string, number>> {
  const rows = await db
    .select({ table: t.testContent.tableName, n: sql<number>`count(*)` })
    .from(t.testContent)
    .groupBy(t.testContent.tableName);
  return Object.fromEntries(rows.map((r) => [r.table, Number(r.n)]));
}

/** Every stock level equals the sum of its ledger rows, and no ledger row is left without its level. */
async function expectStockEqualsLedger(db: TenantDb) {
  const levels = await db
    .select({ variantId: t.stockLevels.variantId, locationId: t.stockLevels.locationId, onHand: t.stockLevels.onHand })
    .from(t.stockLevels);
  const ledger = await db
    .select({
      variantId: t.inventoryLogs.variantId,
      locationId: t.inventoryLogs.locationId,
      total: sql<number>`sum(${t.inventoryLogs.change})`,
    })
    .from(t.inventoryLogs)
    .groupBy(t.inventoryLogs.variantId, t.inventoryLogs.locationId);
  const byKey = new Map(ledger.map((l) => [`${l.variantId}:${l.locationId}`, Number(l.total)]));
  for (const level of levels) expect(byKey.get(`${level.variantId}:${level.locationId}`) ?? 0).toBe(level.onHand);
  for (const [key, total] of byKey) if (total !== 0) expect(levels.some((l) => `${l.variantId}:${l.locationId}` === key)).toBe(true);
}

async function generate(company: Awaited<ReturnType<typeof makeCompany>>, locale: "en" | "fr" = "en") {
  const ctx = await ctxOf(company, { locale });
  const started = await startTestContent(ctx);
  await runQueuedOperations(company);
  return { ctx, started, row: await operation(company.db, started.batch_id) };
}

async function statuses(db: TenantDb, type: string) {
  const ids = (
    await db.select({ id: t.testContent.recordId }).from(t.testContent).where(eq(t.testContent.tableName, "sales_documents"))
  ).map((r) => r.id);
  const rows = await db
    .select({ status: t.salesDocuments.status })
    .from(t.salesDocuments)
    .where(and(inArray(t.salesDocuments.id, ids), eq(t.salesDocuments.type, type as "invoice")));
  return rows.map((r) => r.status).sort();
}

describe("onboarding's generated test content", () => {
  it("generates a small business through the verbs: every record remembered, stock equal to its ledger, documents in each status", async () => {
    const company = await makeCompany();
    const { row } = await generate(company);
    expect(row.errors).toEqual([]);
    expect(row).toMatchObject({ status: "completed", progress: 100, type: "test_content" });
    expect(await rememberedCounts(company.db)).toEqual({
      attributes: 1,
      products: 10,
      services: 2,
      customers: 6,
      suppliers: 3,
      stock_documents: 2,
      sales_documents: 10,
      payments: 1,
      purchase_orders: 1,
    });
    await expectStockEqualsLedger(company.db);

    const kinds = await company.db.select({ kind: t.products.kind }).from(t.products);
    expect(new Set(kinds.map((k) => k.kind))).toEqual(new Set(["single", "variants", "kit"]));
    // Every product is shown in the B2B store.
    const hidden = await company.db.select({ id: t.products.id }).from(t.products).where(eq(t.products.b2bPublished, false));
    expect(hidden).toEqual([]);
    expect(await company.db.select({ id: t.packs.id }).from(t.packs)).toHaveLength(1);

    expect(await statuses(company.db, "estimate")).toEqual(["accepted", "pending", "pending"]);
    const orders = await statuses(company.db, "sales_order");
    expect(orders).toHaveLength(3);
    expect(orders.filter((s) => s === "pending")).toHaveLength(1);
    expect(orders.filter((s) => s === "in_progress")).toHaveLength(1);
    expect(orders.filter((s) => s.startsWith("completed"))).toHaveLength(1);
    expect(await statuses(company.db, "shipping_order")).toEqual(["shipped", "shipped"]);
    expect(await statuses(company.db, "invoice")).toEqual(["paid", "unpaid"]);
    const [purchase] = await company.db.select({ status: t.purchaseOrders.status }).from(t.purchaseOrders);
    expect(purchase!.status).toBe("in_progress");

    // Each invoice's totals are its lines' totals.
    const invoices = await company.db.select().from(t.salesDocuments).where(eq(t.salesDocuments.type, "invoice"));
    for (const invoice of invoices) {
      const [lines] = await company.db
        .select({
          excl: sql<number>`sum(${t.salesDocumentLines.totalExclTax})`,
          incl: sql<number>`sum(${t.salesDocumentLines.totalInclTax})`,
        })
        .from(t.salesDocumentLines)
        .where(and(eq(t.salesDocumentLines.documentId, invoice.id), isNull(t.salesDocumentLines.componentOfLid)));
      expect(Number(lines!.excl)).toBe(invoice.totalExclTax);
      expect(Number(lines!.incl)).toBe(invoice.total);
      expect(invoice.total).toBeGreaterThan(0);
    }
    const [paid] = await company.db.select({ n: sql<number>`count(*)` }).from(t.payments);
    expect(Number(paid!.n)).toBe(1);
  });

  it("speaks the company's language: French names when its first language is French", async () => {
    const company = await makeCompany();
    await company.db.update(t.companySettings).set({ languages: ["fr"] });
    await generate(company, "fr");
    const labels = (await company.db.select({ label: t.products.label }).from(t.products)).map((p) => p.label);
    expect(labels).toContain("Café en grains 1 kg");
    const customers = (await company.db.select({ label: t.customers.label }).from(t.customers)).map((c) => c.label);
    expect(customers).toContain("Café du Coin");
  });

  it("is generated once: a second start is refused while test content exists", async () => {
    const company = await makeCompany();
    const { ctx } = await generate(company);
    await expect(startTestContent(ctx)).rejects.toMatchObject({ code: "test_content_exists" });
    expect(await testContentState(ctx)).toMatchObject({ exists: true, running: null });
  });

  it("removes every generated record, keeps a product the user's own order holds, and leaves the user's order and another company untouched", async () => {
    const other = await makeCompany();
    const otherCtx = await ctxOf(other);
    const theirs = await createProduct(otherCtx, { label: "Their product", variants: [{ sku: `THEIRS-${Date.now()}` }] });

    const company = await makeCompany();
    const { ctx } = await generate(company);
    const [beans] = await company.db
      .select({ productId: t.variants.productId, variantId: t.variants.id })
      .from(t.variants)
      .where(sql`${t.variants.sku} like 'TC-BEANS-%'`);
    const [location] = await company.db.select({ id: t.locations.id }).from(t.locations).limit(1);
    const mine = await createCustomer(ctx, { label: "My own customer" });
    const order = await createSalesOrder(ctx, {
      customer_id: mine.id,
      location_id: location!.id,
      lines: [{ variant_id: beans!.variantId, quantity: "3" }],
    });

    // A store buyer given access for one generated customer: that customer stays.
    const [buyerOf] = await company.db.select({ id: t.customers.id }).from(t.customers).where(eq(t.customers.label, "Corner Café"));
    const buyer = await addUser(company.companyId);
    await control
      .update(controlSchema.memberships)
      .set({ customerId: String(buyerOf!.id) })
      .where(eq(controlSchema.memberships.userId, buyer.userId));

    const removal = await startTestContentRemoval(ctx, { acknowledged: ["irreversible"] });
    await runQueuedOperations(company);
    const done = await operation(company.db, removal.batch_id);
    expect(done).toMatchObject({ status: "completed", progress: 100 });
    expect(done.result).toMatchObject({
      kept: [
        { table: "products", id: beans!.productId },
        { table: "customers", id: buyerOf!.id, label: "Corner Café" },
      ],
    });
    expect(done.errors).toEqual([{ message: "test_content_kept", params: { count: 2 } }]);

    expect(await rememberedCounts(company.db)).toEqual({});
    const products = await company.db.select({ id: t.products.id }).from(t.products);
    expect(products.map((p) => p.id)).toEqual([beans!.productId]);
    expect(await company.db.select({ id: t.services.id }).from(t.services)).toEqual([]);
    expect((await company.db.select({ id: t.customers.id }).from(t.customers).orderBy(t.customers.id)).map((c) => c.id)).toEqual([
      buyerOf!.id,
      mine.id,
    ]);
    expect(await company.db.select({ id: t.suppliers.id }).from(t.suppliers)).toEqual([]);
    expect(await company.db.select({ id: t.purchaseOrders.id }).from(t.purchaseOrders)).toEqual([]);
    expect(await company.db.select({ id: t.payments.id }).from(t.payments)).toEqual([]);
    expect(await company.db.select({ id: t.attributes.id }).from(t.attributes)).toEqual([]);
    expect(await company.db.select({ id: t.stockDocuments.id }).from(t.stockDocuments)).toEqual([]);
    const documents = await company.db.select({ id: t.salesDocuments.id, status: t.salesDocuments.status }).from(t.salesDocuments);
    expect(documents).toEqual([{ id: order.id, status: order.status }]);
    const [line] = await company.db.select().from(t.salesDocumentLines).where(eq(t.salesDocumentLines.documentId, order.id));
    expect(line).toMatchObject({ variantId: beans!.variantId, quantity: 30_000_000 });
    await expectStockEqualsLedger(company.db);
    expect(await testContentState(ctx)).toMatchObject({ exists: false, count: 0 });

    // Run again: nothing left to do, nothing else touched.
    const again = await startTestContentRemoval(ctx, { acknowledged: ["irreversible"] });
    await runQueuedOperations(company);
    expect(await operation(company.db, again.batch_id)).toMatchObject({ status: "completed", result: { removed: 0, kept: [] } });
    expect((await company.db.select({ id: t.salesDocuments.id }).from(t.salesDocuments)).map((d) => d.id)).toEqual([order.id]);

    // The other company's data is untouched.
    const [still] = await other.db.select({ id: t.products.id }).from(t.products).where(eq(t.products.id, theirs.id));
    expect(still).toEqual({ id: theirs.id });
  });

  it("may be generated again once removed", async () => {
    const company = await makeCompany();
    const { ctx } = await generate(company);
    await startTestContentRemoval(ctx, { acknowledged: ["irreversible"] });
    await runQueuedOperations(company);
    const second = await startTestContent(ctx);
    await runQueuedOperations(company);
    expect(await operation(company.db, second.batch_id)).toMatchObject({ status: "completed" });
    expect((await rememberedCounts(company.db)).products).toBe(10);
  });

  it("asks that the removal be acknowledged as irreversible", async () => {
    const company = await makeCompany();
    const ctx = await ctxOf(company);
    await expect(startTestContentRemoval(ctx, { acknowledged: [] })).rejects.toMatchObject({ code: "acknowledgement_required" });
  });

  it("refuses a user who may not make the records it holds", async () => {
    const company = await makeCompany();
    const reader = await ctxOf(company, { permissions: ["view_products"] });
    await expect(startTestContent(reader)).rejects.toMatchObject({ code: "forbidden" });
    await expect(startTestContentRemoval(reader, { acknowledged: ["irreversible"] })).rejects.toMatchObject({ code: "forbidden" });
  });
});
