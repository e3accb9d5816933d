import type { TenantDb } from "../../../db/client";
import { SALES_DOCUMENT_TYPES, type SalesDocumentType } from "../../../db/schema/tenant/sales";
import { STOCK_DOCUMENT_TYPES } from "../../../db/schema/tenant/stock";
import { readSalesDocument } from "../sales/sales-documents";
import type { CommittedResource } from "../shared/idempotency";
import { readStockDocument } from "../stock/stock-document-views";
import type { StockDocumentType } from "../stock/stock-rules";

/**
 * A document a request's write batch created (StockBatch.creates), read as its create answers it:
 * what a retry of that request gets when the first one failed after its commit. Null for a type
 * that names none.
 */
export function readCreatedDocument(db: TenantDb, { type, id }: CommittedResource): Promise<unknown> | null {
  if ((SALES_DOCUMENT_TYPES as readonly string[]).includes(type)) return readSalesDocument(db, type as SalesDocumentType, id);
  if ((STOCK_DOCUMENT_TYPES as readonly string[]).includes(type)) return readStockDocument(db, type as StockDocumentType, id);
  return null;
}
