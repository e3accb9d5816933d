import { and, eq, sql } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { DELETE_ASKS, requireAcknowledged } from "../shared/acknowledgements";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { EDIT_SUPPLIERS } from "./contact-permissions";
import { recordId } from "./shared";
import { supplierRow } from "./supplier-queries";

const { suppliers, supplierTagLinks, variants } = tenantSchema;

/** Deletes a supplier and its tag links; refused (`in_use`, 409) while a variant names it as its supplier. */
export async function deleteSupplier(ctx: Ctx, input: { id: unknown; acknowledged: readonly string[] }): Promise<void> {
  requirePermission(ctx, EDIT_SUPPLIERS);
  const { db } = ctx;
  const current = await supplierRow(db, recordId(input.id));
  requireAcknowledged(input.acknowledged, DELETE_ASKS.supplier);
  // Purchase orders will refer to suppliers too: add them to this check once they exist.
  const inUse = sql`exists (select 1 from ${variants} where ${variants.supplierId} = ${current.id})`;
  const [used] = await db.select({ used: inUse }).from(suppliers).where(eq(suppliers.id, current.id));
  if (used && Boolean(Number(used.used))) throw new DomainError("in_use");
  // The delete repeats the condition, so that a variant linked meanwhile still keeps its supplier.
  await db.batch([
    db.delete(supplierTagLinks).where(and(eq(supplierTagLinks.supplierId, current.id), sql`not ${inUse}`)),
    db.delete(suppliers).where(and(eq(suppliers.id, current.id), sql`not ${inUse}`)),
  ]);
}
