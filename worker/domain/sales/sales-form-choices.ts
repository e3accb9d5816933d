import { asc } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { EDITS_SALES_LINES } from "./sales-line-facts";

const { customers, locations } = tenantSchema;

type Choice = { id: number; label: string };

/**
 * What the customer and location fields of the sales forms offer: the active customers and
 * locations by name, plus the inactive ones the document already names (`keep`).
 */
export async function salesFormChoices(
  ctx: Ctx,
  input: { keepCustomer?: number | null; keepLocation?: number | null } = {},
): Promise<{ customers: Choice[]; locations: Choice[] }> {
  requirePermission(ctx, EDITS_SALES_LINES);
  const [customerRows, locationRows] = await ctx.db.batch([
    ctx.db
      .select({ id: customers.id, label: customers.label, active: customers.active })
      .from(customers)
      .orderBy(asc(customers.label), asc(customers.id))
      .limit(2000),
    ctx.db
      .select({ id: locations.id, label: locations.label, active: locations.active })
      .from(locations)
      .orderBy(asc(locations.label), asc(locations.id)),
  ]);
  const kept = (rows: (Choice & { active: boolean })[], keep: number | null | undefined) =>
    rows.filter((r) => r.active || r.id === keep).map(({ id, label }) => ({ id, label }));
  return { customers: kept(customerRows, input.keepCustomer), locations: kept(locationRows, input.keepLocation) };
}
