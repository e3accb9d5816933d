import { translate } from "../../../locales";
import { listCustomers } from "../contacts/list-customers";
import { listSuppliers } from "../contacts/list-suppliers";
import { listProducts } from "../products/list-products";
import type { Ctx } from "../shared/ctx";
import type { ListResult } from "../shared/list-query-sql";
import type { Locale } from "../shared/locale";
import type { ExportCell } from "./spreadsheets";

/** A cell from a listed row, in the language of the user who asked for the export. */
type Cell<T> = (row: T, locale: Locale) => ExportCell;

interface ExportList<T> {
  /** The file's name and the operation's label: a catalog key. */
  title: string;
  run: (ctx: Ctx, params: URLSearchParams) => Promise<ListResult<T>>;
  /** The list's columns by the keys its screen uses; an export names some of them, in its own order. */
  columns: Record<string, Cell<T>>;
}

const day = (ms: number | null | undefined): ExportCell =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString().slice(0, 10);
const decimal = (text: string | null | undefined): ExportCell => (text === null || text === undefined || text === "" ? null : Number(text));
const yesNo = (value: boolean, locale: Locale) => translate(locale, value ? "common.yes" : "common.no");
const labels = (items: { label: string }[]) => items.map((i) => i.label).join(", ");

function exportList<T>(list: ExportList<T>): ExportList<unknown> {
  return list as unknown as ExportList<unknown>;
}

/** The lists that can be exported (each screen's current filters, sort and columns). */
export const EXPORT_LISTS: Record<string, ExportList<unknown>> = {
  products: exportList({
    title: "products.title",
    run: listProducts,
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
};
