import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { insertedId } from "../shared/inserted-id";
import { EDIT_SUPPLIERS } from "./contact-permissions";
import { parseInput, runBatch } from "./shared";
import { checkSupplierReferences, supplierColumns, supplierViews, type SupplierRow } from "./supplier-queries";
import { CreateSupplierInput, type SupplierView } from "./supplier-schemas";

const { suppliers, supplierTagLinks } = tenantSchema;

/** Creates a supplier with its tags in one batch. */
export async function createSupplier(ctx: Ctx, raw: unknown): Promise<SupplierView> {
  requirePermission(ctx, EDIT_SUPPLIERS);
  const { db } = ctx;
  const input = parseInput(CreateSupplierInput, raw);
  await checkSupplierReferences(db, input);
  const newId = insertedId("suppliers");
  const [created] = (await runBatch(db, [
    db
      .insert(suppliers)
      .values({ ...supplierColumns(input), name: input.name })
      .returning(),
    ...input.tag_ids.map((tagId) => db.insert(supplierTagLinks).values({ supplierId: newId, tagId })),
  ])) as [SupplierRow[]];
  return (await supplierViews(db, created))[0]!;
}
