import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { tenantSchema } from "../../../db/client";
import type { Permission } from "../identity/permissions";
import { can, type Ctx } from "../shared/ctx";
import { parseInput } from "../shared/input";
import { likePrefix } from "../shared/list-query-sql";
import { currencyDecimals, PRICE_SCALE, QUANTITY_SCALE } from "../shared/money";
import { readable, storedDecimal } from "../shared/stored-figures";

const t = tenantSchema;
/** Results per type: a search is a jump to a record, not a list. */
const PER_TYPE = 5;

export const SEARCH_TYPES = [
  "products",
  "services",
  "customers",
  "suppliers",
  "employees",
  "estimates",
  "sales_orders",
  "shipping_orders",
  "invoices",
  "product_returns",
  "credit_notes",
  "refunds",
  "subscriptions",
  "stock_entries",
  "stock_removals",
  "stock_movements",
  "purchase_orders",
  "deliveries",
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** One record found (platform spec §4 'Search result'): what a result row shows, and where it leads. */
export interface SearchResult {
  type: SearchType;
  id: number;
  label: string;
  href: string;
  sku?: string | null;
  brand?: string | null;
  entity_id?: string | null;
  email?: string | null;
  phone?: string | null;
  customer?: string | null;
  status?: string | null;
  total?: string | null;
  total_units?: string | null;
  currency?: string | null;
}

export const SearchInput = z.object({ q: z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long") });

/**
 * The global search: records of every type the actor may see whose label, SKU, reference, number
 * or name starts with the text, a few per type, in one round trip.
 */
export async function searchEverything(ctx: Ctx, input: { q: unknown }): Promise<SearchResult[]> {
  const { q } = parseInput(SearchInput, input);
  const { db } = ctx;
  const salesDocs = (
    type: "estimate" | "sales_order" | "shipping_order" | "invoice" | "product_return" | "credit_note" | "refund" | "subscription",
  ) =>
    db
      .select({
        id: t.salesDocuments.id,
        number: t.salesDocuments.number,
        label: t.salesDocuments.label,
        customer: t.customers.label,
        status: t.salesDocuments.status,
        total: readable(t.salesDocuments.total),
        units: readable(t.salesDocuments.totalUnits),
        currency: t.salesDocuments.currency,
      })
      .from(t.salesDocuments)
      .innerJoin(t.customers, eq(t.customers.id, t.salesDocuments.customerId))
      .where(
        and(
          eq(t.salesDocuments.type, type),
          or(
            likePrefix(t.salesDocuments.number, q),
            // A draft invoice has no number yet: it is found by its customer's name (a finalised one by its number only).
            type === "invoice" ? and(isNull(t.salesDocuments.number), likePrefix(t.customers.label, q)) : undefined,
          ),
        ),
      )
      .orderBy(desc(t.salesDocuments.id))
      .limit(PER_TYPE);
  const stockDocs = (type: "entry" | "removal" | "movement" | "delivery") =>
    db
      .select({ id: t.stockDocuments.id, number: t.stockDocuments.number })
      .from(t.stockDocuments)
      .where(and(eq(t.stockDocuments.type, type), likePrefix(t.stockDocuments.number, q)))
      .orderBy(desc(t.stockDocuments.id))
      .limit(PER_TYPE);
  const reads = {
    products: () =>
      db
        .select({ id: t.products.id, label: t.products.label, sku: t.variants.sku, brand: t.brands.label })
        .from(t.variants)
        .innerJoin(t.products, eq(t.products.id, t.variants.productId))
        .leftJoin(t.brands, eq(t.brands.id, t.products.brandId))
        .where(or(likePrefix(t.variants.sku, q), likePrefix(t.products.label, q)))
        .orderBy(asc(sql`${t.products.label} collate nocase`), asc(t.variants.id))
        .limit(PER_TYPE),
    services: () =>
      db
        .select({ id: t.services.id, label: t.services.label, sku: t.services.reference })
        .from(t.services)
        .where(or(likePrefix(t.services.reference, q), likePrefix(t.services.label, q)))
        .orderBy(asc(sql`${t.services.label} collate nocase`))
        .limit(PER_TYPE),
    customers: () =>
      db
        .select({
          id: t.customers.id,
          label: t.customers.label,
          number: t.customers.number,
          emails: t.customers.emails,
          phone: t.customers.phone,
        })
        .from(t.customers)
        .where(or(likePrefix(t.customers.label, q), /^\d{1,15}$/.test(q) ? eq(t.customers.number, Number(q)) : undefined))
        .orderBy(asc(sql`${t.customers.label} collate nocase`))
        .limit(PER_TYPE),
    suppliers: () =>
      db
        .select({ id: t.suppliers.id, label: t.suppliers.name, email: t.suppliers.email, phone: t.suppliers.phone })
        .from(t.suppliers)
        .where(likePrefix(t.suppliers.name, q))
        .orderBy(asc(sql`${t.suppliers.name} collate nocase`))
        .limit(PER_TYPE),
    employees: () =>
      db
        .select({ id: t.employees.id, label: t.employees.label, email: t.employees.email, phone: t.employees.phone })
        .from(t.employees)
        .where(likePrefix(t.employees.label, q))
        .orderBy(asc(sql`${t.employees.label} collate nocase`))
        .limit(PER_TYPE),
    estimates: () => salesDocs("estimate"),
    sales_orders: () => salesDocs("sales_order"),
    shipping_orders: () => salesDocs("shipping_order"),
    invoices: () => salesDocs("invoice"),
    product_returns: () => salesDocs("product_return"),
    credit_notes: () => salesDocs("credit_note"),
    refunds: () => salesDocs("refund"),
    subscriptions: () => salesDocs("subscription"),
    stock_entries: () => stockDocs("entry"),
    stock_removals: () => stockDocs("removal"),
    stock_movements: () => stockDocs("movement"),
    purchase_orders: () =>
      db
        .select({
          id: t.purchaseOrders.id,
          number: t.purchaseOrders.number,
          customer: t.suppliers.name,
          status: t.purchaseOrders.status,
          total: readable(t.purchaseOrders.total),
          units: readable(t.purchaseOrders.totalUnits),
          currency: t.purchaseOrders.currency,
        })
        .from(t.purchaseOrders)
        .innerJoin(t.suppliers, eq(t.suppliers.id, t.purchaseOrders.supplierId))
        .where(likePrefix(t.purchaseOrders.number, q))
        .orderBy(desc(t.purchaseOrders.id))
        .limit(PER_TYPE),
    deliveries: () => stockDocs("delivery"),
  };
  const allowed = SEARCH_TYPES.filter((type) => can(ctx, { allOf: [SEARCH_ACCESS[type]] }));
  if (allowed.length === 0) return [];
  const queries = allowed.map((type) => reads[type]());
  const answers = (await db.batch(queries as unknown as [(typeof queries)[number], ...(typeof queries)[number][]])) as unknown[][];
  return allowed.flatMap((type, i) => (answers[i] as Row[]).map((row) => result(type, row)));
}

/** The view permission each type asks (platform spec §6). */
const SEARCH_ACCESS: Record<SearchType, Permission> = {
  products: "view_products",
  services: "view_services",
  customers: "view_customers",
  suppliers: "view_suppliers",
  employees: "view_employees",
  estimates: "view_estimates",
  sales_orders: "view_sales_orders",
  shipping_orders: "view_shipping_orders",
  invoices: "view_invoices",
  product_returns: "view_product_returns",
  credit_notes: "view_credit_notes",
  refunds: "view_refunds",
  subscriptions: "view_subscriptions",
  stock_entries: "view_stock_entries",
  stock_removals: "view_stock_removals",
  stock_movements: "view_stock_movements",
  purchase_orders: "view_purchase_orders",
  deliveries: "view_deliveries",
};

/** Where each type's records open (platform spec §2, search-result links). */
const PATHS: Record<SearchType, string> = {
  products: "/products-and-services/products",
  services: "/products-and-services/services",
  customers: "/contacts/customers",
  suppliers: "/contacts/suppliers",
  employees: "/contacts/employees",
  estimates: "/sales/estimates",
  sales_orders: "/sales/sales-orders",
  shipping_orders: "/sales/shipping-orders",
  invoices: "/sales/invoices",
  product_returns: "/sales/product-returns",
  credit_notes: "/sales/credit-notes",
  refunds: "/sales/refunds",
  subscriptions: "/sales/subscriptions",
  stock_entries: "/inventory/stock-entries",
  stock_removals: "/inventory/stock-removals",
  stock_movements: "/inventory/stock-movements",
  purchase_orders: "/inventory/purchase-orders",
  deliveries: "/inventory/deliveries",
};

type Row = Record<string, unknown> & { id: number };

function result(type: SearchType, row: Row): SearchResult {
  const base = { type, id: row.id, href: `${PATHS[type]}/${row.id}` };
  switch (type) {
    case "products":
    case "services":
      return { ...base, label: String(row.label), sku: (row.sku as string) ?? null, brand: (row.brand as string | null) ?? null };
    case "customers":
      return {
        ...base,
        label: String(row.label),
        entity_id: String(row.number),
        email: (row.emails as string[])[0] ?? null,
        phone: (row.phone as string | null) ?? null,
      };
    case "suppliers":
    case "employees":
      return {
        ...base,
        label: String(row.label),
        email: (row.email as string | null) ?? null,
        phone: (row.phone as string | null) ?? null,
      };
    case "estimates":
    case "sales_orders":
    case "shipping_orders":
    case "invoices":
    case "product_returns":
    case "credit_notes":
    case "refunds":
    case "subscriptions":
    // A purchase order shows its supplier where sales documents show their customer.
    case "purchase_orders": {
      const currency = String(row.currency);
      return {
        ...base,
        // A draft invoice has no number: its label, else its id (as the cascades name it).
        label: String(row.number ?? row.label ?? `#${row.id}`),
        customer: String(row.customer),
        status: String(row.status),
        total: storedDecimal(row.total as number | string, PRICE_SCALE)
          .round(currencyDecimals(currency))
          .toString(),
        total_units: storedDecimal(row.units as number | string, QUANTITY_SCALE).toString(),
        currency,
      };
    }
    default:
      return { ...base, label: String(row.number) };
  }
}
