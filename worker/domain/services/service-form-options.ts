import { asc, eq, or, sql } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { READ_SERVICES } from "./service-permissions";

const { taxes, productTags } = tenantSchema;

/** The choices of the service form: active taxes (plus the service's own, if since made inactive) and every product tag. */
export async function serviceFormOptions(ctx: Ctx, input: { currentTaxId?: number | null } = {}) {
  requirePermission(ctx, READ_SERVICES);
  const { db } = ctx;
  const currentTaxId = input.currentTaxId ?? null;
  const [taxRows, tagRows] = await db.batch([
    db
      .select({ id: taxes.id, label: taxes.label, active: taxes.active })
      .from(taxes)
      .where(currentTaxId !== null ? or(eq(taxes.active, true), eq(taxes.id, currentTaxId)) : eq(taxes.active, true))
      .orderBy(sql`${taxes.label} collate nocase`, asc(taxes.id)),
    db
      .select({ id: productTags.id, label: productTags.label })
      .from(productTags)
      .orderBy(sql`${productTags.label} collate nocase`, asc(productTags.id)),
  ]);
  return { taxes: taxRows.map(({ id, label }) => ({ id, label })), tags: tagRows };
}
