import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { parseListQuery } from "../../shared/list-query";
import { runList, type ListResult } from "../../shared/list-query-sql";
import { ALERTS, type AlertView } from "./alert-schemas";
import { alertList, selection, view } from "./alert-shared";

/** The company's alerts through the list parameters. */
export async function listAlertsPage(ctx: Ctx, params: URLSearchParams | Record<string, unknown>): Promise<ListResult<AlertView>> {
  requirePermission(ctx, ALERTS);
  const { db } = ctx;
  const query = parseListQuery(params, alertList);
  const result = await runList(db, {
    registry: alertList,
    query,
    select: () => db.select(selection).from(tenantSchema.alerts).$dynamic(),
  });
  return { ...result, items: result.items.map(view) };
}
