import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { EDIT_SUPPLIERS } from "./contact-permissions";
import { recordId } from "./shared";
import { supplierRow, supplierView } from "./supplier-queries";
import type { SupplierView } from "./supplier-schemas";

const { suppliers } = tenantSchema;

/** Makes a supplier active or inactive. */
export async function setSupplierActive(ctx: Ctx, input: { id: unknown; active: boolean }): Promise<SupplierView> {
  requirePermission(ctx, EDIT_SUPPLIERS);
  const current = await supplierRow(ctx.db, recordId(input.id));
  if (current.active !== input.active)
    await ctx.db.update(suppliers).set({ active: input.active, updatedAt: ctx.now() }).where(eq(suppliers.id, current.id));
  return supplierView(ctx.db, current.id);
}
