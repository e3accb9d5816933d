import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { parseListQuery } from "../shared/list-query";
import { runList, type ListResult } from "../shared/list-query-sql";
import { READ_SUPPLIERS } from "./contact-permissions";
import { contactFilterSql, withoutFilter } from "./list-filters";
import { supplierListRegistry, supplierRelated, supplierViews } from "./supplier-queries";
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
  const result = await runList(ctx.db, { from: suppliers, registry: supplierListRegistry, query: withoutFilter(query), where });
  return { ...result, items: await supplierViews(ctx.db, result.items) };
}
