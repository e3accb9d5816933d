import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema, type TenantDb } from "../../db/client";
import { ctxFromCron } from "../../worker/ctx";
import type { Ctx } from "../../worker/domain/shared/ctx";
import { todayIn } from "../../worker/domain/stock/common";
import { billDueSubscriptions } from "../../worker/domain/subscriptions/bill-subscriptions";
import { addMonths, cycleDate, endDate, firstCycleDate } from "../../worker/domain/subscriptions/renewal";
import { parseEnv, type Bindings } from "../../worker/env";
import worker from "../../worker/index";
import { invoiceDetailView } from "../../worker/domain/invoices/invoice-pages";
import { searchEverything } from "../../worker/domain/search/search-everything";
import { ctxOf } from "../support/factories";
import { api, fieldCodes, pricedVariant, salesWorld, type SalesWorld } from "./sales-fixtures";

const t = tenantSchema;
const workerEnv = parseEnv(env as unknown as Bindings);
const DAY = 86_400_000;
const today = () => todayIn("UTC");

async function world() {
  const w = await salesWorld();
  const box = await pricedVariant(w.db, w.level, "30");
  return { ...w, box };
}
type World = Awaited<ReturnType<typeof world>>;

const subscribe = (w: SalesWorld & { box: { id: number } }, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  api(
    w.token,
    "POST",
    "/subscriptions",
    { customer_id: w.customer.id, location_id: w.location, lines: [{ variant_id: w.box.id, quantity: "2", price: "25" }], ...body },
    headers,
  );

/** The invoices a subscription made, by cycle. */
async function invoicesOf(db: TenantDb, subscriptionId: number) {
  return db
    .select({
      id: t.salesDocuments.id,
      cycle: t.salesDocuments.subscriptionCycle,
      status: t.salesDocuments.status,
      date: t.salesDocuments.date,
      total: t.salesDocuments.total,
      number: t.salesDocuments.number,
    })
    .from(t.salesDocuments)
    .where(and(eq(t.salesDocuments.type, "invoice"), eq(t.salesDocuments.createdFromId, subscriptionId)))
    .orderBy(t.salesDocuments.id);
}

/** The ctx of the company's cron, its clock moved on by `days`. */
async function cronAt(w: World, days = 0): Promise<Ctx> {
  const ctx = await ctxFromCron(workerEnv, w.company.companyId, "* * * * *");
  const at = Date.now() + days * DAY;
  return { ...ctx, now: () => at };
}

describe("subscriptions: renewal dates", () => {
  it("keep the first cycle's day of the month, taking a shorter month's last day without drifting", () => {
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2027-11-30", 3)).toBe("2028-02-29");
    expect(addMonths("2027-12-15", 1)).toBe("2028-01-15");
    // Counted from the first cycle, not from the one before: 31 January, 28 February, 31 March.
    expect([1, 2, 3, 4].map((n) => cycleDate("2027-01-31", n, 1, "specific_day"))).toEqual([
      "2027-01-31",
      "2027-02-28",
      "2027-03-31",
      "2027-04-30",
    ]);
    expect([1, 2, 3].map((n) => cycleDate("2027-02-28", n, 1, "last_day_of_month"))).toEqual(["2027-02-28", "2027-03-31", "2027-04-30"]);
    expect([1, 2, 3].map((n) => cycleDate("2027-01-31", n, 3, "specific_day"))).toEqual(["2027-01-31", "2027-04-30", "2027-07-31"]);
    expect(endDate("2027-01-31", 12, 1, "specific_day")).toBe("2027-12-31");
    expect(endDate("2027-01-31", null, 1, "specific_day")).toBeNull();
  });

  it("start today, on the next first of a month (today when it is the 1st), or on this month's last day", () => {
    expect(firstCycleDate("immediately", "2027-03-14", null)).toBe("2027-03-14");
    expect(firstCycleDate("first_day_of_month", "2027-03-14", null)).toBe("2027-04-01");
    expect(firstCycleDate("first_day_of_month", "2027-12-14", null)).toBe("2028-01-01");
    expect(firstCycleDate("first_day_of_month", "2027-03-01", null)).toBe("2027-03-01");
    expect(firstCycleDate("last_day_of_month", "2028-02-03", null)).toBe("2028-02-29");
    expect(firstCycleDate("specific_day", "2027-03-14", "2027-05-02")).toBe("2027-05-02");
  });
});

describe("subscriptions: create and update", () => {
  it("refuses bad terms naming their field, a specific day in the past among them, in English and French", async () => {
    const w = await world();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ billing_cycle: 0 }, { billing_cycle: "too_small" }],
      [{ billing_cycle: 121 }, { billing_cycle: "too_large" }],
      [{ billing_cycle: 1.5 }, { billing_cycle: "invalid_number" }],
      [{ cycle_limit: "many" }, { cycle_limit: "invalid_number" }],
      [{ first_billing: "weekly" }, { first_billing: "invalid" }],
      [{ first_billing: "specific_day" }, { specific_day: "required" }],
      [{ first_billing: "specific_day", specific_day: "2020-01-01" }, { specific_day: "subscription_day_past" }],
      [{ customer_id: null }, { customer_id: "required" }],
    ];
    for (const [body, codes] of cases) {
      const answer = await subscribe(w, body);
      expect([answer.status, fieldCodes(answer)], JSON.stringify(body)).toEqual([422, codes]);
    }
    const past = { first_billing: "specific_day", specific_day: "2020-01-01" };
    const en = await subscribe(w, past);
    expect(en.body.error.fields.specific_day.message).toBe(`The first invoice's day is today or later (today: ${today()})`);
    const fr = await subscribe(w, past, { "accept-language": "fr" });
    expect(fr.body.error.fields.specific_day.message).toBe(
      `Le jour de la première facture est aujourd'hui ou plus tard (aujourd'hui : ${today()})`,
    );
    expect((await api(w.token, "GET", "/subscriptions")).body.items).toEqual([]);
  });

  it("creates an active subscription priced like an estimate, numbered ABO-, with its renewal and end dates", async () => {
    const w = await world();
    const day = addMonths(today(), 1);
    const created = await subscribe(w, {
      billing_cycle: "3",
      cycle_limit: 4,
      first_billing: "specific_day",
      specific_day: day,
      shipping_cost: "5",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: "subscription",
      number: "ABO-000001",
      status: "active",
      billing_cycle: 3,
      cycle_limit: 4,
      first_billing: "specific_day",
      specific_day: day,
      first_billing_date: day,
      renewal_date: day,
      end_date: addMonths(day, 9),
      cycles_billed: 0,
      total: "55.00",
    });
    const never = await subscribe(w, { first_billing: "last_day_of_month" });
    expect(never.body).toMatchObject({ billing_cycle: 1, cycle_limit: null, end_date: null, specific_day: null });
    expect(never.body.renewal_date).toBe(addMonths(today(), 0, true));
    const listed = await api(w.token, "GET", `/subscriptions?status=active&sort=renewal_date&search=ABO-000001`);
    expect(listed.body.items.map((s: { id: number }) => s.id)).toEqual([created.body.id]);
    const got = await api(w.token, "GET", `/subscriptions/${created.body.id}`);
    expect(got.body.lines.map((l: { quantity: string; price: string }) => [l.quantity, l.price])).toEqual([["2.0000000", "25.0000"]]);
    // An estimate's id is not a subscription.
    const estimate = await api(w.token, "POST", "/estimates", { customer_id: w.customer.id, location_id: w.location });
    expect((await api(w.token, "GET", `/subscriptions/${estimate.body.id}`)).status).toBe(404);
  });

  it("counts its days in the company's time zone", async () => {
    const w = await world();
    // UTC+14: its calendar is a day ahead of UTC's for most of the day.
    expect((await api(w.token, "PATCH", "/company-settings", { timezone: "Pacific/Kiritimati" })).status).toBe(200);
    const theirToday = todayIn("Pacific/Kiritimati");
    const created = await subscribe(w);
    expect(created.body).toMatchObject({ renewal_date: theirToday, first_billing_date: theirToday });
    // Their today is never refused as a specific day in the past.
    expect((await subscribe(w, { first_billing: "specific_day", specific_day: theirToday })).status).toBe(201);
    await billDueSubscriptions(await cronAt(w));
    expect((await invoicesOf(w.db, created.body.id)).map((i) => i.date)).toEqual([theirToday]);
  });

  it("an update moves the dates with the terms; once billed, the first billing stays and the limit stays above the cycles billed", async () => {
    const w = await world();
    const created = await subscribe(w, { cycle_limit: 6 });
    const yearly = await api(w.token, "PATCH", `/subscriptions/${created.body.id}`, { billing_cycle: 12, cycle_limit: 2 });
    expect(yearly.status).toBe(200);
    expect(yearly.body).toMatchObject({ billing_cycle: 12, renewal_date: today(), end_date: addMonths(today(), 12) });
    expect((await billDueSubscriptions(await cronAt(w))).billed).toBe(1);
    const moved = await api(w.token, "PATCH", `/subscriptions/${created.body.id}`, {
      first_billing: "specific_day",
      specific_day: addMonths(today(), 1),
    });
    expect([moved.status, fieldCodes(moved)]).toEqual([422, { specific_day: "subscription_already_billed" }]);
    const lower = await api(w.token, "PATCH", `/subscriptions/${created.body.id}`, { cycle_limit: 1 });
    expect([lower.status, fieldCodes(lower)]).toEqual([422, { cycle_limit: "cycle_limit_below_billed" }]);
    const monthly = await api(w.token, "PATCH", `/subscriptions/${created.body.id}`, { billing_cycle: 1, notes: "Monthly now" });
    expect(monthly.body).toMatchObject({ cycles_billed: 1, renewal_date: addMonths(today(), 1), end_date: addMonths(today(), 1) });
  });
});

describe("subscriptions: the cron", () => {
  it("fired twice at once makes one invoice per cycle, at the subscription's prices, and moves the renewal on", async () => {
    const w = await world();
    const created = await subscribe(w, { cycle_limit: 3 });
    const ctx = await cronAt(w);
    const runs = await Promise.all([billDueSubscriptions(ctx), billDueSubscriptions(await cronAt(w))]);
    expect(runs.reduce((n, r) => n + r.billed, 0)).toBe(1);
    expect(runs.reduce((n, r) => n + r.failed, 0)).toBe(0);
    const invoices = await invoicesOf(w.db, created.body.id);
    expect(invoices.map((i) => [i.cycle, i.status, i.date, i.total])).toEqual([[1, "draft", today(), 500_000]]);
    const after = await api(w.token, "GET", `/subscriptions/${created.body.id}`);
    expect(after.body).toMatchObject({ cycles_billed: 1, renewal_date: addMonths(today(), 1), status: "active" });
    const invoice = await api(w.token, "GET", `/invoices/${invoices[0]!.id}`);
    expect(invoice.body.lines.map((l: { quantity: string; price: string }) => [l.quantity, l.price])).toEqual([["2.0000000", "25.0000"]]);
    expect(invoice.body.created_from_id).toBe(created.body.id);
    // Nothing more is due today, however often the cron runs.
    expect((await billDueSubscriptions(ctx)).billed).toBe(0);
    expect(await invoicesOf(w.db, created.body.id)).toHaveLength(1);
  });

  it("the unique index refuses a second invoice of one cycle even when the subscription's claim would not", async () => {
    const w = await world();
    const created = await subscribe(w);
    await billDueSubscriptions(await cronAt(w));
    // The subscription put back as if its cycle were not billed: only the index stands in the way.
    await w.db.update(t.salesDocuments).set({ cyclesBilled: 0, renewalDate: today() }).where(eq(t.salesDocuments.id, created.body.id));
    const again = await billDueSubscriptions(await cronAt(w));
    expect(again).toEqual({ billed: 0, skipped: 1, failed: 0 });
    expect((await invoicesOf(w.db, created.body.id)).map((i) => i.cycle)).toEqual([1]);
  });

  it("the scheduled handler fired twice at once bills the company's due cycle once", { timeout: 60_000 }, async () => {
    const w = await world();
    const created = await subscribe(w);
    const fire = async () => {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ cron: "* * * * *" }), env as unknown as Bindings, ctx);
      await waitOnExecutionContext(ctx);
    };
    await Promise.all([fire(), fire()]);
    expect((await invoicesOf(w.db, created.body.id)).map((i) => i.cycle)).toEqual([1]);
  });

  it("bills a finalised invoice when the company does not use drafts, and completes after the cycle limit", async () => {
    const w = await world();
    expect((await api(w.token, "PATCH", "/company-settings", { use_invoice_draft: false })).status).toBe(200);
    const created = await subscribe(w, { cycle_limit: 2 });
    expect((await billDueSubscriptions(await cronAt(w))).billed).toBe(1);
    // Before the next cycle's day nothing is billed; on it, the last cycle completes the subscription.
    expect((await billDueSubscriptions(await cronAt(w, 20))).billed).toBe(0);
    expect((await billDueSubscriptions(await cronAt(w, 32))).billed).toBe(1);
    expect((await billDueSubscriptions(await cronAt(w, 70))).billed).toBe(0);
    const invoices = await invoicesOf(w.db, created.body.id);
    expect(invoices.map((i) => [i.cycle, i.status, i.date])).toEqual([
      [1, "unpaid", today()],
      [2, "unpaid", addMonths(today(), 1)],
    ]);
    expect(invoices.every((i) => i.number?.startsWith("FAC-"))).toBe(true);
    const done = await api(w.token, "GET", `/subscriptions/${created.body.id}`);
    expect(done.body).toMatchObject({ status: "completed", cycles_billed: 2, renewal_date: null, end_date: addMonths(today(), 1) });
    const closed = await api(w.token, "PATCH", `/subscriptions/${created.body.id}`, { notes: "late" });
    expect([closed.status, closed.body.error.code]).toEqual([409, "status_move_not_allowed"]);
  });

  it("bills at most its bound per company and run; the next run takes up the rest", async () => {
    const w = await world();
    for (let i = 0; i < 3; i++) expect((await subscribe(w)).status).toBe(201);
    expect(await billDueSubscriptions(await cronAt(w), { limit: 2 })).toEqual({ billed: 2, skipped: 0, failed: 0 });
    expect(await billDueSubscriptions(await cronAt(w), { limit: 2 })).toEqual({ billed: 1, skipped: 0, failed: 0 });
  });

  it("one company's run never bills another company's subscriptions", async () => {
    const a = await world();
    const b = await world();
    const ours = await subscribe(a);
    const theirs = await subscribe(b);
    expect((await billDueSubscriptions(await cronAt(a))).billed).toBe(1);
    expect(await invoicesOf(a.db, ours.body.id)).toHaveLength(1);
    expect(await invoicesOf(b.db, theirs.body.id)).toHaveLength(0);
    expect((await api(b.token, "GET", `/subscriptions/${theirs.body.id}`)).body).toMatchObject({ cycles_billed: 0, renewal_date: today() });
  });
});

describe("subscriptions: where they show", () => {
  it("an invoice names its subscription as its origin, and the global search finds subscriptions by number", async () => {
    const w = await world();
    const created = await subscribe(w);
    await billDueSubscriptions(await cronAt(w));
    const [invoice] = await invoicesOf(w.db, created.body.id);
    const ctx = await ctxOf(w.company);
    expect((await invoiceDetailView(ctx, { id: invoice!.id })).origin).toEqual({
      type: "subscription",
      id: created.body.id,
      number: created.body.number,
    });
    const found = await searchEverything(ctx, { q: created.body.number });
    expect(found.filter((r) => r.type === "subscriptions")).toEqual([
      expect.objectContaining({ id: created.body.id, href: `/sales/subscriptions/${created.body.id}`, status: "active" }),
    ]);
    const invoicesOnly = await ctxOf(w.company, { permissions: ["view_invoices"] });
    expect((await searchEverything(invoicesOnly, { q: created.body.number })).filter((r) => r.type === "subscriptions")).toEqual([]);
  });
});

describe("subscriptions: cancel and delete", () => {
  it("cancelling cancels its draft invoices, keeps the finalised ones, and stops the billing", async () => {
    const w = await world();
    const created = await subscribe(w);
    await billDueSubscriptions(await cronAt(w));
    const [first] = await invoicesOf(w.db, created.body.id);
    expect((await api(w.token, "POST", `/invoices/${first!.id}/finalize`)).status).toBe(200);
    await billDueSubscriptions(await cronAt(w, 32));
    expect((await invoicesOf(w.db, created.body.id)).map((i) => [i.cycle, i.status])).toEqual([
      [1, "unpaid"],
      [2, "draft"],
    ]);
    const cancelled = await api(w.token, "POST", `/subscriptions/${created.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled", renewal_date: null });
    expect((await invoicesOf(w.db, created.body.id)).map((i) => [i.cycle, i.status])).toEqual([
      [1, "unpaid"],
      [2, "cancelled"],
    ]);
    expect((await billDueSubscriptions(await cronAt(w, 65))).billed).toBe(0);
    const twice = await api(w.token, "POST", `/subscriptions/${created.body.id}/cancel`);
    expect([twice.status, twice.body.error.code]).toEqual([409, "status_move_not_allowed"]);
    // A finalised invoice is not deleted: nor is its subscription.
    const gone = await api(w.token, "DELETE", `/subscriptions/${created.body.id}?acknowledge=cascade,inventory,irreversible`);
    expect([gone.status, gone.body.error.code]).toEqual([409, "invoices_not_deletable"]);
  });

  it("deleting removes the subscription with its draft invoices, once acknowledged", async () => {
    const w = await world();
    const created = await subscribe(w);
    await billDueSubscriptions(await cronAt(w));
    expect((await api(w.token, "DELETE", `/subscriptions/${created.body.id}`)).status).toBe(422);
    expect((await api(w.token, "DELETE", `/subscriptions/${created.body.id}?acknowledge=cascade,inventory,irreversible`)).status).toBe(204);
    expect(await invoicesOf(w.db, created.body.id)).toEqual([]);
    expect((await api(w.token, "GET", `/subscriptions/${created.body.id}`)).status).toBe(404);
  });

  it("asks view_subscriptions to read and edit_subscriptions to write", async () => {
    const w = await world();
    const created = await subscribe(w);
    const reader = await ctxOf(w.company, { permissions: ["view_subscriptions"] });
    const { getSubscription } = await import("../../worker/domain/subscriptions/get-subscription");
    const { cancelSubscription } = await import("../../worker/domain/subscriptions/cancel-subscription");
    expect((await getSubscription(reader, { id: created.body.id })).id).toBe(created.body.id);
    await expect(cancelSubscription(reader, { id: created.body.id })).rejects.toMatchObject({ code: "forbidden" });
  });
});
