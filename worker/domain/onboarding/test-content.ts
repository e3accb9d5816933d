import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { controlSchema, keptReads, tenantSchema, type TenantDb } from "../../../db/client";
import { translate } from "../../../locales";
import { deleteCustomer } from "../contacts/delete-customer";
import { deleteSupplier } from "../contacts/delete-supplier";
import { createCustomer } from "../contacts/create-customer";
import { createSupplier } from "../contacts/create-supplier";
import { EDIT_CUSTOMERS, EDIT_SUPPLIERS } from "../contacts/contact-permissions";
import { DOCUMENT_ACCESS } from "../documents/document-types";
import { cancelInvoice } from "../invoices/cancel-invoice";
import { createInvoiceFromOrder } from "../invoices/create-invoice-from-order";
import { deleteInvoice } from "../invoices/delete-invoice";
import { finalizeInvoice } from "../invoices/finalize-invoice";
import { operationView, startOperation, type OperationView } from "../operations/operations";
import { deletePayment } from "../payments/delete-payment";
import { recordPayment } from "../payments/record-payment";
import { createProduct } from "../products/create-product";
import { deleteProduct } from "../products/delete-product";
import { EDIT_PRODUCTS } from "../products/price-access";
import { createAttribute } from "../products-settings/attributes/create-attribute";
import { deleteAttribute } from "../products-settings/attributes/delete-attribute";
import { createDelivery } from "../purchasing/deliveries";
import { cancelPurchaseOrder, createPurchaseOrder } from "../purchasing/purchase-order-writes";
import { acceptEstimate } from "../sales/accept-estimate";
import { completeSalesOrder } from "../sales/complete-sales-order";
import { createEstimate } from "../sales/create-estimate";
import { createSalesOrder } from "../sales/create-sales-order";
import { createShippingOrder } from "../sales/create-shipping-order";
import { deleteEstimate } from "../sales/delete-estimate";
import { deleteSalesOrder } from "../sales/delete-sales-order";
import { shipShippingOrder } from "../sales/ship-shipping-order";
import { createService } from "../services/create-service";
import { deleteService } from "../services/delete-service";
import { DELETE_ASKS, requireAcknowledged } from "../shared/acknowledgements";
import { can, requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { isForeignKeyViolation } from "../shared/input";
import { LOCALES, type Locale } from "../shared/locale";
import { createStockDocument } from "../stock/create-stock-document";
import { deleteStockDocument } from "../stock/delete-stock-document";
import { testContentTexts } from "./test-content-data";

const t = tenantSchema;
const { testContent, backgroundOperations: ops } = t;

/** The tables whose records the test content remembers (test_content.table_name). */
export const TEST_CONTENT_TABLES = [
  "attributes",
  "products",
  "services",
  "customers",
  "suppliers",
  "stock_documents",
  "sales_documents",
  "payments",
  "purchase_orders",
] as const;
export type TestContentTable = (typeof TEST_CONTENT_TABLES)[number];

export const GENERATE_TYPE = "test_content";
/** How long the screens still show a removal that ended. */
const SHOW_ENDED_REMOVAL_MS = 10 * 60_000;
export const REMOVE_TYPE = "test_content_removal";

/** Whoever generates or removes the test content may make (and delete) everything it holds. */
const TEST_CONTENT_ACCESS = [
  EDIT_PRODUCTS,
  EDIT_CUSTOMERS,
  EDIT_SUPPLIERS,
  DOCUMENT_ACCESS.estimate.edit,
  DOCUMENT_ACCESS.sales_order.edit,
  DOCUMENT_ACCESS.invoice.edit,
  DOCUMENT_ACCESS.purchase_order.edit,
];

function requireTestContentAccess(ctx: Ctx): void {
  for (const check of TEST_CONTENT_ACCESS) requirePermission(ctx, check);
}

/** Whether the caller may generate and remove the test content (the screens offer it only then). */
export function mayManageTestContent(ctx: Ctx): boolean {
  return TEST_CONTENT_ACCESS.every((check) => can(ctx, check));
}

/** What the screens show of the test content: whether some exists, one run still going, and the latest run of either operation. */
export interface TestContentState {
  exists: boolean;
  count: number;
  running: OperationView | null;
  last: OperationView | null;
}

// The dashboard reads them at every visit of someone who may manage the test content: built once per isolate.
const stateReads = keptReads((db: TenantDb) => [
  db.select({ n: sql<number>`count(*)` }).from(testContent),
  db
    .select()
    .from(ops)
    .where(inArray(ops.type, [GENERATE_TYPE, REMOVE_TYPE]))
    .orderBy(sql`${ops.id} desc`)
    .limit(1),
]);

/** Whether the company holds generated test content, and the operations generating or removing it. */
export async function testContentState(ctx: Ctx): Promise<TestContentState> {
  const [[counted], [last]] = await Promise.all(stateReads(ctx.db));
  const count = Number(counted?.n ?? 0);
  const view = last ? operationView(last) : null;
  return { exists: count > 0, count, running: view?.status === "in_progress" ? view : null, last: view };
}

/**
 * The dashboard's banner: the test content's state for whoever may remove it, while it exists and
 * the banner was not dismissed, or while an operation on it runs; else nothing.
 */
export async function testContentBanner(ctx: Ctx, options: { dismissed: boolean }): Promise<TestContentState | null> {
  if (!mayManageTestContent(ctx)) return null;
  const state = await testContentState(ctx);
  if (state.running) return state;
  // A removal that just ended stays in view a while, with what it kept.
  if (state.last?.type === REMOVE_TYPE && ctx.now() - state.last.updated < SHOW_ENDED_REMOVAL_MS) return state;
  if (!state.exists || options.dismissed) return null;
  return state;
}

async function refuseWhileRunning(ctx: Ctx): Promise<void> {
  const [running] = await ctx.db
    .select({ id: ops.id })
    .from(ops)
    .where(and(inArray(ops.type, [GENERATE_TYPE, REMOVE_TYPE]), eq(ops.status, "in_progress")))
    .limit(1);
  if (running) throw new DomainError("test_content_running");
}

/**
 * Starts the generation of the test content in the background: a small business in the company's
 * language and currency, made through the domain verbs. Refused while one runs, or when the
 * company already holds test content (it is generated once; removed, it may be generated again).
 */
export async function startTestContent(ctx: Ctx): Promise<OperationView> {
  requireTestContentAccess(ctx);
  await refuseWhileRunning(ctx);
  const [one] = await ctx.db.select({ id: testContent.recordId }).from(testContent).limit(1);
  if (one) throw new DomainError("test_content_exists");
  return startOperation(ctx, { type: GENERATE_TYPE, label: translate(ctx.locale, "test_content.generate_label"), params: {} });
}

/** What removing the test content asks to acknowledge: it cannot be undone. */
export const REMOVAL_ASKS = ["irreversible"] as const;

/** Starts the removal of the test content in the background, once acknowledged; harmless when there is none left. */
export async function startTestContentRemoval(ctx: Ctx, input: { acknowledged: readonly string[] }): Promise<OperationView> {
  requireTestContentAccess(ctx);
  requireAcknowledged(input.acknowledged, REMOVAL_ASKS);
  await refuseWhileRunning(ctx);
  return startOperation(ctx, { type: REMOVE_TYPE, label: translate(ctx.locale, "test_content.remove_label"), params: {} });
}

/** The part of an operation's run these two need: its ctx, its saved result, and saving progress. */
export interface TestContentRun {
  readonly ctx: Ctx;
  readonly result: Record<string, unknown>;
  stillRunning(): Promise<boolean>;
  save(change: {
    progress?: number;
    result?: Record<string, unknown>;
    status?: "completed" | "cancelled";
    errors?: { message: string; params?: Record<string, unknown> }[];
  }): Promise<boolean>;
}

function remember(db: TenantDb, table: TestContentTable, ids: readonly number[]) {
  return db
    .insert(testContent)
    .values(ids.map((recordId) => ({ tableName: table, recordId })))
    .onConflictDoNothing();
}

async function rememberNow(db: TenantDb, table: TestContentTable, ids: readonly number[]): Promise<void> {
  if (ids.length) await remember(db, table, ids);
}

/** The company's language for the content: French when its first document language is French. */
async function contentLanguage(db: TenantDb): Promise<Locale> {
  const [settings] = await db.select({ languages: t.companySettings.languages }).from(t.companySettings).limit(1);
  const first = settings?.languages?.[0];
  return (LOCALES as readonly string[]).includes(first ?? "") ? (first as Locale) : "en";
}

interface World {
  language: Locale;
  selling: number;
  purchasing: number | null;
  currency: number;
  locations: number[];
}

async function worldOf(db: TenantDb): Promise<World> {
  const [[settings], [currency], locations] = await Promise.all([
    db
      .select({ selling: t.companySettings.defaultSellingPriceLevelId, purchasing: t.companySettings.defaultPurchasingPriceLevelId })
      .from(t.companySettings)
      .limit(1),
    db.select({ id: t.currencies.id }).from(t.currencies).where(eq(t.currencies.isDefault, true)).limit(1),
    db.select({ id: t.locations.id }).from(t.locations).where(eq(t.locations.active, true)).orderBy(asc(t.locations.id)),
  ]);
  let selling = settings?.selling ?? null;
  if (selling === null) {
    const [level] = await db.select({ id: t.priceLevels.id }).from(t.priceLevels).where(eq(t.priceLevels.type, "selling")).limit(1);
    selling = level?.id ?? null;
  }
  if (selling === null || !currency || locations.length === 0) throw new DomainError("test_content_not_ready");
  return {
    language: await contentLanguage(db),
    selling,
    purchasing: settings?.purchasing ?? null,
    currency: currency.id,
    locations: locations.map((l) => l.id),
  };
}

/** Ids made so far, saved with the progress so that a run delivered again goes on from the step it reached. */
interface Made {
  step: number;
  variants: Record<string, number>;
  services: Record<string, number>;
  customers: number[];
  suppliers: number[];
}

type Step = (run: TestContentRun, world: World, made: Made) => Promise<void>;

const tag = () => Math.random().toString(36).slice(2, 6).toUpperCase();

const STEPS: Step[] = [
  // Products of every kind, shown in the B2B store, and two services.
  async (run, world, made) => {
    const { ctx } = run;
    const texts = testContentTexts(world.language);
    const price = (amount: string) => [{ price_level_id: world.selling, currency_id: world.currency, amount }];
    const suffix = tag();
    const single = async (key: keyof typeof texts.products, sku: string, amount: string, cost: string, extra: object = {}) => {
      const product = await createProduct(ctx, {
        label: texts.products[key],
        description: texts.description,
        b2b_published: true,
        variants: [{ sku: `${sku}-${suffix}`, prices: price(amount), initial_cost: cost, b2b_published: true, ...extra }],
      });
      await rememberNow(ctx.db, "products", [product.id]);
      made.variants[key] = product.variants[0]!.id;
    };
    await single("beans", "TC-BEANS", "18", "9");
    await single("ground", "TC-GROUND", "6.5", "3");
    await single("tea", "TC-TEA", "7.9", "3.5");
    await single("mug", "TC-MUG", "9", "3.2", { packs: [{ label: texts.mugPack, quantity: "6", prices: price("48") }] });
    await single("filters", "TC-FILTERS", "3.5", "1");
    await single("kettle", "TC-KETTLE", "39", "18");
    await single("press", "TC-PRESS", "29", "12");
    await single("chocolate", "TC-CHOCO", "8.5", "4");

    const size = await createAttribute(ctx, { label: `${texts.size} ${suffix}`, options: texts.sizes });
    await rememberNow(ctx.db, "attributes", [size.id]);
    const shirt = await createProduct(ctx, {
      label: texts.products.shirt,
      kind: "variants",
      description: texts.description,
      b2b_published: true,
      attribute_ids: [size.id],
      variants: size.options.map((option) => ({
        sku: `TC-SHIRT-${option.label}-${suffix}`,
        option_ids: [option.id],
        prices: price("15"),
        initial_cost: "6",
        b2b_published: true,
      })),
    });
    await rememberNow(ctx.db, "products", [shirt.id]);
    shirt.variants.forEach((v, i) => (made.variants[`shirt${i}`] = v.id));

    const box = await createProduct(ctx, {
      label: texts.products.box,
      kind: "kit",
      description: texts.description,
      b2b_published: true,
      components: [
        { variant_id: made.variants.beans!, quantity: "1" },
        { variant_id: made.variants.mug!, quantity: "1" },
        { variant_id: made.variants.filters!, quantity: "1" },
      ],
      variants: [{ sku: `TC-BOX-${suffix}`, prices: price("29"), b2b_published: true }],
    });
    await rememberNow(ctx.db, "products", [box.id]);
    made.variants.box = box.variants[0]!.id;

    for (const [key, reference, amount] of [
      ["training", "TC-TRAINING", "120"],
      ["maintenance", "TC-MAINT", "65"],
    ] as const) {
      const service = await createService(ctx, { reference: `${reference}-${suffix}`, label: texts.services[key], price: amount });
      await rememberNow(ctx.db, "services", [service.id]);
      made.services[key] = service.id;
    }
  },
  // The stock: one entry per location (the second holds a little of the bestsellers).
  async (run, world, made) => {
    const { ctx } = run;
    const v = made.variants;
    const first = [
      [v.beans, "40", "9"],
      [v.ground, "60", "3"],
      [v.tea, "35", "3.5"],
      [v.mug, "48", "3.2"],
      [v.filters, "80", "1"],
      [v.kettle, "12", "18"],
      [v.press, "15", "12"],
      [v.chocolate, "25", "4"],
      [v.shirt0, "10", "6"],
      [v.shirt1, "14", "6"],
      [v.shirt2, "8", "6"],
    ] as const;
    const entry = await createStockDocument(ctx, {
      kind: "entry",
      location_id: world.locations[0]!,
      lines: first.map(([variant_id, quantity, unit_cost]) => ({ variant_id: variant_id!, quantity, unit_cost })),
    });
    await rememberNow(ctx.db, "stock_documents", [entry.id]);
    if (world.locations[1]) {
      const second = await createStockDocument(ctx, {
        kind: "entry",
        location_id: world.locations[1],
        lines: [
          { variant_id: v.beans!, quantity: "10", unit_cost: "9" },
          { variant_id: v.mug!, quantity: "12", unit_cost: "3.2" },
          { variant_id: v.tea!, quantity: "6", unit_cost: "3.5" },
        ],
      });
      await rememberNow(ctx.db, "stock_documents", [second.id]);
    }
  },
  // Customers and suppliers.
  async (run, world, made) => {
    const { ctx } = run;
    const texts = testContentTexts(world.language);
    const country = world.language === "fr" ? "FR" : "GB";
    for (const [i, label] of texts.customers.entries()) {
      const customer = await createCustomer(ctx, {
        label,
        emails: [`contact${i + 1}@example.com`],
        price_level_id: world.selling,
        notes: texts.description,
        addresses: [
          {
            type: "both",
            address1: `${10 + i * 7} ${world.language === "fr" ? "rue de la Gare" : "High Street"}`,
            city: texts.cities[i],
            postal_code: world.language === "fr" ? `${69001 + i}` : `BS${i + 1} 4AA`,
            country,
            default_billing: true,
            default_shipping: true,
          },
        ],
      });
      await rememberNow(ctx.db, "customers", [customer.id]);
      made.customers.push(customer.id);
    }
    for (const [i, name] of texts.suppliers.entries()) {
      const supplier = await createSupplier(ctx, { name, email: `orders${i + 1}@example.com`, notes: texts.description });
      await rememberNow(ctx.db, "suppliers", [supplier.id]);
      made.suppliers.push(supplier.id);
    }
  },
  // Estimates: two pending, one accepted.
  async (run, world, made) => {
    const { ctx } = run;
    const v = made.variants;
    const at = world.locations[0]!;
    const estimates = [
      {
        customer_id: made.customers[0]!,
        location_id: at,
        lines: [
          { variant_id: v.beans!, quantity: "2" },
          { variant_id: v.mug!, quantity: "4" },
        ],
      },
      { customer_id: made.customers[1]!, location_id: at, lines: [{ service_id: made.services.training!, quantity: "1" }] },
      {
        customer_id: made.customers[2]!,
        location_id: at,
        lines: [
          { variant_id: v.kettle!, quantity: "1" },
          { variant_id: v.press!, quantity: "2" },
        ],
      },
    ];
    for (const [i, input] of estimates.entries()) {
      const estimate = await createEstimate(ctx, input);
      await rememberNow(ctx.db, "sales_documents", [estimate.id]);
      if (i === 2) await acceptEstimate(ctx, { id: estimate.id });
    }
  },
  // Sales orders: one pending; one in progress (part shipped, invoiced, unpaid); one completed (shipped, invoiced, paid).
  async (run, world, made) => {
    const { ctx } = run;
    const v = made.variants;
    const at = world.locations[0]!;
    const pending = await createSalesOrder(ctx, {
      customer_id: made.customers[3]!,
      location_id: at,
      lines: [
        { variant_id: v.tea!, quantity: "5" },
        { variant_id: v.filters!, quantity: "10" },
      ],
    });
    await rememberNow(ctx.db, "sales_documents", [pending.id]);

    const partial = await createSalesOrder(ctx, {
      customer_id: made.customers[4]!,
      location_id: at,
      lines: [
        { variant_id: v.beans!, quantity: "6" },
        { variant_id: v.mug!, quantity: "6" },
        { variant_id: v.box!, quantity: "2" },
      ],
    });
    await rememberNow(ctx.db, "sales_documents", [partial.id]);
    const beansLine = partial.lines!.find((l) => l.variant_id === v.beans)!;
    const shipment = await createShippingOrder(ctx, { sales_order_id: partial.id, lines: [{ line_id: beansLine.id, quantity: "6" }] });
    await rememberNow(ctx.db, "sales_documents", [shipment.id]);
    await shipShippingOrder(ctx, { id: shipment.id });
    const unpaid = await finalized(ctx, await createInvoiceFromOrder(ctx, { sales_order_id: partial.id, finalize: true }));
    await rememberNow(ctx.db, "sales_documents", [unpaid.id]);

    const done = await createSalesOrder(ctx, {
      customer_id: made.customers[5]!,
      location_id: at,
      lines: [
        { variant_id: v.ground!, quantity: "10" },
        { variant_id: v.shirt1!, quantity: "3" },
        { service_id: made.services.maintenance!, quantity: "1" },
      ],
    });
    await rememberNow(ctx.db, "sales_documents", [done.id]);
    const all = await createShippingOrder(ctx, { sales_order_id: done.id });
    await rememberNow(ctx.db, "sales_documents", [all.id]);
    await shipShippingOrder(ctx, { id: all.id });
    const paid = await finalized(ctx, await createInvoiceFromOrder(ctx, { sales_order_id: done.id, finalize: true }));
    await rememberNow(ctx.db, "sales_documents", [paid.id]);
    const payment = await recordPayment(ctx, paid.id, { amount: paid.remaining_to_pay });
    await rememberNow(ctx.db, "payments", [payment.id]);
    const [order] = await ctx.db.select({ status: t.salesDocuments.status }).from(t.salesDocuments).where(eq(t.salesDocuments.id, done.id));
    // Shipped and paid: completed by itself where the graph says so, else by hand as a user would.
    if (order && !String(order.status).startsWith("completed")) await completeSalesOrder(ctx, { id: done.id });
  },
  // A purchase order, partly delivered.
  async (run, world, made) => {
    const { ctx } = run;
    const v = made.variants;
    const order = await createPurchaseOrder(ctx, {
      supplier_id: made.suppliers[0]!,
      location_id: world.locations[0]!,
      lines: [
        { variant_id: v.beans!, quantity: "30", price: "9" },
        { variant_id: v.ground!, quantity: "40", price: "3" },
      ],
    });
    await rememberNow(ctx.db, "purchase_orders", [order.id]);
    const beans = order.lines!.find((l) => l.variant_id === v.beans)!;
    const delivery = await createDelivery(ctx, { purchase_order_id: order.id, lines: [{ line_id: beans.id, quantity: "30" }] });
    await rememberNow(ctx.db, "stock_documents", [delivery.id]);
  },
];

async function finalized<T extends { id: number; finalized_at: number | null; remaining_to_pay: string }>(ctx: Ctx, invoice: T) {
  if (invoice.finalized_at !== null) return invoice;
  return finalizeInvoice(ctx, { id: invoice.id });
}

/** Generates the test content step by step, each step's records remembered as they are made. */
export async function runTestContent(run: TestContentRun): Promise<void> {
  const world = await worldOf(run.ctx.db);
  const made: Made = { step: 0, variants: {}, services: {}, customers: [], suppliers: [], ...(run.result as Partial<Made>) };
  while (made.step < STEPS.length) {
    if (!(await run.stillRunning())) return;
    try {
      await STEPS[made.step]!(run, world, made);
    } catch (error) {
      // A refusal of a verb (the company's settings forbid a move) ends the run with what it named, field by field.
      if (!(error instanceof DomainError) || !error.fields) throw error;
      const fields = error.fields;
      await run.save({
        status: "cancelled",
        errors: Object.keys(fields).map((field) => ({ message: fields[field]!.code, params: { field, step: made.step } })),
      });
      return;
    }
    made.step += 1;
    const last = made.step >= STEPS.length;
    const progress = Math.floor((made.step / STEPS.length) * 100);
    if (!(await run.save({ progress: last ? 100 : Math.min(99, progress), result: { ...made }, ...(last ? { status: "completed" } : {}) })))
      return;
  }
}

async function remembered(db: TenantDb, table: TestContentTable): Promise<number[]> {
  const rows = await db
    .select({ id: testContent.recordId })
    .from(testContent)
    .where(eq(testContent.tableName, table))
    .orderBy(sql`${testContent.recordId} desc`);
  return rows.map((r) => r.id);
}

function forget(db: TenantDb, table: TestContentTable, ids: readonly number[]) {
  return db.delete(testContent).where(and(eq(testContent.tableName, table), inArray(testContent.recordId, [...ids])));
}

async function forgetNow(db: TenantDb, table: TestContentTable, ids: readonly number[]): Promise<void> {
  if (ids.length) await forget(db, table, ids);
}

/** A refusal that means the record is held by something the user made: it is kept, not an error. */
function keptBy(error: unknown): boolean {
  return error instanceof DomainError || isForeignKeyViolation(error);
}

interface Removal {
  step: number;
  removed: number;
  kept: { table: TestContentTable; id: number; label: string }[];
}

type RemovalStep = (ctx: Ctx, state: Removal) => Promise<void>;

const ACK_SALES = [...DELETE_ASKS.sales_document];

/**
 * The removal's steps, documents first: money, then invoices, orders (their shipments' goods come
 * back through the ledger), estimates, purchase orders and their deliveries, stock entries; then
 * products, services and contacts that nothing the user made refers to.
 */
const REMOVAL_STEPS: RemovalStep[] = [
  async (ctx, state) => {
    const ids = await remembered(ctx.db, "payments");
    for (const id of ids) {
      const [payment] = await ctx.db.select({ invoiceId: t.payments.invoiceId }).from(t.payments).where(eq(t.payments.id, id));
      if (payment) {
        await deletePayment(ctx, payment.invoiceId, id);
        state.removed += 1;
      }
      await forgetNow(ctx.db, "payments", [id]);
    }
  },
  async (ctx, state) => {
    // Invoices: a draft is deleted by its verb; a finalised one is cancelled by its verb (its money
    // and its order's settlement undone), then its row deleted as a cascade deletes a document.
    const ids = await remembered(ctx.db, "sales_documents");
    const invoices = ids.length
      ? await ctx.db
          .select({ id: t.salesDocuments.id, status: t.salesDocuments.status, finalizedAt: t.salesDocuments.finalizedAt })
          .from(t.salesDocuments)
          .where(and(inArray(t.salesDocuments.id, ids), eq(t.salesDocuments.type, "invoice")))
      : [];
    for (const invoice of invoices) {
      if (invoice.finalizedAt === null) await deleteInvoice(ctx, { id: invoice.id, acknowledged: ACK_SALES });
      else {
        if (invoice.status !== "cancelled") await cancelInvoice(ctx, { id: invoice.id });
        await ctx.db.delete(t.salesDocuments).where(eq(t.salesDocuments.id, invoice.id));
      }
      state.removed += 1;
      await forgetNow(ctx.db, "sales_documents", [invoice.id]);
    }
  },
  async (ctx, state) => {
    // Orders (with their shipping orders, by the delete cascade), then estimates.
    for (const type of ["sales_order", "estimate"] as const) {
      const ids = await remembered(ctx.db, "sales_documents");
      const docs = ids.length
        ? await ctx.db
            .select({ id: t.salesDocuments.id })
            .from(t.salesDocuments)
            .where(and(inArray(t.salesDocuments.id, ids), eq(t.salesDocuments.type, type)))
        : [];
      for (const doc of docs) {
        const children = await ctx.db
          .select({ id: t.salesDocuments.id })
          .from(t.salesDocuments)
          .where(eq(t.salesDocuments.createdFromId, doc.id));
        // A document the user made from a generated one keeps it (and so the generated record stays).
        if (children.some((c) => !ids.includes(c.id))) {
          state.kept.push({ table: "sales_documents", id: doc.id, label: type });
          await forgetNow(ctx.db, "sales_documents", [doc.id]);
          continue;
        }
        if (type === "sales_order") await deleteSalesOrder(ctx, { id: doc.id, acknowledged: ACK_SALES });
        else await deleteEstimate(ctx, { id: doc.id, acknowledged: ACK_SALES });
        state.removed += 1 + children.length;
        await forgetNow(ctx.db, "sales_documents", [doc.id, ...children.map((c) => c.id)]);
      }
    }
    // Shipping orders whose order went with its cascade are gone already.
    const left = await remembered(ctx.db, "sales_documents");
    const existing = left.length
      ? (await ctx.db.select({ id: t.salesDocuments.id }).from(t.salesDocuments).where(inArray(t.salesDocuments.id, left))).map((r) => r.id)
      : [];
    await forgetNow(
      ctx.db,
      "sales_documents",
      left.filter((id) => !existing.includes(id)),
    );
  },
  async (ctx, state) => {
    // Purchase orders: cancelled by their verb (their deliveries' goods leave through the ledger),
    // then deleted with their deliveries, since no verb deletes a purchase order.
    for (const id of await remembered(ctx.db, "purchase_orders")) {
      const [order] = await ctx.db
        .select({ id: t.purchaseOrders.id, status: t.purchaseOrders.status })
        .from(t.purchaseOrders)
        .where(eq(t.purchaseOrders.id, id));
      if (order) {
        if (order.status !== "cancelled" && order.status !== "completed_manually") await cancelPurchaseOrder(ctx, { id });
        const deliveries = ctx.db
          .select({ id: t.stockDocuments.id })
          .from(t.stockDocuments)
          .where(eq(t.stockDocuments.purchaseOrderId, id));
        const deliveryIds = (await deliveries).map((d) => d.id);
        const batch: BatchItem<"sqlite">[] = [
          ctx.db.delete(t.stockDocumentLines).where(inArray(t.stockDocumentLines.documentId, deliveries)),
          ctx.db.delete(t.stockDocuments).where(eq(t.stockDocuments.purchaseOrderId, id)),
          ctx.db.delete(t.purchaseOrderLines).where(eq(t.purchaseOrderLines.documentId, id)),
          ctx.db.delete(t.purchaseOrders).where(eq(t.purchaseOrders.id, id)),
          forget(ctx.db, "purchase_orders", [id]),
        ];
        if (deliveryIds.length) batch.push(forget(ctx.db, "stock_documents", deliveryIds));
        await ctx.db.batch(batch as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
        state.removed += 1 + deliveryIds.length;
      } else await forgetNow(ctx.db, "purchase_orders", [id]);
    }
  },
  async (ctx, state) => {
    // Stock entries, reversed by their verb with ledger rows.
    for (const id of await remembered(ctx.db, "stock_documents")) {
      const [doc] = await ctx.db.select({ kind: t.stockDocuments.type }).from(t.stockDocuments).where(eq(t.stockDocuments.id, id));
      if (doc?.kind === "entry") {
        try {
          await deleteStockDocument(ctx, { kind: "entry", id, acknowledged: [...DELETE_ASKS.stock_document] });
          state.removed += 1;
        } catch (error) {
          if (!keptBy(error)) throw error;
          state.kept.push({ table: "stock_documents", id, label: "entry" });
        }
      }
      await forgetNow(ctx.db, "stock_documents", [id]);
    }
  },
  async (ctx, state) => {
    // Products: kits first (they hold the others as components); a product something the user made
    // refers to (a document line, a stock document, a kit) is kept with its stock and ledger.
    const ids = await remembered(ctx.db, "products");
    const products = ids.length
      ? await ctx.db
          .select({ id: t.products.id, label: t.products.label, kind: t.products.kind })
          .from(t.products)
          .where(inArray(t.products.id, ids))
      : [];
    products.sort((a, b) => Number(b.kind === "kit") - Number(a.kind === "kit"));
    for (const product of products) {
      const variantIds = (await ctx.db.select({ id: t.variants.id }).from(t.variants).where(eq(t.variants.productId, product.id))).map(
        (v) => v.id,
      );
      if (await usedElsewhere(ctx.db, variantIds)) {
        state.kept.push({ table: "products", id: product.id, label: product.label });
        await forgetNow(ctx.db, "products", [product.id]);
        continue;
      }
      // Its stock levels and ledger rows go with it: nothing else is left that they describe.
      if (variantIds.length)
        await ctx.db.batch([
          ctx.db.delete(t.inventoryLogs).where(inArray(t.inventoryLogs.variantId, variantIds)),
          ctx.db.delete(t.stockLevels).where(inArray(t.stockLevels.variantId, variantIds)),
        ]);
      await deleteProduct(ctx, { id: product.id, acknowledge: [...DELETE_ASKS.product] });
      state.removed += 1;
      await forgetNow(ctx.db, "products", [product.id]);
    }
    await forgetNow(
      ctx.db,
      "products",
      ids.filter((id) => !products.some((p) => p.id === id)),
    );
  },
  async (ctx, state) => {
    // Services, attributes and contacts: deleted by their verbs unless something the user made holds them.
    const tries: [TestContentTable, (id: number) => Promise<boolean>][] = [
      [
        "services",
        async (id) =>
          (await serviceUsed(ctx.db, id)) || (await attempt(() => deleteService(ctx, { id, acknowledged: [...DELETE_ASKS.service] }))),
      ],
      ["attributes", (id) => attempt(() => deleteAttribute(ctx, { id }))],
      [
        "customers",
        async (id) =>
          (await customerUsed(ctx, id)) || (await attempt(() => deleteCustomer(ctx, { id, acknowledged: [...DELETE_ASKS.customer] }))),
      ],
      ["suppliers", (id) => attempt(() => deleteSupplier(ctx, { id, acknowledged: [...DELETE_ASKS.supplier] }))],
    ];
    for (const [table, remove] of tries)
      for (const id of await remembered(ctx.db, table)) {
        if (await exists(ctx.db, table, id)) {
          const kept = await remove(id);
          if (kept) state.kept.push({ table, id, label: await labelOf(ctx.db, table, id) });
          else state.removed += 1;
        }
        await forgetNow(ctx.db, table, [id]);
      }
  },
];

/** Runs a delete; answers true when it was refused because something else holds the record. */
async function attempt(remove: () => Promise<unknown>): Promise<boolean> {
  try {
    await remove();
    return false;
  } catch (error) {
    if (!keptBy(error)) throw error;
    return true;
  }
}

async function usedElsewhere(db: TenantDb, variantIds: number[]): Promise<boolean> {
  if (!variantIds.length) return false;
  const [[sales], [stock], [purchase], [component]] = await db.batch([
    db
      .select({ id: t.salesDocumentLines.id })
      .from(t.salesDocumentLines)
      .where(inArray(t.salesDocumentLines.variantId, variantIds))
      .limit(1),
    db
      .select({ id: t.stockDocumentLines.id })
      .from(t.stockDocumentLines)
      .where(inArray(t.stockDocumentLines.variantId, variantIds))
      .limit(1),
    db
      .select({ id: t.purchaseOrderLines.id })
      .from(t.purchaseOrderLines)
      .where(inArray(t.purchaseOrderLines.variantId, variantIds))
      .limit(1),
    db
      .select({ id: t.components.id })
      .from(t.components)
      .where(and(inArray(t.components.componentVariantId, variantIds), notInArray(t.components.parentVariantId, variantIds)))
      .limit(1),
  ]);
  return Boolean(sales || stock || purchase || component);
}

async function serviceUsed(db: TenantDb, id: number): Promise<boolean> {
  const [line] = await db
    .select({ id: t.salesDocumentLines.id })
    .from(t.salesDocumentLines)
    .where(eq(t.salesDocumentLines.serviceId, id))
    .limit(1);
  return line !== undefined;
}

/** A customer a user's document names, or whom a store buyer signs in for (a membership of the control database), is kept. */
async function customerUsed(ctx: Ctx, id: number): Promise<boolean> {
  const [doc] = await ctx.db.select({ id: t.salesDocuments.id }).from(t.salesDocuments).where(eq(t.salesDocuments.customerId, id)).limit(1);
  if (doc) return true;
  const { memberships } = controlSchema;
  const [buyer] = await ctx.control
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.companyId, ctx.actor.company.id), eq(memberships.customerId, String(id))))
    .limit(1);
  return buyer !== undefined;
}

const TABLES = {
  services: { table: t.services, label: t.services.label },
  attributes: { table: t.attributes, label: t.attributes.label },
  customers: { table: t.customers, label: t.customers.label },
  suppliers: { table: t.suppliers, label: t.suppliers.name },
} as const;

async function exists(db: TenantDb, table: TestContentTable, id: number): Promise<boolean> {
  const def = TABLES[table as keyof typeof TABLES];
  const [row] = await db
    .select({ id: sql<number>`id` })
    .from(def.table)
    .where(sql`id = ${id}`)
    .limit(1);
  return row !== undefined;
}

async function labelOf(db: TenantDb, table: TestContentTable, id: number): Promise<string> {
  const def = TABLES[table as keyof typeof TABLES];
  const [row] = await db
    .select({ label: def.label })
    .from(def.table)
    .where(sql`id = ${id}`)
    .limit(1);
  return String(row?.label ?? id);
}

/**
 * Removes the test content, documents first, step by step; what the user's own records hold is kept
 * and listed in the result. Run again, it finds nothing left to do.
 */
export async function runTestContentRemoval(run: TestContentRun): Promise<void> {
  const state: Removal = { step: 0, removed: 0, kept: [], ...(run.result as Partial<Removal>) };
  while (state.step < REMOVAL_STEPS.length) {
    if (!(await run.stillRunning())) return;
    await REMOVAL_STEPS[state.step]!(run.ctx, state);
    state.step += 1;
    const last = state.step >= REMOVAL_STEPS.length;
    if (
      !(await run.save({
        progress: last ? 100 : Math.floor((state.step / REMOVAL_STEPS.length) * 99),
        result: { ...state },
        ...(last
          ? {
              status: "completed" as const,
              errors: state.kept.length ? [{ message: "test_content_kept", params: { count: state.kept.length } }] : [],
            }
          : {}),
      }))
    )
      return;
  }
}
