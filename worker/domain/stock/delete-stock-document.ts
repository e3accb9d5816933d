import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { DELETE_ASKS, requireAcknowledged } from "../shared/acknowledgements";
import { requirePermission, type Ctx } from "../shared/ctx";
import { StockBatch, stockAuthor } from "./ledger";
import { STOCK_DOCUMENT_ACCESS } from "./stock-access";
import { reversal, savedDocument } from "./stock-document-writes";
import { orderChanges, type StockDocumentKind } from "./stock-rules";

const { stockDocuments, stockDocumentLines } = tenantSchema;

/** Deletes a document and reverses the stock it moved (domain spec §4), with ledger rows for the reversal. */
export async function deleteStockDocument(
  ctx: Ctx,
  input: { kind: StockDocumentKind; id: unknown; acknowledged: readonly string[] },
): Promise<void> {
  const { kind } = input;
  requirePermission(ctx, STOCK_DOCUMENT_ACCESS[kind].edit);
  const { db } = ctx;
  const doc = await savedDocument(db, kind, input.id);
  requireAcknowledged(input.acknowledged, DELETE_ASKS.stock_document);
  const undo = await reversal(db, kind, doc.id, () => "lines");
  const batch = new StockBatch(ctx).claimDocument(doc.id, doc.updatedAt);
  batch.addChanges(orderChanges(undo), { documentType: kind, documentId: doc.id, author: stockAuthor(ctx.actor) });
  batch.add(
    db.delete(stockDocumentLines).where(eq(stockDocumentLines.documentId, doc.id)),
    db.delete(stockDocuments).where(eq(stockDocuments.id, doc.id)),
  );
  await batch.run();
}
