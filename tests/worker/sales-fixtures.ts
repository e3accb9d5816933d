import { and, eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../db/client";
import { createEstimate } from "../../worker/domain/sales/create-estimate";
import { ctxOf, makeCompany } from "../support/factories";
import { callApi } from "../support/fetch-app";
import { makeCustomer } from "../support/isolation/sales";
import { firstLocation, makeVariant } from "../support/isolation/stock";

const t = tenantSchema;

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** One call of /api/v1 with an optional Idempotency-Key, read back. */
export async function api(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await callApi(method, path, token, body, headers);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** The code of each field an error answer names. */
export function fieldCodes(answer: Answer): Record<string, string> {
  return Object.fromEntries(
    Object.entries(answer.body.error.fields as Record<string, { code: string }>).map(([field, e]) => [field, e.code]),
  );
}

/** A simple tax of `rate` percent. */
export async function makeTax(db: TenantDb, rate: string): Promise<number> {
  const [tax] = await db
    .insert(t.taxes)
    .values({ label: `VAT ${rate}`, abbreviation: "VAT", kind: "simple", rate: Math.round(Number(rate) * 10_000) })
    .returning({ id: t.taxes.id });
  return tax!.id;
}

/** A variant with a price in a level (EUR) and optional taxes. */
export async function pricedVariant(
  db: TenantDb,
  level: number,
  price: string,
  taxIds: number[] = [],
  options: { isKit?: boolean; batchTracked?: boolean } = {},
) {
  const variant = await makeVariant(db, options);
  const [eur] = await db.select({ id: t.currencies.id }).from(t.currencies).where(eq(t.currencies.iso, "EUR"));
  await db
    .insert(t.prices)
    .values({ variantId: variant.id, priceLevelId: level, currencyId: eur!.id, amount: Math.round(Number(price) * 10_000) });
  for (const taxId of taxIds) await db.insert(t.variantTaxes).values({ variantId: variant.id, taxId });
  return variant;
}

/** A company with a selling price level, a customer on it, and its first location. */
export async function salesWorld() {
  const company = await makeCompany();
  const { db } = company;
  const [level] = await db.insert(t.priceLevels).values({ label: "Retail", type: "selling" }).returning({ id: t.priceLevels.id });
  const customer = await makeCustomer(db, { priceLevelId: level!.id });
  const location = await firstLocation(db);
  return { company, db, token: company.token, level: level!.id, customer, location };
}

export type SalesWorld = Awaited<ReturnType<typeof salesWorld>>;

/** A sales world with an estimate of one priced line for a customer who has an email address. */
export async function estimateWithAddress(customerValues: Partial<typeof t.customers.$inferInsert> = {}) {
  const w = await salesWorld();
  const address = `buyer-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
  const customer = await makeCustomer(w.db, { priceLevelId: w.level, emails: [address], ...customerValues });
  const variant = await pricedVariant(w.db, w.level, "12.5");
  const ctx = await ctxOf(w.company);
  const estimate = await createEstimate(ctx, {
    customer_id: customer.id,
    location_id: w.location,
    lines: [{ variant_id: variant.id, quantity: "2" }],
  });
  return { ...w, ctx, estimate, address, customer };
}

/** A sales order of the world's customer at its location, through the API: one line of a variant. */
export function orderFor(w: SalesWorld, variantId: number, quantity: string, extra: Record<string, unknown> = {}) {
  return api(w.token, "POST", "/sales-orders", {
    customer_id: w.customer.id,
    location_id: w.location,
    lines: [{ variant_id: variantId, quantity }],
    ...extra,
  });
}

const UNIT = 10_000_000;

/** What a location holds of a variant, and how much of it orders reserve, in units. */
export async function stockLevel(db: TenantDb, variantId: number, locationId: number) {
  const [row] = await db
    .select({ onHand: t.stockLevels.onHand, committed: t.stockLevels.committed })
    .from(t.stockLevels)
    .where(and(eq(t.stockLevels.variantId, variantId), eq(t.stockLevels.locationId, locationId)));
  return { onHand: (row?.onHand ?? 0) / UNIT, committed: (row?.committed ?? 0) / UNIT };
}
