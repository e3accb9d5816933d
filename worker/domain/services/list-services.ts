import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { parseListQuery } from "../shared/list-query";
import { runList, type ListResult } from "../shared/list-query-sql";
import { READ_SERVICES } from "./service-permissions";
import { serviceFilterSql, serviceListRegistry, serviceViews } from "./service-queries";
import type { ServiceView } from "./service-schemas";

const { services } = tenantSchema;

/**
 * One page of services: filters reference, label, price, active, deposit, tax_charged, tax_id,
 * tag_id; sort label (default), reference, price, created; search on the start of label or reference.
 */
export async function listServices(ctx: Ctx, input: URLSearchParams | Record<string, unknown>): Promise<ListResult<ServiceView>> {
  requirePermission(ctx, READ_SERVICES);
  const query = parseListQuery(input, serviceListRegistry);
  const where = serviceFilterSql(query, query.filter);
  const result = await runList(ctx.db, {
    from: services,
    registry: serviceListRegistry,
    query: { ...query, filter: { conditions: [], or: [] } },
    where,
  });
  return { ...result, items: await serviceViews(ctx.db, result.items) };
}
