import { asc, sql } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { READ_SUPPLIERS } from "./contact-permissions";
import { referenceOptions } from "./shared";
import type { SupplierView } from "./supplier-schemas";

const { supplierTags } = tenantSchema;

/** The choices of the supplier form: purchasing price levels, currencies and supplier tags (the edited supplier keeps its own). */
export async function supplierFormOptions(ctx: Ctx, input: { current?: SupplierView } = {}) {
  requirePermission(ctx, READ_SUPPLIERS);
  const { db } = ctx;
  const { current } = input;
  const [refs, tags] = await Promise.all([
    referenceOptions(db, "purchasing", { priceLevelId: current?.default_price_level_id, currencyId: current?.default_currency_id }),
    db
      .select({ id: supplierTags.id, label: supplierTags.label })
      .from(supplierTags)
      .orderBy(sql`${supplierTags.label} collate nocase`, asc(supplierTags.id)),
  ]);
  return { ...refs, tags };
}
