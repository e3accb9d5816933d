import { inArray, type SQLWrapper } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { parseListQuery } from "../shared/list-query";
import { runList, type ListResult } from "../shared/list-query-sql";
import { READ_SUPPLIERS } from "./contact-permissions";
import { contactFilterSql, withoutFilter } from "./list-filters";
import { assembleSupplierViews, supplierListRegistry, supplierRelated, supplierViewReads } from "./supplier-queries";
import type { SupplierView } from "./supplier-schemas";

const { suppliers } = tenantSchema;

/**
 * One page of suppliers: filters name, email, active, country, city, default_currency_id,
 * default_price_level_id, default_lead_time_days, tag_id, created; sort name (default), city,
 * default_lead_time_days, created; search on the start of the name or in the email.
 */
export async function listSuppliers(ctx: Ctx, input: URLSearchParams | Record<string, unknown>): Promise<ListResult<SupplierView>> {
  requirePermission(ctx, READ_SUPPLIERS);
  const query = parseListQuery(input, supplierListRegistry);
  const where = contactFilterSql(supplierListRegistry, query, query.filter, supplierRelated);
  const { db } = ctx;
  // The page's lookups ride in its batch: one round trip for the rows and everything they show.
  const column = (c: typeof suppliers.defaultPriceLevelId | typeof suppliers.defaultCurrencyId, ids: SQLWrapper) =>
    db.select({ id: c }).from(suppliers).where(inArray(suppliers.id, ids));
  const { related: lookups, ...result } = await runList(db, {
    from: suppliers,
    registry: supplierListRegistry,
    query: withoutFilter(query),
    where,
    related: (ids) => supplierViewReads(db, ids, column(suppliers.defaultPriceLevelId, ids), column(suppliers.defaultCurrencyId, ids)),
  });
  return { ...result, items: assembleSupplierViews(result.items, lookups) };
}
