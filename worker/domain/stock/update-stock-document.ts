import { asc, eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { numberChange, numberTaken } from "../documents/numbering";
import { requirePermission, type Ctx } from "../shared/ctx";
import { parseInput } from "./common";
import type { StockDocumentInput } from "./create-stock-document";
import { StockBatch, stockAuthor } from "./ledger";
import { linesBySku } from "./line-skus";
import type { LineInput } from "./references";
import { STOCK_DOCUMENT_ACCESS } from "./stock-access";
import { UPDATE_INPUT, type ParsedCreate } from "./stock-document-schemas";
import { readStockDocument, type StockDocumentView } from "./stock-document-views";
import { lineRows, plan, reversal, savedDocument } from "./stock-document-writes";
import { orderChanges } from "./stock-rules";

const { stockDocuments, stockDocumentLines } = tenantSchema;

/**
 * Changes a saved document. New lines (or a new location) replace its effect: what it did is
 * undone from its ledger rows and the new lines applied, in one batch with ledger rows for both.
 */
export async function updateStockDocument(
  ctx: Ctx,
  { kind, id: rawId, ...raw }: StockDocumentInput & { id: unknown },
): Promise<StockDocumentView> {
  requirePermission(ctx, STOCK_DOCUMENT_ACCESS[kind].edit);
  const { db } = ctx;
  const author = stockAuthor(ctx.actor);
  const doc = await savedDocument(db, kind, rawId);
  const input = parseInput(UPDATE_INPUT[kind], await linesBySku(db, raw)) as Partial<ParsedCreate>;
  const renumber = numberChange(input.number);
  const locationId = input.location_id ?? doc.locationId;
  const arrivalId = kind === "movement" ? (input.arrival_location_id ?? doc.arrivalLocationId) : null;
  const placesChanged = locationId !== doc.locationId || arrivalId !== doc.arrivalLocationId;
  const restock = input.lines !== undefined || placesChanged;
  const lines: LineInput[] =
    input.lines ??
    (restock
      ? (
          await db.select().from(stockDocumentLines).where(eq(stockDocumentLines.documentId, doc.id)).orderBy(asc(stockDocumentLines.id))
        ).map((l) => ({
          variant_id: l.variantId,
          pack_id: l.packId,
          batch_id: l.batchId,
          quantity: l.quantity,
          unit_cost: l.unitCost,
        }))
      : []);
  const { changes } = await plan(
    db,
    kind,
    { location_id: locationId, arrival_location_id: arrivalId, lines },
    // A location made inactive since still holds the document; choosing one anew needs an active one.
    { activeLocations: placesChanged, checkLines: restock, now: ctx.now() },
  );
  const batch = new StockBatch(ctx).claimDocument(doc.id, doc.updatedAt);
  batch.add(
    db
      .update(stockDocuments)
      .set({
        ...renumber,
        locationId,
        arrivalLocationId: arrivalId,
        ...(input.date !== undefined ? { date: input.date } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
      })
      .where(eq(stockDocuments.id, doc.id)),
  );
  if (restock) {
    const fieldOf = (variantId: number) => {
      const i = lines.findIndex((l) => l.variant_id === variantId);
      return i >= 0 ? `lines.${i}.quantity` : "lines";
    };
    const undo = await reversal(db, kind, doc.id, fieldOf);
    batch.add(db.delete(stockDocumentLines).where(eq(stockDocumentLines.documentId, doc.id)));
    if (lines.length) batch.add(db.insert(stockDocumentLines).values(lineRows(doc.id, lines)));
    batch.addChanges(orderChanges([...undo, ...changes]), { documentType: kind, documentId: doc.id, author });
  }
  try {
    await batch.run();
  } catch (error) {
    throw numberTaken(kind, error, renumber.number) ?? error;
  }
  return readStockDocument(db, kind, doc.id);
}
