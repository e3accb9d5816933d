import { and, inArray, not, notExists, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { isForeignKeyViolation, runBatch } from "./common";
import { EDIT_PRODUCTS } from "./price-access";

const t = tenantSchema;

function purgeStatements(db: TenantDb, productIds: number[], variantIds: number[], stockDocumentIds: number[]): BatchItem<"sqlite">[] {
  return [
    // Their stock came only from the import's own entries: the ledger rows, levels and entry lines go with them.
    db.delete(t.inventoryLogs).where(inArray(t.inventoryLogs.variantId, variantIds)),
    db.delete(t.stockLevels).where(inArray(t.stockLevels.variantId, variantIds)),
    db.delete(t.stockDocumentLines).where(inArray(t.stockDocumentLines.variantId, variantIds)),
    db
      .delete(t.stockDocuments)
      .where(
        and(
          inArray(t.stockDocuments.id, stockDocumentIds),
          notExists(
            db
              .select({ id: t.stockDocumentLines.id })
              .from(t.stockDocumentLines)
              .where(eq(t.stockDocumentLines.documentId, t.stockDocuments.id)),
          ),
        ),
      ),
    db.delete(t.prices).where(inArray(t.prices.variantId, variantIds)),
    db.delete(t.packs).where(inArray(t.packs.variantId, variantIds)),
    db.delete(t.components).where(inArray(t.components.parentVariantId, variantIds)),
    db.delete(t.variantTaxes).where(inArray(t.variantTaxes.variantId, variantIds)),
    db.delete(t.variants).where(inArray(t.variants.id, variantIds)),
    db.delete(t.productTagLinks).where(inArray(t.productTagLinks.productId, productIds)),
    db.delete(t.productAttributes).where(inArray(t.productAttributes.productId, productIds)),
    db.delete(t.products).where(inArray(t.products.id, productIds)),
  ];
}

/**
 * Undoes the products an import made, as if it had never run: those nothing else has used since
 * (no component of a kit, no stock moved but by the import's own entries `stockDocumentIds`, no
 * document line) are deleted with their stock history from those entries; the others are kept.
 */
export async function purgeImportedProducts(
  ctx: Ctx,
  productIds: number[],
  stockDocumentIds: number[],
): Promise<{ deleted: number[]; kept: number[] }> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  if (productIds.length === 0) return { deleted: [], kept: [] };
  const variants = await db
    .select({ id: t.variants.id, productId: t.variants.productId })
    .from(t.variants)
    .where(inArray(t.variants.productId, productIds));
  const variantIds = variants.map((v) => v.id);
  const [components, moved] = variantIds.length
    ? await db.batch([
        db
          .select({ variantId: t.components.componentVariantId })
          .from(t.components)
          .where(inArray(t.components.componentVariantId, variantIds)),
        db
          .selectDistinct({ variantId: t.inventoryLogs.variantId })
          .from(t.inventoryLogs)
          .where(
            and(
              inArray(t.inventoryLogs.variantId, variantIds),
              not(
                and(
                  eq(t.inventoryLogs.documentType, "entry"),
                  inArray(t.inventoryLogs.documentId, stockDocumentIds.length ? stockDocumentIds : [0]),
                )!,
              ),
            ),
          ),
      ])
    : [[], []];
  const used = new Set([...components, ...moved].map((r) => r.variantId));
  const existing = new Set(variants.map((v) => v.productId));
  const keptSet = new Set(variants.filter((v) => used.has(v.id)).map((v) => v.productId));
  // Products already gone (deleted by hand since) count as undone.
  const removable = productIds.filter((id) => !keptSet.has(id));
  const variantsOf = (ids: number[]) => variants.filter((v) => ids.includes(v.productId)).map((v) => v.id);
  try {
    await runBatch(
      db,
      purgeStatements(
        db,
        removable.filter((id) => existing.has(id)),
        variantsOf(removable),
        stockDocumentIds,
      ),
    );
    return { deleted: removable, kept: [...keptSet] };
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
  }
  // A document line names one of them: one by one, the named ones are kept.
  const deleted: number[] = [];
  const kept = [...keptSet];
  for (const id of removable) {
    try {
      await runBatch(db, purgeStatements(db, [id], variantsOf([id]), stockDocumentIds));
      deleted.push(id);
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
      kept.push(id);
    }
  }
  return { deleted, kept };
}
