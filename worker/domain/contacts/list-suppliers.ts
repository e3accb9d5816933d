import { inArray, type SQLWrapper } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { parseListQuery } from "../shared/list-query";
import { runList, type ListResult } from "../shared/list-query-sql";
import { READ_SUPPLIERS } from "./contact-permissions";
import { contactFilterSql, withoutFilter } from "./list-filters";
import { assembleSupplierViews, supplierListRegistry, supplierRelated, supplierViewReads } from "./supplier-queries";
import type { SupplierView } from "./supplier-schemas";

const { suppliers } = tenantSchema;

/** A column of the page's suppliers, as a subquery. */
const column = (db: TenantDb, c: typeof suppliers.defaultPriceLevelId | typeof suppliers.defaultCurrencyId, ids: SQLWrapper) =>
  db.select({ id: c }).from(suppliers).where(inArray(suppliers.id, ids));

/** The page's lookups ride in its batch: one round trip for the rows and everything they show. */
const pageLookups = (db: TenantDb, ids: SQLWrapper) =>
  supplierViewReads(db, ids, column(db, suppliers.defaultPriceLevelId, ids), column(db, suppliers.defaultCurrencyId, ids));

/**
 * One page of suppliers: filters name, email, active, country, city, default_currency_id,
 * default_price_level_id, default_lead_time_days, tag_id, created; sort name (default), city,
 * default_lead_time_days, created; search on the start of the name or in the email.
 */
export async function listSuppliers(ctx: Ctx, input: URLSearchParams | Record<string, unknown>): Promise<ListResult<SupplierView>> {
  requirePermission(ctx, READ_SUPPLIERS);
  const query = parseListQuery(input, supplierListRegistry);
  const where = contactFilterSql(supplierListRegistry, query, query.filter, supplierRelated);
  const { related: lookups, ...result } = await runList(ctx.db, {
    from: suppliers,
    registry: supplierListRegistry,
    query: withoutFilter(query),
    where,
    related: pageLookups,
  });
  return { ...result, items: assembleSupplierViews(result.items, lookups) };
}
