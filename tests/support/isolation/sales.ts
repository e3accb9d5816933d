import type { SalesDocumentType } from "../../../db/schema/tenant/sales";
import { sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { allocateValues } from "../../../worker/domain/documents/numbering";
import { firstLocation } from "./stock";
import type { IsolationArea, IsolationCompany } from "./types";

const t = tenantSchema;
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A customer straight in the database (the sales tests' buyer). */
export async function makeCustomer(
  db: TenantDb,
  values: Partial<typeof t.customers.$inferInsert> = {},
): Promise<{ id: number; label: string }> {
  // The customer sequence gives the number (past any number typed straight in the database), so
  // that customers made through the API after it never collide.
  const [highest] = await db.all<{ max: number }>(sql`select coalesce(max(number), 0) as max from customers`);
  const max = Number(highest?.max ?? 0);
  const first = await allocateValues(db, "customer", 1);
  const number = first > max ? first : (await allocateValues(db, "customer", max - first + 1)) + (max - first);
  const [row] = await db
    .insert(t.customers)
    .values({ number, label: `Customer ${unique()}`, ...values })
    .returning({ id: t.customers.id, label: t.customers.label });
  return row!;
}

/**
 * A sales document straight in a company's database, with no lines, in euros and the global tax
 * model (tests that only need one to exist, or to be someone else's). Its id.
 */
export async function makeSalesDocument(
  db: TenantDb,
  values: Pick<typeof t.salesDocuments.$inferInsert, "type" | "number" | "customerId" | "locationId" | "date"> &
    Partial<Pick<typeof t.salesDocuments.$inferInsert, "id" | "status">>,
): Promise<number> {
  const [doc] = await db
    .insert(t.salesDocuments)
    .values({ status: "pending", currency: "EUR", taxModel: "global", taxType: "tax_exclusive", taxPriority: "product", ...values })
    .returning({ id: t.salesDocuments.id });
  return doc!.id;
}

/** A sales document of `theirs` whose id names nothing in `mine`. */
async function theirDocument(theirs: IsolationCompany, mine: IsolationCompany, type: SalesDocumentType) {
  const largest = async (company: IsolationCompany) =>
    Number((await company.db.all<{ max: number | null }>(sql`select max(id) as max from sales_documents`))[0]?.max ?? 0);
  const customer = await makeCustomer(theirs.db);
  const id = await makeSalesDocument(theirs.db, {
    id: Math.max(await largest(theirs), await largest(mine)) + 1,
    type,
    number: `ISO-${unique()}`,
    customerId: customer.id,
    locationId: await firstLocation(theirs.db),
    date: "2025-01-01",
  });
  return String(id);
}

export const isolation: IsolationArea = {
  bodies: {
    "post /estimates": { customer_id: 1, location_id: 1, lines: [{ description: "Consulting" }] },
    "patch /estimates/{id}": { notes: "Changed" },
    "post /estimates/{id}/accept": {},
    "post /estimates/{id}/reject": {},
    "post /estimates/{id}/transform": {},
    "post /sales-orders": { customer_id: 1, location_id: 1, lines: [{ description: "Consulting" }] },
    "patch /sales-orders/{id}": { notes: "Changed" },
    "post /sales-orders/{id}/complete": {},
    "post /sales-orders/{id}/validate": {},
    "post /sales-orders/{id}/cancel": {},
    "post /shipping-orders": { sales_order_id: 1 },
    "post /invoices": { customer_id: 1, location_id: 1, lines: [{ description: "Consulting" }] },
    "patch /invoices/{id}": { notes: "Changed" },
    "post /invoices/{id}/finalize": {},
    "post /invoices/{id}/cancel": {},
    "post /invoices/{id}/payments": { amount: "1" },
    "post /shipping-orders/{id}/prepare": {},
    "post /shipping-orders/{id}/ready": {},
    "post /shipping-orders/{id}/ship": {},
    "post /shipping-orders/{id}/deliver": {},
    "post /shipping-orders/{id}/cancel": {},
    "post /estimates/{id}/email": { to: "isolation@example.test" },
    "post /sales-orders/{id}/email": { to: "isolation@example.test" },
    "post /shipping-orders/{id}/email": { to: "isolation@example.test" },
    "post /invoices/{id}/email": { to: "isolation@example.test" },
    "post /invoices/{id}/public-link": { enabled: false },
    "post /product-returns": { invoice_id: 1 },
    "post /product-returns/{id}/receive": {},
    "post /product-returns/{id}/cancel": {},
    "post /credit-notes": { invoice_id: 1 },
    "post /credit-notes/{id}/cancel": {},
    "post /credit-notes/{id}/credits": { invoice_id: 1 },
    "post /credit-notes/{id}/email": { to: "isolation@example.test" },
    "post /refunds": { product_return_id: 1 },
    "post /refunds/{id}/refunded": {},
    "post /refunds/{id}/cancel": {},
    "post /refunds/{id}/email": { to: "isolation@example.test" },
    "post /subscriptions": { customer_id: 1, location_id: 1, lines: [{ description: "Maintenance" }] },
    "patch /subscriptions/{id}": { notes: "Changed" },
    "post /subscriptions/{id}/cancel": {},
  },
  records: {
    "/estimates/": (theirs, mine) => theirDocument(theirs, mine, "estimate"),
    "/sales-orders/": (theirs, mine) => theirDocument(theirs, mine, "sales_order"),
    "/shipping-orders/": (theirs, mine) => theirDocument(theirs, mine, "shipping_order"),
    "/invoices/": (theirs, mine) => theirDocument(theirs, mine, "invoice"),
    "/subscriptions/": (theirs, mine) => theirDocument(theirs, mine, "subscription"),
    "/product-returns/": (theirs, mine) => theirDocument(theirs, mine, "product_return"),
    "/credit-notes/": (theirs, mine) => theirDocument(theirs, mine, "credit_note"),
    "/refunds/": (theirs, mine) => theirDocument(theirs, mine, "refund"),
  },
};
