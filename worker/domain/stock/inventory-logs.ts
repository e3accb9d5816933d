import { eq, or, sql } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { parseListQuery } from "../shared/list-query";
import { defineListRegistry, likePrefix, runList, type ListResult } from "../shared/list-query-sql";
import { STOCK_DOCUMENT_TYPES } from "../../../db/schema/tenant/stock";
import { qty } from "./common";
import { VIEW_INVENTORY } from "./stock-access";

const { inventoryLogs, variants, locations, batches, stockDocuments, salesDocuments } = tenantSchema;

export interface InventoryLogView {
  id: number;
  variant_id: number;
  sku: string;
  label: string;
  location_id: number;
  location: { id: number; label: string };
  batch_id: number | null;
  batch_number: string | null;
  quantity_before: string;
  quantity_after: string;
  change: string;
  document_type: string | null;
  document_id: number | null;
  /** The document's number (a stock document's or a shipping order's) while it exists (deleted documents keep their ledger rows). */
  document_number: string | null;
  user_id: string | null;
  created_at: number;
}

/** What the inventory log list filters and sorts on; newest first by default. */
export const inventoryLogListRegistry = defineListRegistry({
  primaryKey: inventoryLogs.id,
  defaultSort: [{ by: "id", direction: "desc" }],
  fields: {
    id: { type: "id", column: inventoryLogs.id, sortable: true },
    variant_id: { type: "id", column: inventoryLogs.variantId },
    location_id: { type: "id", column: inventoryLogs.locationId },
    batch_id: { type: "id", column: inventoryLogs.batchId },
    document_type: { type: "enum", values: STOCK_DOCUMENT_TYPES, column: inventoryLogs.documentType },
    document_id: { type: "id", column: inventoryLogs.documentId },
    user_id: { type: "id", format: "text", column: inventoryLogs.userId },
    change: { type: "decimal", scale: 7, column: inventoryLogs.change, sortable: true },
    created: { type: "number", column: inventoryLogs.createdAt, sortable: true },
  },
  search: (text: string) => or(likePrefix(variants.sku, text), likePrefix(variants.label, text)),
});

/**
 * One page of the stock ledger: filters variant_id, location_id, batch_id, document_type,
 * document_id, user_id, change, created (ranges); sort -id (default), change, created; search on SKU or label.
 */
export async function listInventoryLogs(ctx: Ctx, input: URLSearchParams | Record<string, unknown>): Promise<ListResult<InventoryLogView>> {
  requirePermission(ctx, VIEW_INVENTORY);
  const { db } = ctx;
  const query = parseListQuery(input, inventoryLogListRegistry);
  const result = await runList(db, {
    registry: inventoryLogListRegistry,
    query,
    select: () =>
      db
        .select({
          id: inventoryLogs.id,
          variantId: inventoryLogs.variantId,
          sku: variants.sku,
          label: variants.label,
          locationId: inventoryLogs.locationId,
          locationLabel: locations.label,
          batchId: inventoryLogs.batchId,
          batchNumber: batches.number,
          before: inventoryLogs.quantityBefore,
          after: inventoryLogs.quantityAfter,
          change: inventoryLogs.change,
          documentType: inventoryLogs.documentType,
          documentId: inventoryLogs.documentId,
          documentNumber: sql<
            string | null
          >`coalesce((select ${stockDocuments.number} from ${stockDocuments} where ${stockDocuments.id} = ${inventoryLogs.documentId} and ${stockDocuments.type} = ${inventoryLogs.documentType}),
            (select ${salesDocuments.number} from ${salesDocuments} where ${salesDocuments.id} = ${inventoryLogs.documentId} and ${salesDocuments.type} = ${inventoryLogs.documentType}))`,
          userId: inventoryLogs.userId,
          createdAt: inventoryLogs.createdAt,
        })
        .from(inventoryLogs)
        .innerJoin(variants, eq(variants.id, inventoryLogs.variantId))
        .innerJoin(locations, eq(locations.id, inventoryLogs.locationId))
        .leftJoin(batches, eq(batches.id, inventoryLogs.batchId))
        .$dynamic(),
  });
  return {
    ...result,
    items: result.items.map((r) => ({
      id: r.id,
      variant_id: r.variantId,
      sku: r.sku,
      label: r.label,
      location_id: r.locationId,
      location: { id: r.locationId, label: r.locationLabel },
      batch_id: r.batchId,
      batch_number: r.batchNumber,
      quantity_before: qty(r.before),
      quantity_after: qty(r.after),
      change: qty(r.change),
      document_type: r.documentType,
      document_id: r.documentId,
      document_number: r.documentNumber,
      user_id: r.userId,
      created_at: r.createdAt,
    })),
  };
}
