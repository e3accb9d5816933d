import { requirePermission, type Ctx } from "../shared/ctx";
import { READ_SUPPLIERS } from "./contact-permissions";
import { recordId } from "./shared";
import { supplierView } from "./supplier-queries";
import type { SupplierView } from "./supplier-schemas";

/** One supplier with its tags. */
export async function getSupplier(ctx: Ctx, input: { id: unknown }): Promise<SupplierView> {
  requirePermission(ctx, READ_SUPPLIERS);
  return supplierView(ctx.db, recordId(input.id));
}
