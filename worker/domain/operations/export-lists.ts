import { translate } from "../../../locales";
import { listCustomers } from "../contacts/list-customers";
import { listSuppliers } from "../contacts/list-suppliers";
import { listEmployees } from "../contacts/list-employees";
import { listProducts } from "../products/list-products";
import { listInvoices } from "../invoices/list-invoices";
import type { InvoiceView } from "../invoices/invoice-views";
import { listEstimates } from "../sales/list-estimates";
import { listSalesOrders } from "../sales/list-sales-orders";
import { listShippingOrders } from "../sales/list-shipping-orders";
import { listSubscriptions } from "../subscriptions/list-subscriptions";
import type { SubscriptionView } from "../subscriptions/subscription-views";
import type { SalesDocumentView } from "../sales/sales-documents";
import { listServices } from "../services/list-services";
import { listInventoryLogs } from "../stock/inventory-logs";
import { listBatches } from "../stock/list-batches";
import { listStockDocuments } from "../stock/list-stock-documents";
import type { StockDocumentView } from "../stock/stock-document-views";
import { listStockLevels } from "../stock/stock-levels";
import { listDeliveries } from "../purchasing/deliveries";
import { listPurchaseOrders, type PurchaseOrderView } from "../purchasing/purchase-order-views";
import type { Ctx } from "../shared/ctx";
import type { ListResult } from "../shared/list-query-sql";
import type { Locale } from "../shared/locale";
import { productSheet } from "./import-products";
import type { ExportCell } from "./spreadsheets";

/** A cell from a listed row, in the language of the user who asked for the export. */
type Cell<T> = (row: T, locale: Locale) => ExportCell;

interface ExportList<T> {
  /** The file's name and the operation's label: a catalog key. */
  title: string;
  run: (ctx: Ctx, params: URLSearchParams) => Promise<ListResult<T>>;
  /** The list's columns by the keys its screen uses; an export names some of them, in its own order. */
  columns: Record<string, Cell<T>>;
  /**
   * The rows in the columns of the list's import template instead of the screen's (a row per
   * variant of a product): a file that imports back as it is. Its header with no items.
   */
  sheet?: (ctx: Ctx, items: T[]) => Promise<{ header: string[]; rows: ExportCell[][] }>;
}

const day = (ms: number | null | undefined): ExportCell =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString().slice(0, 10);
const decimal = (text: string | null | undefined): ExportCell => (text === null || text === undefined || text === "" ? null : Number(text));
const yesNo = (value: boolean, locale: Locale) => translate(locale, value ? "common.yes" : "common.no");
const labels = (items: { label: string }[]) => items.map((i) => i.label).join(", ");

const status = (value: string | null, locale: Locale): ExportCell => (value === null ? null : translate(locale, `status.${value}`));

/** The columns of the sales documents' lists (estimates, orders, shipping orders): each list shows some of them. */
const salesColumns: Record<string, Cell<SalesDocumentView>> = {
  number: (d) => d.number,
  customer: (d) => d.customer.label,
  date: (d) => d.date,
  expiration: (d) => d.expiration_date,
  status: (d, locale) => status(d.status, locale),
  payment_status: (d, locale) => status(d.payment_status, locale),
  shipping_status: (d, locale) => status(d.shipping_status, locale),
  location: (d) => d.location.label,
  total: (d) => decimal(d.total),
  currency: (d) => d.currency,
  units: (d) => decimal(d.total_units),
  sales_order: (d) => d.created_from_id,
  created: (d) => day(d.created_at),
};

/** The invoice list's columns: a draft has no number yet, and the status is the one shown (overdue). */
const invoiceColumns: Record<string, Cell<InvoiceView>> = {
  ...(salesColumns as Record<string, Cell<InvoiceView>>),
  number: (d, locale) => d.number ?? translate(locale, "status.draft"),
  status: (d, locale) => status(d.shown_status, locale),
  due_date: (d) => d.due_date,
  remaining_to_pay: (d) => decimal(d.remaining_to_pay),
};

/** The subscription list's columns: its terms beside the sales documents' columns. */
const subscriptionColumns: Record<string, Cell<SubscriptionView>> = {
  ...(salesColumns as Record<string, Cell<SubscriptionView>>),
  billing_cycle: (d) => d.billing_cycle,
  cycle_limit: (d) => d.cycle_limit,
  renewal_date: (d) => d.renewal_date,
  end_date: (d) => d.end_date,
  cycles_billed: (d) => d.cycles_billed,
};

/** The columns of the stock documents' lists (entries, removals, movements). */
const stockDocumentColumns: Record<string, Cell<StockDocumentView>> = {
  number: (d) => d.number,
  date: (d) => d.date,
  location: (d) => d.location.label,
  arrival: (d) => d.arrival_location?.label ?? null,
  lines_count: (d) => d.lines_count,
  total_quantity: (d) => decimal(d.total_quantity),
  notes: (d) => d.notes ?? null,
  created: (d) => day(d.created_at),
};

function exportList<T>(list: ExportList<T>): ExportList<unknown> {
  return list as unknown as ExportList<unknown>;
}

/** The lists that can be exported (each screen's current filters, sort and columns). */
export const EXPORT_LISTS: Record<string, ExportList<unknown>> = {
  products: exportList({
    title: "products.title",
    run: listProducts,
    sheet: (ctx, items) =>
      productSheet(
        ctx,
        items.map((p) => p.id),
      ),
    columns: {
      sku: (p) => p.sku ?? null,
      label: (p) => p.label,
      kind: (p, locale) => translate(locale, `products.kind_${p.kind}`),
      brand: (p) => p.brand?.label ?? null,
      variants_count: (p) => p.variants_count,
      tags: (p) => labels(p.tags),
      b2b_published: (p, locale) => yesNo(p.b2b_published, locale),
      active: (p, locale) => translate(locale, p.active ? "products.active" : "products.inactive"),
      created_at: (p) => day(p.created_at),
    },
  }),
  customers: exportList({
    title: "customers.title",
    run: listCustomers,
    columns: {
      label: (c) => c.label,
      number: (c) => c.number,
      emails: (c) => c.emails.join(", "),
      phone: (c) => c.phone ?? null,
      tags: (c) => labels(c.tags),
      status: (c, locale) => translate(locale, `customers.status_${c.status ?? "customer"}`),
      credit_limit: (c) => decimal(c.credit_limit),
      price_level: (c) => c.price_level?.label ?? null,
      currency: (c) => c.currency?.iso ?? null,
      city: (c) => c.addresses.find((a) => a.default_billing)?.city ?? c.addresses[0]?.city ?? null,
      active: (c, locale) => yesNo(c.active, locale),
      created: (c) => day(c.created_at),
    },
  }),
  suppliers: exportList({
    title: "suppliers.title",
    run: listSuppliers,
    columns: {
      name: (s) => s.name,
      email: (s) => s.email ?? null,
      phone: (s) => s.phone ?? null,
      city: (s) => s.city ?? null,
      country: (s) => s.country ?? null,
      tags: (s) => labels(s.tags),
      default_lead_time_days: (s) => s.default_lead_time_days ?? null,
      default_currency: (s) => s.default_currency?.iso ?? null,
      active: (s, locale) => yesNo(s.active, locale),
      created: (s) => day(s.created_at),
    },
  }),
  services: exportList({
    title: "services.title",
    run: listServices,
    columns: {
      reference: (v) => v.reference,
      label: (v) => v.label,
      price: (v) => decimal(v.price),
      tax: (v, locale) =>
        v.tax_charged ? (v.tax?.label ?? translate(locale, "services.tax_charged_short")) : translate(locale, "services.no_tax"),
      tags: (v) => labels(v.tags),
      deposit: (v, locale) => yesNo(v.deposit, locale),
      active: (v, locale) => yesNo(v.active, locale),
      created: (v) => day(v.created_at),
    },
  }),
  employees: exportList({
    title: "employees.title",
    run: listEmployees,
    columns: {
      label: (e) => e.label,
      position: (e) => e.position ?? null,
      employer: (e) => e.employer ?? null,
      email: (e) => e.email ?? null,
      phone: (e) => e.phone ?? null,
      city: (e) => e.city ?? null,
      country: (e) => e.country ?? null,
      active: (e, locale) => yesNo(e.active, locale),
      created: (e) => day(e.created_at),
    },
  }),
  stock_levels: exportList({
    title: "stock.title",
    run: listStockLevels,
    columns: {
      sku: (r) => r.sku,
      label: (r) => r.label,
      product: (r) => r.product_label,
      location: (r) => r.location.label,
      on_hand: (r) => decimal(r.on_hand),
      reserved: (r) => decimal(r.reserved),
      available: (r) => decimal(r.available),
      incoming: (r) => decimal(r.incoming),
      committed: (r) => decimal(r.committed),
      purchased: (r) => decimal(r.purchased),
      reorder_point: (r) => decimal(r.reorder_point),
      bin_location: (r) => r.bin_location ?? null,
    },
  }),
  inventory_logs: exportList({
    title: "inventory_logs.title",
    run: listInventoryLogs,
    columns: {
      created: (r) => new Date(r.created_at).toISOString().replace("T", " ").slice(0, 19),
      document: (r) => (r.document_number ? `${r.document_type} ${r.document_number}` : r.document_type),
      sku: (r) => r.sku,
      label: (r) => r.label,
      location: (r) => r.location.label,
      batch: (r) => r.batch_number ?? null,
      quantity_before: (r) => decimal(r.quantity_before),
      quantity_after: (r) => decimal(r.quantity_after),
      change: (r) => decimal(r.change),
    },
  }),
  batches: exportList({
    title: "batches.title",
    run: listBatches,
    columns: {
      number: (b) => b.number,
      sku: (b) => b.sku,
      label: (b) => b.label,
      expiration_date: (b) => b.expiration_date ?? null,
      quantity: (b) => decimal(b.quantity),
      locations: (b) => b.locations.map((l) => `${l.label} (${l.quantity})`).join(", "),
      barcode: (b) => b.barcode ?? null,
    },
  }),
  stock_entries: exportList({
    title: "stock_entries.title",
    run: (ctx, query) => listStockDocuments(ctx, { kind: "entry", query }),
    columns: stockDocumentColumns,
  }),
  stock_removals: exportList({
    title: "stock_removals.title",
    run: (ctx, query) => listStockDocuments(ctx, { kind: "removal", query }),
    columns: stockDocumentColumns,
  }),
  stock_movements: exportList({
    title: "stock_movements.title",
    run: (ctx, query) => listStockDocuments(ctx, { kind: "movement", query }),
    columns: stockDocumentColumns,
  }),
  estimates: exportList({ title: "estimates.title", run: listEstimates, columns: salesColumns }),
  sales_orders: exportList({ title: "sales_orders.title", run: listSalesOrders, columns: salesColumns }),
  shipping_orders: exportList({ title: "shipping_orders.title", run: listShippingOrders, columns: salesColumns }),
  invoices: exportList({ title: "invoices.title", run: listInvoices, columns: invoiceColumns }),
  subscriptions: exportList({ title: "subscriptions.title", run: listSubscriptions, columns: subscriptionColumns }),
  purchase_orders: exportList<PurchaseOrderView>({
    title: "menu.purchase_orders",
    run: listPurchaseOrders,
    columns: {
      number: (d) => d.number,
      date: (d) => d.date,
      supplier: (d) => d.supplier.label,
      location: (d) => d.location.label,
      status: (d, locale) => status(d.status, locale),
      expected_date: (d) => d.expected_date,
      remaining_units: (d) => decimal(d.remaining_units),
      total: (d) => decimal(d.total),
      currency: (d) => d.currency,
    },
  }),
  deliveries: exportList<StockDocumentView>({
    title: "menu.deliveries",
    run: listDeliveries,
    columns: { ...stockDocumentColumns, status: (d, locale) => status(d.status, locale) },
  }),
};
