import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema, tenantSchema, type TenantDb } from "../../db/client";
import { createEstimate } from "../../worker/domain/sales/create-estimate";
import { createSalesOrder } from "../../worker/domain/sales/create-sales-order";
import { transformEstimate } from "../../worker/domain/sales/transform-estimate";
import { createAlert } from "../../worker/domain/settings/alerts/create-alert";
import { updateAlert } from "../../worker/domain/settings/alerts/update-alert";
import { DomainError } from "../../worker/domain/shared/domain-error";
import { outboxWritten } from "../../worker/domain/shared/outbox";
import { createStockDocument } from "../../worker/domain/stock/create-stock-document";
import { attemptLimiter } from "../../worker/durable-objects/sign-in-throttle";
import { placeStoreOrder } from "../../worker/domain/store/place-store-order";
import { requestStoreAccess } from "../../worker/domain/store/request-store-access";
import { updateCartItem } from "../../worker/domain/store/update-cart-item";
import type { Bindings } from "../../worker/env";
import { consumeOutboxMessage, type OutboxMessage } from "../../worker/queues/outbox";
import { addUser, control, ctxOf, makeCompany } from "../support/factories";
import { callApiJson } from "../support/fetch-app";
import { makeCustomer } from "../support/isolation/sales";
import { makeVariant } from "../support/isolation/stock";
import { consumerDeps } from "../support/outbox";
import { emailsTo, waitForEmail } from "../support/sink-client";
import { pricedVariant, salesWorld } from "./sales-fixtures";
import { buyer, openStore, storeVariant } from "./store-fixtures";

const t = tenantSchema;
const mailUrl = (env as unknown as Bindings & { TEST_MAIL_URL: string }).TEST_MAIL_URL;
const UNIT = 10_000_000;

type Company = Awaited<ReturnType<typeof makeCompany>>;

/** Alerts are not for trial accounts: the company subscribes first. */
async function subscribe(company: { companyId: string }) {
  await control.update(controlSchema.companies).set({ status: "subscribed" }).where(eq(controlSchema.companies.id, company.companyId));
}

async function emailOf(userId: string) {
  const [user] = await control
    .select({ email: controlSchema.users.email })
    .from(controlSchema.users)
    .where(eq(controlSchema.users.id, userId));
  return user!.email;
}

/** The company's outbox rows of a topic not yet handled, oldest first. */
async function rowsOf(db: TenantDb, topic: string) {
  return db.select().from(t.outbox).where(eq(t.outbox.topic, topic)).orderBy(t.outbox.id);
}

const messageOf = (companyId: string, row: { id: number; topic: string; payload: unknown }): OutboxMessage => ({
  type: "company_outbox",
  companyId,
  outboxId: row.id,
  topic: row.topic,
  payload: row.payload,
});

/** The consumer handles every row of a topic written since `after` (an outbox id), as the queue would. */
async function consume(company: Company, topic: string, after = 0) {
  const rows = (await rowsOf(company.db, topic)).filter((r) => r.id > after);
  for (const row of rows) expect(await consumeOutboxMessage(consumerDeps(), messageOf(company.companyId, row))).toBe("handled");
  return rows;
}

async function settledCount(to: string) {
  // The consumer has returned, so the sink took the email; a moment more lets a second one show.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return (await emailsTo(mailUrl, to)).length;
}

async function refusal(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

/** A stocked variant with 10 units at the first location and a reorder point of 5. */
async function stockedVariant(company: Company, location: number) {
  const ctx = await ctxOf(company);
  const variant = await makeVariant(company.db);
  await createStockDocument(ctx, { kind: "entry", location_id: location, lines: [{ variant_id: variant.id, quantity: "10" }] });
  await company.db
    .update(t.stockLevels)
    .set({ reorderPoint: 5 * UNIT })
    .where(and(eq(t.stockLevels.variantId, variant.id), eq(t.stockLevels.locationId, location)));
  return variant;
}

async function firstLocationOf(db: TenantDb) {
  const [location] = await db.select({ id: t.locations.id }).from(t.locations).orderBy(t.locations.id).limit(1);
  return location!.id;
}

describe("stock alerts", () => {
  it("a removal taking a variant below its reorder point mails the recipient once, and not again while it stays below", async () => {
    const company = await makeCompany();
    await subscribe(company);
    const ctx = await ctxOf(company);
    const location = await firstLocationOf(company.db);
    const variant = await stockedVariant(company, location);
    const to = await emailOf(company.userId);
    // Nobody listens yet: the entry above wrote no level change.
    expect(await rowsOf(company.db, "stock.level_changed")).toEqual([]);
    await createAlert(ctx, { label: "Low stock", trigger_alert: "below_re_order_point", recipient: company.userId });

    await createStockDocument(ctx, { kind: "removal", location_id: location, lines: [{ variant_id: variant.id, quantity: "6" }] });
    const [first] = await consume(company, "stock.level_changed");
    const email = await waitForEmail(mailUrl, to, (m) => m.subject.includes("Low stock"));
    expect(email.subject).toBe("Low stock: products below their reorder point");
    expect(email.text).toContain(`(${variant.sku}),`);
    expect(email.text).toMatch(/: 4 \/ 5/);

    // Still below after another removal: nothing new to tell.
    await createStockDocument(ctx, { kind: "removal", location_id: location, lines: [{ variant_id: variant.id, quantity: "1" }] });
    await consume(company, "stock.level_changed", first!.id);
    expect(await settledCount(to)).toBe(1);

    // Back above (the alert forgets the level), then below again: a new crossing, told again.
    await createStockDocument(ctx, { kind: "entry", location_id: location, lines: [{ variant_id: variant.id, quantity: "5" }] });
    await consume(company, "stock.level_changed", (await rowsOf(company.db, "stock.level_changed")).at(-2)!.id);
    expect(await company.db.select().from(t.alertLevelStates)).toEqual([]);
    await createStockDocument(ctx, { kind: "removal", location_id: location, lines: [{ variant_id: variant.id, quantity: "5" }] });
    await consume(company, "stock.level_changed", (await rowsOf(company.db, "stock.level_changed")).at(-2)!.id);
    expect(await settledCount(to)).toBe(2);
  });

  it("an alert made while a level is already below tells only of later crossings; out_of_on_hand tells when the last unit leaves", async () => {
    const company = await makeCompany();
    await subscribe(company);
    const ctx = await ctxOf(company);
    const location = await firstLocationOf(company.db);
    const low = await stockedVariant(company, location);
    await createStockDocument(ctx, { kind: "removal", location_id: location, lines: [{ variant_id: low.id, quantity: "7" }] });
    const member = await addUser(company.companyId);
    await createAlert(ctx, { label: "Reorder", trigger_alert: "below_re_order_point", recipient: member.userId });
    await createAlert(ctx, { label: "Empty shelf", trigger_alert: "out_of_on_hand", recipient: member.userId });

    // Already below: one more unit out is not news for the reorder alert; the last units out are for the other one.
    await createStockDocument(ctx, { kind: "removal", location_id: location, lines: [{ variant_id: low.id, quantity: "3" }] });
    await consume(company, "stock.level_changed");
    const email = await waitForEmail(mailUrl, member.email);
    expect(email.subject).toBe("Empty shelf: products out of stock");
    expect(await settledCount(member.email)).toBe(1);
  });

  it("a company without an active stock alert writes no level change", async () => {
    const company = await makeCompany();
    await subscribe(company);
    const ctx = await ctxOf(company);
    const location = await firstLocationOf(company.db);
    const alert = await createAlert(ctx, { label: "Off", trigger_alert: "out_of_available", recipient: company.userId, active: false });
    await stockedVariant(company, location);
    expect(await rowsOf(company.db, "stock.level_changed")).toEqual([]);
    // Nor does the request dispatch its outbox after answering: nothing was written.
    expect(outboxWritten(company.db)).toBeUndefined();
    await updateAlert(ctx, { id: alert.id, active: true });
    await stockedVariant(company, location);
    expect(await rowsOf(company.db, "stock.level_changed")).toHaveLength(1);
    expect(outboxWritten(company.db)).toEqual([]);
  });
});

describe("sales order and store access alerts", () => {
  it("a new sales order alert mails its recipient in their language with the order's PDF, and the customer's representative", async () => {
    const w = await salesWorld();
    await subscribe(w.company);
    const ctx = await ctxOf(w.company);
    const french = await addUser(w.company.companyId);
    await control.update(controlSchema.users).set({ language: "fr" }).where(eq(controlSchema.users.id, french.userId));
    const representative = await addUser(w.company.companyId);
    const customer = await makeCustomer(w.db, { priceLevelId: w.level, accountManagerId: representative.userId });
    await createAlert(ctx, {
      label: "Commandes",
      trigger_alert: "new_sales_order",
      recipient: french.userId,
      include_pdf: true,
      notify_account_manager: true,
    });
    const variant = await pricedVariant(w.db, w.level, "10");
    const order = await createSalesOrder(ctx, {
      customer_id: customer.id,
      location_id: w.location,
      delivery_type: "drop_shipping",
      lines: [{ variant_id: variant.id, quantity: "2" }],
    });
    const [row] = await consume(w.company, "sales_order.created");
    expect(row!.payload).toEqual({ orderId: order.id, store: false });

    const mail = await waitForEmail(mailUrl, french.email);
    expect(mail.subject).toBe(`Commandes : nouvelle commande ${order.number} de ${customer.label}`);
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: `${order.number}.pdf`, contentType: "application/pdf" })]);
    expect(mail.attachments[0]!.size).toBeGreaterThan(1000);
    const told = await waitForEmail(mailUrl, representative.email);
    expect(told.subject).toBe(`Commandes: new sales order ${order.number} from ${customer.label}`);
    expect(await settledCount(french.email)).toBe(1);
  });

  it("a store order mails the new_b2b_store_sales_order alert's recipient, and an order of the back office does not", async () => {
    const w = await salesWorld();
    await subscribe(w.company);
    const ctx = await ctxOf(w.company);
    const watcher = await addUser(w.company.companyId);
    await createAlert(ctx, {
      label: "Store orders",
      trigger_alert: "new_b2b_store_sales_order",
      recipient: watcher.userId,
      include_pdf: false,
    });
    const mug = await storeVariant(w, 10, "20");
    await createSalesOrder(ctx, {
      customer_id: w.customer.id,
      location_id: w.location,
      delivery_type: "drop_shipping",
      lines: [{ variant_id: mug.id, quantity: "1" }],
    });
    const b = await buyer(w);
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 2 } });
    const order = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    const rows = await consume(w.company, "sales_order.created");
    expect(rows.map((r) => r.payload)).toEqual([{ orderId: order.id, store: true }]);
    const mail = await waitForEmail(mailUrl, watcher.email);
    expect(mail.subject).toBe(`Store orders: new store order ${order.number} from ${w.customer.label}`);
    expect(mail.attachments).toEqual([]);
    expect(await settledCount(watcher.email)).toBe(1);
  });

  it("an estimate transformed into a sales order announces the order to the new_sales_order alerts", async () => {
    const w = await salesWorld();
    await subscribe(w.company);
    const ctx = await ctxOf(w.company);
    await createAlert(ctx, { label: "Orders", trigger_alert: "new_sales_order", recipient: w.company.userId });
    const variant = await pricedVariant(w.db, w.level, "10");
    const estimate = await createEstimate(ctx, {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [{ variant_id: variant.id, quantity: "1" }],
    });
    const order = await transformEstimate(ctx, { id: estimate.id });
    expect((await rowsOf(w.db, "sales_order.created")).map((r) => r.payload)).toEqual([{ orderId: order.id, store: false }]);
  });

  it("a sales order with no alert listening writes no message", async () => {
    const w = await salesWorld();
    await subscribe(w.company);
    const ctx = await ctxOf(w.company);
    await createAlert(ctx, { label: "Store only", trigger_alert: "new_b2b_store_sales_order", recipient: w.company.userId });
    const variant = await pricedVariant(w.db, w.level, "10");
    await createSalesOrder(ctx, {
      customer_id: w.customer.id,
      location_id: w.location,
      delivery_type: "drop_shipping",
      lines: [{ variant_id: variant.id, quantity: "1" }],
    });
    expect(await rowsOf(w.db, "sales_order.created")).toEqual([]);
  });

  it("a store access request alert mails its recipient", async () => {
    const company = await makeCompany();
    await subscribe(company);
    const ctx = await ctxOf(company);
    await createAlert(ctx, { label: "Access", trigger_alert: "b2b_store_access_request", recipient: company.userId });
    await openStore(company, { access_form_enabled: true });
    const email = `asker-${Date.now().toString(36)}@example.test`;
    await requestStoreAccess(ctx, {
      limiter: attemptLimiter((env as unknown as Bindings).SIGN_IN_THROTTLE),
      address: null,
      company_name: "Dupont SARL",
      first_name: "Jean",
      last_name: "Dupont",
      email,
    });
    const [row] = await consume(company, "store.access_requested");
    expect(row).toBeDefined();
    const to = await emailOf(company.userId);
    const mail = await waitForEmail(mailUrl, to, (m) => m.subject.startsWith("Access:"));
    expect(mail.subject).toBe("Access: Dupont SARL asks for access to the B2B store");
    expect(mail.text).toContain(`Jean Dupont (${email}) of Dupont SARL`);
  });
});

describe("alert settings", () => {
  it("a trial company is refused with the spec's message, through the verb and the API", async () => {
    const company = await makeCompany();
    const ctx = await ctxOf(company);
    const error = await refusal(createAlert(ctx, { label: "Low", trigger_alert: "out_of_available", recipient: company.userId }));
    expect(error.code).toBe("alerts_not_available_in_trial");
    const answer = await callApiJson("POST", "/alerts", company.token, {
      label: "Low",
      trigger_alert: "out_of_available",
      recipient: company.userId,
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({
      error: { code: "alerts_not_available_in_trial", message: "Alerts are not available to trial accounts." },
    });
    expect(await company.db.select().from(t.alerts)).toEqual([]);
  });

  it("a user without the settings permission or the alerts module is refused", async () => {
    const company = await makeCompany();
    await subscribe(company);
    const input = { label: "Low", trigger_alert: "out_of_available", recipient: company.userId };
    for (const permissions of [["settings"], ["alerts"], ["view_products", "edit_products"]]) {
      const error = await refusal(createAlert(await ctxOf(company, { permissions }), input));
      expect([permissions, error.code]).toEqual([permissions, "forbidden"]);
    }
    const user = await addUser(company.companyId, { permissions: ["settings"] });
    const answer = await callApiJson("GET", "/alerts", user.token);
    expect(answer.status).toBe(403);
  });

  it("bad input is refused naming each field", async () => {
    const company = await makeCompany();
    await subscribe(company);
    const ctx = await ctxOf(company);
    const shape = await refusal(createAlert(ctx, { label: " ", trigger_alert: "sometimes", recipient: "", include_pdf: "yes", colour: 1 }));
    expect(shape.code).toBe("validation_failed");
    expect(shape.fields).toMatchObject({
      label: { code: "required" },
      trigger_alert: { code: "invalid" },
      recipient: { code: "required" },
      include_pdf: { code: "invalid" },
      colour: { code: "unknown_field" },
    });
    const stranger = await refusal(createAlert(ctx, { label: "Low", trigger_alert: "out_of_available", recipient: "01jnotauser" }));
    expect(stranger.fields).toEqual({ recipient: { code: "unknown_recipient" } });
    const representative = await refusal(
      createAlert(ctx, { label: "Low", trigger_alert: "out_of_available", recipient: "account_representative" }),
    );
    expect(representative.fields).toEqual({ recipient: { code: "recipient_needs_order" } });
    // A member of another company is not a recipient here.
    const other = await makeCompany();
    const outsider = await refusal(createAlert(ctx, { label: "Low", trigger_alert: "new_sales_order", recipient: other.userId }));
    expect(outsider.fields).toEqual({ recipient: { code: "unknown_recipient" } });

    const answer = await callApiJson("POST", "/alerts", company.token, { label: "Low", trigger_alert: "never", recipient: company.userId });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ error: { code: "validation_failed", fields: { trigger_alert: { code: "invalid" } } } });
  });

  it("the API lists, reads, changes and deletes alerts", async () => {
    const company = await makeCompany();
    await subscribe(company);
    const created = await callApiJson("POST", "/alerts", company.token, {
      label: "Orders",
      trigger_alert: "new_sales_order",
      recipient: "account_representative",
      include_pdf: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      label: "Orders",
      active: true,
      trigger_alert: "new_sales_order",
      recipient: "account_representative",
      include_pdf: true,
      notify_account_manager: false,
    });
    const id = created.body.id as number;
    const changed = await callApiJson("PATCH", `/alerts/${id}`, company.token, { label: "All orders", active: false });
    expect(changed.body).toMatchObject({ id, label: "All orders", active: false });
    const list = await callApiJson("GET", "/alerts?active=false", company.token);
    expect(list.status).toBe(200);
    expect((list.body.items as { id: number }[]).map((a) => a.id)).toEqual([id]);
    expect((await callApiJson("DELETE", `/alerts/${id}`, company.token)).status).toBe(204);
    expect((await callApiJson("GET", `/alerts/${id}`, company.token)).status).toBe(404);
  });
});
