import { count, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import { controlSchema, tenantSchema, type TenantDb } from "../../db/client";
import { API_OPERATIONS } from "../../worker/api/openapi";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { addUser, control } from "../support/factories";
import { callApi, callApiJson } from "../support/fetch-app";
import { makeCustomer } from "../support/isolation/sales";
import { firstLocation, makeLocation, makeVariant } from "../support/isolation/stock";
import { productWorld, unique, type ProductWorld } from "./products-fixtures";

const t = tenantSchema;

/**
 * Every create of /api/v1 that takes an Idempotency-Key names the record it makes in its own
 * write batch, so that a request that saved it and then failed before keeping its answer is
 * answered again (201, replayed) by reading that record back, and never writes it twice.
 */

/**
 * Runs `work` while the company's database refuses to store an answer for a key (a trigger on
 * the update that writes it): the request fails after its write batch committed.
 */
async function withAnswersRefused<T>(db: TenantDb, work: () => Promise<T>): Promise<T> {
  await db.run(
    sql.raw("create trigger answers_refused before update of status on idempotency_keys begin select raise(abort, 'answers refused'); end"),
  );
  try {
    return await work();
  } finally {
    await db.run(sql.raw("drop trigger answers_refused"));
  }
}

interface World {
  w: ProductWorld;
  /** A signed-in administrator: saved views belong to a user, not to an API token. */
  user: string;
  location: number;
  arrival: number;
  variant: number;
  tracked: number;
  customer: number;
  /** A product with variants (by size), and one of its variants. */
  shirt: { id: number; variant: number };
}

interface Create {
  /** The collection, as the table's rows are named. */
  name: string;
  /** The documented operation (worker/api/openapi.ts). */
  operation: string;
  path: (x: World) => string | Promise<string>;
  /** A valid body; called once per request, so that two creates do not collide on a unique label. */
  body: (x: World, n: string) => unknown | Promise<unknown>;
  /** The rows the create adds one of. */
  table: SQLiteTable;
  where?: SQL;
  /** The record as a read of the API shows it, to compare with the answer. */
  read: (x: World, id: number) => Promise<unknown>;
  token?: (x: World) => string;
}

async function get(x: World, path: string, token = x.w.token): Promise<unknown> {
  const answer = await callApiJson("GET", path, token);
  expect(answer.status, path).toBe(200);
  return answer.body;
}

const byId = (path: string) => (x: World, id: number) => get(x, `${path}/${id}`);

async function variantOf(x: World, productId: number, variantId: number) {
  const product = (await get(x, `/products/${productId}`)) as { variants: { id: number; packs: { id: number }[] }[] };
  return product.variants.find((v) => v.id === variantId);
}

/** A sales order with one line left to ship: what a shipping order is made of. */
async function orderToShip(x: World): Promise<number> {
  const order = await callApiJson("POST", "/sales-orders", x.w.token, {
    customer_id: x.customer,
    location_id: x.location,
    lines: [{ variant_id: x.variant, quantity: "1", price: "10" }],
  });
  expect(order.status).toBe(201);
  return order.body.id as number;
}

/** A finalised invoice of a new order, waiting for payment. */
/** An assembly of one unit of the world's variant (the company allows negative stock: no stock is needed to make it). */
async function assembly(x: World): Promise<number> {
  const made = await makeVariant(x.w.db);
  await x.w.db.update(t.variants).set({ isAssembly: true }).where(eq(t.variants.id, made.id));
  await x.w.db.insert(t.components).values({ parentVariantId: made.id, componentVariantId: x.variant, quantity: 10_000_000 });
  return made.id;
}

/** A supplier of the company. */
async function supplierOf(x: World): Promise<number> {
  const [made] = await x.w.db.insert(t.suppliers).values({ name: "Replay supplier" }).returning({ id: t.suppliers.id });
  return made!.id;
}

/** An open purchase order of the world's variant, waiting for its goods. */
async function purchaseOrderOf(x: World): Promise<number> {
  const made = await callApiJson("POST", "/purchase-orders", x.w.token, {
    supplier_id: await supplierOf(x),
    location_id: x.location,
    lines: [{ variant_id: x.variant, quantity: "3", price: "2" }],
  });
  expect(made.status).toBe(201);
  return made.body.id as number;
}

async function issuedInvoice(x: World): Promise<number> {
  const made = await callApiJson("POST", "/invoices", x.w.token, { sales_order_id: await orderToShip(x), finalize: true });
  expect(made.status).toBe(201);
  return made.body.id as number;
}

async function estimate(x: World): Promise<number> {
  const made = await callApiJson("POST", "/estimates", x.w.token, {
    customer_id: x.customer,
    location_id: x.location,
    lines: [{ variant_id: x.variant, quantity: "1", price: "10" }],
  });
  expect(made.status).toBe(201);
  return made.body.id as number;
}

/** A return of one unit of a new issued invoice (a refund's source). */
async function productReturn(x: World): Promise<number> {
  const made = await callApiJson("POST", "/product-returns", x.w.token, { invoice_id: await issuedInvoice(x) });
  expect(made.status).toBe(201);
  return made.body.id as number;
}

/** The invoice the last credit note's path was made of: the credit's body names it (path is asked before body). */
let creditedInvoice = 0;

/** A credit note of a new issued invoice, the invoice kept for the credit's body. */
async function creditNote(x: World): Promise<number> {
  creditedInvoice = await issuedInvoice(x);
  const made = await callApiJson("POST", "/credit-notes", x.w.token, { invoice_id: creditedInvoice });
  expect(made.status).toBe(201);
  return made.body.id as number;
}

const CREATES: Create[] = [
  {
    name: "customers",
    operation: "post /customers",
    path: () => "/customers",
    body: (_, n) => ({ label: `Acme ${n}` }),
    table: t.customers,
    read: byId("/customers"),
  },
  {
    name: "suppliers",
    operation: "post /suppliers",
    path: () => "/suppliers",
    body: (_, n) => ({ name: `Bolt ${n}` }),
    table: t.suppliers,
    read: byId("/suppliers"),
  },
  {
    name: "employees",
    operation: "post /employees",
    path: () => "/employees",
    body: (_, n) => ({ label: `Camille ${n}` }),
    table: t.employees,
    read: byId("/employees"),
  },
  {
    name: "customer tags",
    operation: "post /customer-tags",
    path: () => "/customer-tags",
    body: (_, n) => ({ label: `VIP ${n}` }),
    table: t.customerTags,
    read: byId("/customer-tags"),
  },
  {
    name: "supplier tags",
    operation: "post /supplier-tags",
    path: () => "/supplier-tags",
    body: (_, n) => ({ label: `Local ${n}` }),
    table: t.supplierTags,
    read: byId("/supplier-tags"),
  },
  {
    name: "products",
    operation: "post /products",
    path: () => "/products",
    body: (_, n) => ({ label: `Mug ${n}`, kind: "single", variants: [{ sku: `MUG-${n}` }] }),
    table: t.products,
    read: byId("/products"),
  },
  {
    name: "variants",
    operation: "post /products/{id}/variants",
    path: (x) => `/products/${x.shirt.id}/variants`,
    body: (x, n) => ({ sku: `SH-${n}`, option_ids: [x.w.size.options[n.endsWith("a") ? "M" : "L"]] }),
    table: t.variants,
    read: (x, id) => variantOf(x, x.shirt.id, id),
  },
  {
    name: "packs",
    operation: "post /products/{id}/variants/{variantId}/packs",
    path: (x) => `/products/${x.shirt.id}/variants/${x.shirt.variant}/packs`,
    body: (_, n) => ({ label: `Pack ${n}`, quantity: "6" }),
    table: t.packs,
    read: async (x, id) => (await variantOf(x, x.shirt.id, x.shirt.variant))?.packs.find((p) => p.id === id),
  },
  {
    name: "services",
    operation: "post /services",
    path: () => "/services",
    body: (_, n) => ({ reference: `SRV-${n}`, label: "Delivery", price: "10", tag_ids: [] }),
    table: t.services,
    read: byId("/services"),
  },
  {
    name: "attributes",
    operation: "post /attributes",
    path: () => "/attributes",
    body: (_, n) => ({ label: `Fabric ${n}`, options: ["Wool", "Linen"] }),
    table: t.attributes,
    read: byId("/attributes"),
  },
  {
    name: "brands",
    operation: "post /brands",
    path: () => "/brands",
    body: (_, n) => ({ label: `Brand ${n}` }),
    table: t.brands,
    read: byId("/brands"),
  },
  {
    name: "product tags",
    operation: "post /product-tags",
    path: () => "/product-tags",
    body: (_, n) => ({ label: `Tag ${n}` }),
    table: t.productTags,
    read: byId("/product-tags"),
  },
  {
    name: "seasons",
    operation: "post /seasons",
    path: () => "/seasons",
    body: (_, n) => ({ label: `Season ${n}` }),
    table: t.seasons,
    read: byId("/seasons"),
  },
  {
    name: "batches",
    operation: "post /batches",
    path: () => "/batches",
    body: (x, n) => ({ variant_id: x.tracked, number: `LOT-${n}`, expiration_date: "2030-01-31" }),
    table: t.batches,
    read: byId("/batches"),
  },
  {
    name: "currencies",
    operation: "post /currencies",
    path: () => "/currencies",
    body: (_, n) => ({ iso: n.endsWith("a") ? "JPY" : "CHF", exchange_rate: "1.5" }),
    table: t.currencies,
    read: byId("/currencies"),
  },
  {
    name: "locations",
    operation: "post /locations",
    path: () => "/locations",
    body: (_, n) => ({ label: `Depot ${n}` }),
    table: t.locations,
    read: byId("/locations"),
  },
  {
    name: "price levels",
    operation: "post /price-levels",
    path: () => "/price-levels",
    body: (_, n) => ({ label: `Level ${n}`, type: "selling" }),
    table: t.priceLevels,
    read: byId("/price-levels"),
  },
  {
    name: "taxes",
    operation: "post /taxes",
    path: () => "/taxes",
    body: (_, n) => ({ label: `Tax ${n}`, abbreviation: "T", rate: "5.5" }),
    table: t.taxes,
    read: byId("/taxes"),
  },
  {
    name: "saved views",
    operation: "post /saved-views",
    path: () => "/saved-views",
    body: (_, n) => ({ type: "customers", label: `View ${n}`, is_default: true }),
    table: t.savedViews,
    token: (x) => x.user,
    read: async (x, id) =>
      ((await get(x, "/saved-views?type=customers", x.user)) as { items: { id: number }[] }).items.find((v) => v.id === id),
  },
  {
    name: "inventory counts",
    operation: "post /inventory-bulk-updates",
    path: () => "/inventory-bulk-updates",
    body: (x) => ({ location_id: x.location, lines: [{ variant_id: x.variant, counted: "7" }] }),
    table: t.stockDocuments,
    where: eq(t.stockDocuments.type, "bulk_update"),
    read: byId("/inventory-bulk-updates"),
  },
  {
    name: "assembly transforms",
    operation: "post /assembly-transforms",
    path: () => "/assembly-transforms",
    body: async (x) => ({ variant_id: await assembly(x), location_id: x.location, action: "create", quantity: "1" }),
    table: t.stockDocuments,
    where: eq(t.stockDocuments.type, "assembly_transform"),
    read: byId("/assembly-transforms"),
  },
  {
    name: "purchase orders",
    operation: "post /purchase-orders",
    path: () => "/purchase-orders",
    body: async (x) => ({
      supplier_id: await supplierOf(x),
      location_id: x.location,
      lines: [{ variant_id: x.variant, quantity: "3", price: "2" }],
    }),
    table: t.purchaseOrders,
    read: byId("/purchase-orders"),
  },
  {
    name: "deliveries",
    operation: "post /deliveries",
    path: () => "/deliveries",
    body: async (x) => ({ purchase_order_id: await purchaseOrderOf(x) }),
    table: t.stockDocuments,
    where: eq(t.stockDocuments.type, "delivery"),
    read: byId("/deliveries"),
  },
  {
    name: "stock entries",
    operation: "post /stock-entries",
    path: () => "/stock-entries",
    body: (x) => ({ location_id: x.location, lines: [{ variant_id: x.variant, quantity: "5", unit_cost: "2" }] }),
    table: t.stockDocuments,
    where: eq(t.stockDocuments.type, "entry"),
    read: byId("/stock-entries"),
  },
  {
    name: "stock removals",
    operation: "post /stock-removals",
    path: () => "/stock-removals",
    body: (x) => ({ location_id: x.location, lines: [{ variant_id: x.variant, quantity: "1" }] }),
    table: t.stockDocuments,
    where: eq(t.stockDocuments.type, "removal"),
    read: byId("/stock-removals"),
  },
  {
    name: "stock movements",
    operation: "post /stock-movements",
    path: () => "/stock-movements",
    body: (x) => ({ location_id: x.location, arrival_location_id: x.arrival, lines: [{ variant_id: x.variant, quantity: "1" }] }),
    table: t.stockDocuments,
    where: eq(t.stockDocuments.type, "movement"),
    read: byId("/stock-movements"),
  },
  {
    name: "estimates",
    operation: "post /estimates",
    path: () => "/estimates",
    body: (x) => ({ customer_id: x.customer, location_id: x.location, lines: [{ variant_id: x.variant, quantity: "2", price: "10" }] }),
    table: t.salesDocuments,
    where: eq(t.salesDocuments.type, "estimate"),
    read: byId("/estimates"),
  },
  {
    name: "sales orders",
    operation: "post /sales-orders",
    path: () => "/sales-orders",
    body: (x) => ({ customer_id: x.customer, location_id: x.location, lines: [{ variant_id: x.variant, quantity: "1", price: "10" }] }),
    table: t.salesDocuments,
    where: eq(t.salesDocuments.type, "sales_order"),
    read: byId("/sales-orders"),
  },
  {
    name: "sales orders made of an estimate",
    operation: "post /estimates/{id}/transform",
    path: async (x) => `/estimates/${await estimate(x)}/transform`,
    body: () => undefined,
    table: t.salesDocuments,
    where: eq(t.salesDocuments.type, "sales_order"),
    read: byId("/sales-orders"),
  },
  {
    name: "shipping orders",
    operation: "post /shipping-orders",
    path: () => "/shipping-orders",
    body: async (x) => ({ sales_order_id: await orderToShip(x) }),
    table: t.salesDocuments,
    where: eq(t.salesDocuments.type, "shipping_order"),
    read: byId("/shipping-orders"),
  },
  {
    name: "invoices",
    operation: "post /invoices",
    path: () => "/invoices",
    body: async (x) => ({ sales_order_id: await orderToShip(x) }),
    table: t.salesDocuments,
    where: eq(t.salesDocuments.type, "invoice"),
    read: byId("/invoices"),
  },
  {
    name: "subscriptions",
    operation: "post /subscriptions",
    path: () => "/subscriptions",
    body: (x) => ({ customer_id: x.customer, location_id: x.location, lines: [{ variant_id: x.variant, quantity: "1", price: "10" }] }),
    table: t.salesDocuments,
    where: eq(t.salesDocuments.type, "subscription"),
    read: byId("/subscriptions"),
  },
  {
    name: "product returns",
    operation: "post /product-returns",
    path: () => "/product-returns",
    body: async (x) => ({ invoice_id: await issuedInvoice(x) }),
    table: t.salesDocuments,
    where: eq(t.salesDocuments.type, "product_return"),
    read: byId("/product-returns"),
  },
  {
    name: "credit notes",
    operation: "post /credit-notes",
    path: () => "/credit-notes",
    body: async (x) => ({ invoice_id: await issuedInvoice(x) }),
    table: t.salesDocuments,
    where: eq(t.salesDocuments.type, "credit_note"),
    read: byId("/credit-notes"),
  },
  {
    name: "refunds",
    operation: "post /refunds",
    path: () => "/refunds",
    body: async (x) => ({ product_return_id: await productReturn(x) }),
    table: t.salesDocuments,
    where: eq(t.salesDocuments.type, "refund"),
    read: byId("/refunds"),
  },
  {
    name: "credits",
    operation: "post /credit-notes/{id}/credits",
    path: async (x) => `/credit-notes/${await creditNote(x)}/credits`,
    body: () => ({ invoice_id: creditedInvoice, amount: "1" }),
    table: t.invoiceCredits,
    read: async (x, id) => {
      const [row] = await x.w.db.select({ note: t.invoiceCredits.creditNoteId }).from(t.invoiceCredits).where(eq(t.invoiceCredits.id, id));
      return ((await get(x, `/credit-notes/${row!.note}/credits`)) as { data: { id: number }[] }).data.find((c) => c.id === id);
    },
  },
  {
    name: "payments",
    operation: "post /invoices/{id}/payments",
    path: async (x) => `/invoices/${await issuedInvoice(x)}/payments`,
    body: () => ({ amount: "1" }),
    table: t.payments,
    read: async (x, id) => {
      const [row] = await x.w.db.select({ invoice: t.payments.invoiceId }).from(t.payments).where(eq(t.payments.id, id));
      return get(x, `/invoices/${row!.invoice}/payments/${id}`);
    },
  },
  {
    name: "payment methods",
    operation: "post /payment-methods",
    path: () => "/payment-methods",
    body: (_, n) => ({ label: `Voucher ${n}` }),
    table: t.paymentMethods,
    read: byId("/payment-methods"),
  },
  {
    name: "alerts",
    operation: "post /alerts",
    // Alerts are not for trial accounts (domain spec §5): the company has subscribed.
    path: async (x) => {
      await control
        .update(controlSchema.companies)
        .set({ status: "subscribed" })
        .where(eq(controlSchema.companies.id, x.w.company.companyId));
      return "/alerts";
    },
    body: (_x, n) => ({ label: `Alert ${n}`, trigger_alert: "new_sales_order", recipient: "account_representative" }),
    table: t.alerts,
    read: byId("/alerts"),
  },
  {
    name: "price updates",
    operation: "post /price-updates",
    path: () => "/price-updates",
    body: (x) => ({ price_level_id: x.w.retail.id, currency_id: x.w.base.id, change: "percentage", value: "5" }),
    table: t.backgroundOperations,
    where: eq(t.backgroundOperations.type, "price_update"),
    read: byId("/price-updates"),
  },
  {
    name: "price rules",
    operation: "post /price-rules",
    path: () => "/price-rules",
    body: (x, n) => ({ label: `Rule ${n}`, price_type: "set", value: "5", customer_ids: [x.customer] }),
    table: t.priceRules,
    read: byId("/price-rules"),
  },
];

/**
 * Creates that cannot be answered again from their record, and why: a retry after a failure past
 * their save is refused (409 idempotency_key_committed) or, for these, not even detected.
 */
const NOT_REPLAYED: Record<string, string> = {
  // The token's secret is shown once and kept only as a hash; the token lives in the control database.
  "post /api-tokens": "its answer holds a secret that is never stored",
  // The user and the membership live in the control database, and the invitation is an email.
  "post /users": "its record is in the control database, not in the company's write batch",
};

let x: World;

beforeAll(async () => {
  const w = await productWorld();
  const user = (await addUser(w.company.companyId, { permissions: ADMINISTRATOR_PERMISSIONS })).token;
  const shirt = await callApiJson("POST", "/products", w.token, {
    label: "Shirt",
    kind: "variants",
    attribute_ids: [w.size.id],
    variants: [{ sku: `SH-${unique()}-S`, option_ids: [w.size.options.S] }],
  });
  expect(shirt.status).toBe(201);
  const customer = await makeCustomer(w.db, { priceLevelId: w.retail.id });
  x = {
    w,
    user,
    location: await firstLocation(w.db),
    arrival: await makeLocation(w.db),
    variant: (await makeVariant(w.db)).id,
    tracked: (await makeVariant(w.db, { batchTracked: true })).id,
    customer: customer.id,
    shirt: { id: shirt.body.id as number, variant: (shirt.body.variants as { id: number }[])[0]!.id },
  };
});

async function rows(create: Create): Promise<number> {
  const [row] = await x.w.db.select({ n: count() }).from(create.table).where(create.where);
  return row!.n;
}

function post(create: Create, path: string, body: unknown, key?: string) {
  return callApi("POST", path, (create.token ?? (() => x.w.token))(x), body, key ? { "idempotency-key": key } : {});
}

describe("every create of /api/v1 whose request saved its record and then failed", () => {
  it.each(CREATES.map((c) => [c.name, c] as const))(
    "%s: the retry answers 201 with the record saved, replayed, and nothing is saved twice",
    async (_, create) => {
      const n = unique();
      // The answer a create gives when nothing fails is the record as the API reads it.
      const plain = await post(create, await create.path(x), await create.body(x, `${n}a`));
      expect(plain.status, await plain.clone().text()).toBe(201);
      const plainBody = (await plain.json()) as { id: number };
      expect(plainBody).toEqual(await create.read(x, plainBody.id));

      const path = await create.path(x);
      const body = await create.body(x, `${n}b`);
      const key = `replay-${n}`;
      const before = await rows(create);
      const failed = await withAnswersRefused(x.w.db, () => post(create, path, body, key));
      expect(failed.status).toBe(500);
      expect(await rows(create)).toBe(before + 1);

      const retry = await post(create, path, body, key);
      const text = await retry.text();
      expect([retry.status, retry.headers.get("idempotent-replayed")], text).toEqual([201, "true"]);
      expect(retry.headers.get("content-type")).toContain("application/json");
      const replayed = JSON.parse(text) as { id: number };
      expect(replayed.id).toEqual(expect.any(Number));
      expect(replayed).toEqual(await create.read(x, replayed.id));
      // The answer rebuilt is kept: a further retry gets the same bytes.
      const again = await post(create, path, body, key);
      expect([again.status, again.headers.get("idempotent-replayed"), await again.text()]).toEqual([201, "true", text]);
      expect(await rows(create)).toBe(before + 1);
    },
  );
});

describe("the creates of /api/v1", () => {
  it("are each tested above, or named as one that cannot be answered again from its record", () => {
    const creates = API_OPERATIONS.filter((op) => op.method === "post" && op.auth && "201" in op.responses).map((op) => `post ${op.path}`);
    const covered = new Set([...CREATES.map((c) => c.operation), ...Object.keys(NOT_REPLAYED)]);
    expect(creates.filter((op) => !covered.has(op))).toEqual([]);
    expect([...covered].filter((op) => !creates.includes(op))).toEqual([]);
  });
});

describe("an idempotency key sent by ten requests at once", () => {
  it("creates one customer: one request saves it, the others replay it or are told it is in progress", async () => {
    const create = CREATES.find((c) => c.name === "customers")!;
    const before = await rows(create);
    const body = { label: `Racing ${unique()}` };
    const key = `race-${unique()}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(create, "/customers", body, key)));
    const read = await Promise.all(
      answers.map(async (a) => ({
        status: a.status,
        replayed: a.headers.get("idempotent-replayed"),
        body: (await a.json()) as { id?: number; error?: { code: string } },
      })),
    );
    const outcomes = read.map((a) => (a.status === 201 ? "created" : `${a.status} ${a.body.error?.code}`));
    expect(outcomes.filter((o) => o !== "created" && o !== "409 idempotency_key_in_progress")).toEqual([]);
    const created = read.filter((a) => a.status === 201);
    expect(created.filter((a) => a.replayed === null)).toHaveLength(1);
    expect(await rows(create)).toBe(before + 1);
    const [made] = await x.w.db.select({ id: t.customers.id }).from(t.customers).where(eq(t.customers.label, body.label));
    for (const answer of created) expect(answer.body.id).toBe(made!.id);
  });
});
