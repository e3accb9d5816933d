import { z } from "zod";
import type { BatchView } from "../../domain/stock/batch-views";
import type { InventoryLogView } from "../../domain/stock/inventory-logs";
import type { UnallocatedBatchStock as UnallocatedBatchStockView } from "../../domain/stock/list-unallocated-batch-stock";
import type { StockDocumentLineView, StockDocumentView } from "../../domain/stock/stock-document-views";
import type { StockLevelView } from "../../domain/stock/stock-levels";
import { STOCK_DOCUMENT_KINDS } from "../../domain/stock/stock-rules";
import { answer, date, decimal, id, Reference, textId, timestamp } from "./common";

const text = z.string().nullable();
const variant = { variant_id: id, sku: z.string(), label: z.string() };

export const StockLevel = answer<StockLevelView>()(
  { id: "StockLevel", description: "What one location holds of one variant" },
  z.object({
    id,
    ...variant,
    product_id: id,
    product_label: z.string(),
    batch_tracked: z.boolean(),
    location_id: id,
    location: Reference,
    on_hand: decimal,
    reserved: decimal.meta({ description: "The same figure as committed (the specification's name for it)" }),
    available: decimal.meta({ description: "On hand (a negative on hand counts as 0) less committed, never below 0" }),
    incoming: decimal.meta({ description: "Ordered from suppliers, not yet received" }),
    committed: decimal.meta({ description: "Reserved by open sales orders delivered from this location" }),
    purchased: decimal.meta({ description: "The same figure as incoming (the specification's name for it)" }),
    reorder_point: decimal,
    bin_location: text,
    below_reorder_point: z.boolean(),
    batches: z
      .array(z.object({ batch_id: id, number: z.string(), barcode: text, expiration_date: date.nullable(), quantity: decimal }))
      .meta({ description: "Batch-tracked variants: each batch held here" }),
    unallocated: decimal.nullable().meta({ description: "Batch-tracked variants: what on hand holds beyond its batches" }),
    updated_at: timestamp,
  }),
);

const StockDocumentLine = answer<StockDocumentLineView>()(
  { id: "StockDocumentLine", description: "One line of a stock document" },
  z.object({
    id,
    ...variant,
    pack_id: id.nullable(),
    pack_label: text,
    batch_id: id.nullable(),
    batch_number: text,
    quantity: decimal,
    unit_cost: decimal.nullable(),
  }),
);

export const StockDocument = answer<StockDocumentView>()(
  {
    id: "StockDocument",
    description:
      "A stock entry, removal, movement, count, assembly transform or delivery; one document holds its lines, a list leaves them out",
  },
  z.object({
    id,
    type: z.enum([...STOCK_DOCUMENT_KINDS, "bulk_update", "assembly_transform", "delivery"]),
    number: z.string(),
    location_id: id,
    location: Reference,
    arrival_location_id: id.nullable().meta({ description: "Movements: where the stock goes" }),
    arrival_location: Reference.nullable(),
    date,
    notes: text,
    purchase_order_id: id.nullable().meta({ description: "Deliveries: the purchase order received" }),
    status: z
      .enum(["delivered", "cancelled"])
      .nullable()
      .meta({ description: "Deliveries: delivered, or cancelled (its goods taken out again)" }),
    user_id: textId.nullable(),
    lines_count: z.int(),
    total_quantity: decimal,
    lines: z.array(StockDocumentLine).optional(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);

export const InventoryLog = answer<InventoryLogView>()(
  { id: "InventoryLog", description: "One change of a stock level (the stock ledger)" },
  z.object({
    id,
    ...variant,
    location_id: id,
    location: Reference,
    batch_id: id.nullable(),
    batch_number: text,
    quantity_before: decimal,
    quantity_after: decimal,
    change: decimal,
    document_type: text,
    document_id: id.nullable(),
    document_number: text.meta({ description: "The document's number while it exists" }),
    user_id: textId.nullable(),
    created_at: timestamp,
  }),
);

export const Batch = answer<BatchView>()(
  { id: "Batch", description: "A batch (lot) of a batch-tracked variant, with its stock per location" },
  z.object({
    id,
    ...variant,
    number: z.string(),
    barcode: text,
    expiration_date: date.nullable(),
    expired: z.boolean().meta({ description: "Past its expiration date: unusable until the date is updated" }),
    quantity: decimal.meta({ description: "Held in all locations" }),
    locations: z.array(z.object({ location_id: id, label: z.string(), quantity: decimal })),
    created_at: timestamp,
  }),
);

const UnallocatedBatchStock = answer<UnallocatedBatchStockView>()(
  { id: "UnallocatedBatchStock", description: "A batch holding less than nothing in a location" },
  z.object({ batch_id: id, number: z.string(), ...variant, location_id: id, location: Reference, quantity: decimal }),
);

export const UnallocatedBatchStockList = answer<{ items: UnallocatedBatchStockView[] }>()(
  { id: "UnallocatedBatchStockList", description: "Every batch holding less than nothing somewhere" },
  z.object({ items: z.array(UnallocatedBatchStock) }),
);
