import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema, tenantSchema } from "../../db/client";
import { DEMO_BUYER_EMAIL, DEMO_EMAIL } from "../../scripts/lib/config";
import { companyDb, control, signedIn } from "../support/e2e-factories";
import { fetchApp } from "../support/e2e-fetch-app";

// The stack of the browser tests is seeded with the small demo company, as `npm start` seeds it.
async function demoDb() {
  const [user] = await control.select().from(controlSchema.users).where(eq(controlSchema.users.email, DEMO_EMAIL));
  return companyDb(user!.currentCompanyId!);
}

describe("the demo company", () => {
  it("holds stock in two locations whose every level equals the sum of its ledger", async () => {
    const db = await demoDb();
    const [counts] = await db.all<{ levels: number; drifting: number; locations: number }>(sql`
      select count(*) as levels,
        sum(case when s.on_hand <> coalesce((select sum(change) from inventory_logs l where l.variant_id = s.variant_id and l.location_id = s.location_id), 0) then 1 else 0 end) as drifting,
        count(distinct s.location_id) as locations
      from stock_levels s`);
    expect(Number(counts!.levels)).toBeGreaterThan(200);
    expect(Number(counts!.drifting)).toBe(0);
    expect(Number(counts!.locations)).toBe(2);
  });

  it("has customers with addresses and terms, suppliers, employees and batches of which one has expired", async () => {
    const db = await demoDb();
    const t = tenantSchema;
    const [customer] = await db.select().from(t.customers).where(eq(t.customers.label, "Épicerie des Halles"));
    expect(customer).toMatchObject({ paymentTermsType: "net", paymentTermsDays: 30, creditLimit: 150_000_000 });
    expect(await db.select().from(t.customerAddresses).where(eq(t.customerAddresses.customerId, customer!.id))).toHaveLength(2);
    expect((await db.select().from(t.customers)).length).toBe(40);
    expect((await db.select().from(t.suppliers)).length).toBe(3);
    expect((await db.select().from(t.employees)).length).toBe(3);
    const today = new Date().toISOString().slice(0, 10);
    const batches = await db.select().from(t.batches);
    expect(batches.filter((b) => b.expirationDate !== null && b.expirationDate < today).map((b) => b.number)).toEqual(["MC-2025-06"]);
  });

  it("has sales: an estimate awaiting its answer, an order made from an accepted estimate and paid, an order shipped through the ledger, delivered and half paid with a unit returned and credited, an overdue invoice and a draft", async () => {
    const db = await demoDb();
    const t = tenantSchema;
    const docs = await db
      .select({
        id: t.salesDocuments.id,
        type: t.salesDocuments.type,
        status: t.salesDocuments.status,
        payment: t.salesDocuments.paymentStatus,
        from: t.salesDocuments.createdFromId,
        due: t.salesDocuments.dueDate,
        paid: t.salesDocuments.amountPaid,
        total: t.salesDocuments.total,
      })
      .from(t.salesDocuments)
      .orderBy(t.salesDocuments.id);
    expect(docs.map((d) => [d.type, d.status])).toEqual([
      ["estimate", "pending"],
      ["estimate", "accepted_and_transformed"],
      ["sales_order", "pending"],
      ["sales_order", "in_progress"],
      ["shipping_order", "delivered"],
      ["invoice", "partially_paid"],
      ["product_return", "reverted"],
      ["credit_note", "credited"],
      ["invoice", "paid"],
      ["invoice", "unpaid"],
      ["invoice", "draft"],
    ]);
    expect(docs[2]!.from).toBe(docs[1]!.id);
    // The orders' payment statuses follow their invoices: the transformed one paid, the shipped one half paid.
    expect([docs[2]!.payment, docs[3]!.payment]).toEqual(["paid", "partially_paid"]);
    const shipment = docs[4]!;
    const [shipped] = await db.all<{ change: number }>(
      sql`select sum(change) as change from inventory_logs where document_type = 'shipping_order' and document_id = ${shipment.id}`,
    );
    expect(Number(shipped!.change)).toBe(-5 * 10_000_000);
    // Each invoice's money is its payments; the unpaid one is past its due date.
    const payments = await db.all<{ invoice_id: number; amount: number }>(
      sql`select invoice_id, sum(amount) as amount from payments group by invoice_id order by invoice_id`,
    );
    expect(payments.map((p) => [p.invoice_id, Number(p.amount)])).toEqual(
      docs.filter((d) => d.type === "invoice" && d.paid > 0).map((d) => [d.id, d.paid]),
    );
    expect(docs[8]!.paid).toBe(docs[8]!.total);
    expect(docs[9]!.due! < new Date().toISOString().slice(0, 10)).toBe(true);
    // One unit of the half-paid invoice came back into stock, and its credit note was taken off what is left to pay.
    const [returned] = await db.all<{ change: number }>(
      sql`select sum(change) as change from inventory_logs where document_type = 'product_return' and document_id = ${docs[6]!.id}`,
    );
    expect(Number(returned!.change)).toBe(10_000_000);
    const [credit] = await db.all<{ invoice_id: number; amount: number }>(sql`select invoice_id, amount from invoice_credits`);
    expect([credit!.invoice_id, Number(credit!.amount)]).toEqual([docs[5]!.id, docs[7]!.total]);
  });

  it("has a store: its active products published, and a buyer of Épicerie des Halles who sees them at their prices", async () => {
    const db = await demoDb();
    const t = tenantSchema;
    const [published] = await db
      .select({ n: sql<number>`count(*)` })
      .from(t.variants)
      .where(eq(t.variants.b2bPublished, true));
    expect(Number(published!.n)).toBeGreaterThan(20);
    const [buyer] = await control.select().from(controlSchema.users).where(eq(controlSchema.users.email, DEMO_BUYER_EMAIL));
    const [membership] = await control.select().from(controlSchema.memberships).where(eq(controlSchema.memberships.userId, buyer!.id));
    const [customer] = await db
      .select()
      .from(t.customers)
      .where(eq(t.customers.id, Number(membership!.customerId)));
    expect(customer!.label).toBe("Épicerie des Halles");
    const store = await fetchApp("/b2b", { cookie: (await signedIn(buyer!.id)).cookie });
    expect(store.status).toBe(200);
    const html = await store.text();
    expect(html.match(/data-testid="store-product"/g)?.length).toBe(28);
    expect(html).toContain("Cart (0)");
  });
});
