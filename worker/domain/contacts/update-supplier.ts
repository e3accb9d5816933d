import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { EDIT_SUPPLIERS } from "./contact-permissions";
import { eachChecked, parseInput, recordId, runBatch } from "./shared";
import { checkSupplierReferences, supplierColumns, supplierRow, supplierView } from "./supplier-queries";
import { UpdateSupplierInput, type SupplierView } from "./supplier-schemas";

const { suppliers, supplierTagLinks } = tenantSchema;

/** Updates what is given; `tag_ids` replaces the tags. */
export async function updateSupplier(ctx: Ctx, raw: { id: unknown } & Record<string, unknown>): Promise<SupplierView> {
  requirePermission(ctx, EDIT_SUPPLIERS);
  const { id, ...fields } = raw;
  const supplierId = recordId(id);
  await runBatch(ctx.db, await planSupplierUpdate(ctx, supplierId, fields));
  return supplierView(ctx.db, supplierId);
}

/**
 * Updates many suppliers (an import) by the rules of `updateSupplier`, all in one batch: each
 * one's faults are named under its index (`3.email`), all of them in one answer.
 */
export async function updateSuppliers(
  ctx: Ctx,
  changes: readonly { id: number; input: Record<string, unknown> }[],
  options: { checkOnly?: boolean; alongside?: BatchItem<"sqlite">[] } = {},
): Promise<number> {
  requirePermission(ctx, EDIT_SUPPLIERS);
  const planned = await eachChecked(changes, (change) => planSupplierUpdate(ctx, change.id, change.input));
  if (!options.checkOnly) await runBatch(ctx.db, [...planned.flat(), ...(options.alongside ?? [])]);
  return planned.length;
}

/** Checks a change of one supplier and answers the statements that make it (run them in one batch). */
async function planSupplierUpdate(ctx: Ctx, id: number, fields: unknown): Promise<BatchItem<"sqlite">[]> {
  const { db } = ctx;
  const current = await supplierRow(db, id);
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
  return statements;
}
