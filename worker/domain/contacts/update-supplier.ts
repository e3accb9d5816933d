import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { EDIT_SUPPLIERS } from "./contact-permissions";
import { parseInput, recordId, runBatch } from "./shared";
import { checkSupplierReferences, supplierColumns, supplierRow, supplierView } from "./supplier-queries";
import { UpdateSupplierInput, type SupplierView } from "./supplier-schemas";

const { suppliers, supplierTagLinks } = tenantSchema;

/** Updates what is given; `tag_ids` replaces the tags. */
export async function updateSupplier(ctx: Ctx, raw: { id: unknown } & Record<string, unknown>): Promise<SupplierView> {
  requirePermission(ctx, EDIT_SUPPLIERS);
  const { db } = ctx;
  const { id, ...fields } = raw;
  const current = await supplierRow(db, recordId(id));
  const input = parseInput(UpdateSupplierInput, fields);
  await checkSupplierReferences(db, input, current);
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(suppliers)
      .set({ ...supplierColumns(input), updatedAt: ctx.now() })
      .where(eq(suppliers.id, current.id)),
  ];
  if (input.tag_ids !== undefined)
    statements.push(
      db.delete(supplierTagLinks).where(eq(supplierTagLinks.supplierId, current.id)),
      ...input.tag_ids.map((tagId) => db.insert(supplierTagLinks).values({ supplierId: current.id, tagId })),
    );
  await runBatch(db, statements);
  return supplierView(db, current.id);
}
