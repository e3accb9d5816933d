import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { ctxFromCron } from "../../worker/ctx";
import type { Ctx } from "../../worker/domain/shared/ctx";
import { billDueSubscriptions, billingBackoff, SUBSCRIPTION_INVOICES_PER_RUN } from "../../worker/domain/subscriptions/bill-subscriptions";
import { parseEnv, type Bindings } from "../../worker/env";
import { billSubscriptions } from "../../worker/subscription-billing";
import { api, pricedVariant, salesWorld } from "./sales-fixtures";

const t = tenantSchema;
const workerEnv = parseEnv(env as unknown as Bindings);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function world() {
  const w = await salesWorld();
  const box = await pricedVariant(w.db, w.level, "30");
  return { ...w, box };
}
type World = Awaited<ReturnType<typeof world>>;

const subscribe = (w: World) =>
  api(w.token, "POST", "/subscriptions", {
    customer_id: w.customer.id,
    location_id: w.location,
    lines: [{ variant_id: w.box.id, quantity: "2", price: "25" }],
  });

/** The company's cron at a fixed instant. */
async function cronAt(w: World, at: number): Promise<Ctx> {
  const ctx = await ctxFromCron(workerEnv, w.company.companyId, "* * * * *");
  return { ...ctx, now: () => at };
}

/** A subscription whose invoice cannot be made: its line's quantity stored past the bounds, which the pricing refuses. */
async function failing(w: World): Promise<number> {
  const created = await subscribe(w);
  expect(created.status).toBe(201);
  await w.db.run(sql`update sales_document_lines set quantity = 9000000000000000 where document_id = ${created.body.id}`);
  return created.body.id;
}

const invoiceCount = async (w: World, subscriptionId: number) =>
  (await w.db.select({ id: t.salesDocuments.id }).from(t.salesDocuments).where(eq(t.salesDocuments.createdFromId, subscriptionId))).length;

describe("subscriptions whose billing fails", () => {
  it("wait 1 h, then twice as long each time, at most a day", () => {
    expect([1, 2, 3, 4, 5, 6, 20].map((n) => billingBackoff(n) / HOUR)).toEqual([1, 2, 4, 8, 16, 24, 24]);
  });

  it(
    "keep their error, wait their backoff while the ones after them are billed, and bill again once fixed",
    { timeout: 120_000 },
    async () => {
      const w = await world();
      const bad = await failing(w);
      const healthy: number[] = [];
      for (let i = 0; i < 30; i++) healthy.push((await subscribe(w)).body.id);
      const start = Date.now();

      // First in the queue, it fails once; the run goes on with the next ones, up to its bound.
      const first = await billDueSubscriptions(await cronAt(w, start));
      expect(first).toEqual({ billed: SUBSCRIPTION_INVOICES_PER_RUN - 1, skipped: 0, failed: 1 });
      const page = (await api(w.token, "GET", `/subscriptions/${bad}`)).body;
      expect(page.billing_failure).toMatchObject({ failed_at: start, failures: 1, retry_at: start + HOUR });
      expect(page.billing_failure.error.code).toBe("validation_failed");
      expect(Object.keys(page.billing_failure.error.fields)).toEqual([expect.stringMatching(/^lines\.0\./)]);
      expect(page.renewal_date).not.toBeNull();
      // The list says which ones failed.
      const listed = (await api(w.token, "GET", "/subscriptions?page_size=-1")).body.items as { id: number; billing_failure: unknown }[];
      expect(listed.filter((s) => s.billing_failure !== null).map((s) => s.id)).toEqual([bad]);

      // The next minute's run does not try it again: it bills the rest.
      expect(await billDueSubscriptions(await cronAt(w, start + MINUTE))).toEqual({
        billed: 30 - (SUBSCRIPTION_INVOICES_PER_RUN - 1),
        skipped: 0,
        failed: 0,
      });
      for (const id of healthy) expect(await invoiceCount(w, id)).toBe(1);
      expect(await billDueSubscriptions(await cronAt(w, start + HOUR - 1))).toEqual({ billed: 0, skipped: 0, failed: 0 });

      // After its hour it is tried again, fails again, and waits two hours.
      expect(await billDueSubscriptions(await cronAt(w, start + HOUR))).toEqual({ billed: 0, skipped: 0, failed: 1 });
      expect((await api(w.token, "GET", `/subscriptions/${bad}`)).body.billing_failure).toMatchObject({
        failed_at: start + HOUR,
        failures: 2,
        retry_at: start + 3 * HOUR,
      });
      expect(await billDueSubscriptions(await cronAt(w, start + 2 * HOUR))).toEqual({ billed: 0, skipped: 0, failed: 0 });

      // The merchant fixes its lines: the failure shows until the next run, which bills it at once and clears it.
      const fixed = await api(w.token, "PATCH", `/subscriptions/${bad}`, { lines: [{ variant_id: w.box.id, quantity: "1", price: "25" }] });
      expect(fixed.status).toBe(200);
      expect(fixed.body.billing_failure).toMatchObject({ failures: 2, retry_at: null });
      expect(await billDueSubscriptions(await cronAt(w, start + 2 * HOUR + MINUTE))).toEqual({ billed: 1, skipped: 0, failed: 0 });
      expect(await invoiceCount(w, bad)).toBe(1);
      expect((await api(w.token, "GET", `/subscriptions/${bad}`)).body).toMatchObject({ billing_failure: null, cycles_billed: 1 });
    },
  );

  it("one company's billing that throws never stops the others'", { timeout: 120_000 }, async () => {
    const broken = await world();
    const other = await world();
    const ours = await subscribe(broken);
    const theirs = await subscribe(other);
    // The first company's database no longer answers the cron's read: its whole run throws.
    await broken.db.run(sql`alter table sales_documents rename to sales_documents_away`);
    try {
      const runs = await billSubscriptions(workerEnv, "* * * * *");
      expect(runs.get(broken.company.companyId)).toBeInstanceOf(Error);
      expect(runs.get(other.company.companyId)).toMatchObject({ billed: 1, failed: 0 });
      expect(await invoiceCount(other, theirs.body.id)).toBe(1);
    } finally {
      await broken.db.run(sql`alter table sales_documents_away rename to sales_documents`);
    }
    expect(await invoiceCount(broken, ours.body.id)).toBe(0);
  });
});
