import { z } from "zod";
import { statusesOf } from "../../domain/documents/statuses";
import type { PurchaseOrderLineView, PurchaseOrderView } from "../../domain/purchasing/purchase-order-views";
import { answer, date, decimal, id, Reference, textId, timestamp } from "./common";

const text = z.string().nullable();
const discountType = z.enum(["percentage", "amount"]);
const AddressSnapshot = z.object({ label: z.string(), lines: z.array(z.string()), country: text }).nullable();
const units = (description: string) => decimal.meta({ description });

const PurchaseOrderLine = answer<PurchaseOrderLineView>()(
  { id: "PurchaseOrderLine", description: "One line of a purchase order" },
  z.object({
    id,
    lid: z.string(),
    kind: z.enum(["variant", "pack", "service", "text"]),
    variant_id: id.nullable(),
    pack_id: id.nullable(),
    pack_label: text,
    service_id: id.nullable(),
    sku: text,
    description: text,
    quantity: decimal.meta({ description: "In the line's unit: packs for a pack line" }),
    units: units("Variant units ordered"),
    received_units: units("Variant units received by the order's deliveries"),
    remaining_units: units("Variant units still to receive"),
    stocked: z.boolean().meta({ description: "Whether received units go into stock (a variant whose inventory is tracked)" }),
    batch_tracked: z.boolean().meta({ description: "Whether a delivery names the batch each unit goes into" }),
    price: decimal,
    discount: decimal,
    discount_type: discountType,
    taxes: z.array(z.object({ id, rate: decimal, amount: decimal })),
    tax_amount: decimal,
    total: decimal,
  }),
);

export const PurchaseOrder = answer<PurchaseOrderView>()(
  {
    id: "PurchaseOrder",
    description:
      "An order to a supplier, priced in the supplier's currency and price level; one order holds its lines, a list leaves them out",
  },
  z.object({
    id,
    type: z.literal("purchase_order"),
    number: z.string(),
    label: text,
    supplier_id: id,
    supplier: z.object({ id, label: z.string(), email: text }),
    location_id: id,
    location: Reference,
    date,
    expected_date: date.nullable(),
    status: z.enum(statusesOf("purchase_order") as [string, ...string[]]) as unknown as z.ZodType<PurchaseOrderView["status"]>,
    currency: z.string(),
    exchange_rate: decimal,
    tax_type: z.enum(["tax_exclusive", "tax_inclusive"]),
    supplier_reference: text,
    notes: text,
    internal_notes: text,
    billing_address: AddressSnapshot,
    shipping_address: AddressSnapshot,
    global_discount: decimal,
    global_discount_type: discountType,
    shipping_cost: decimal,
    subtotal: decimal,
    global_discount_amount: decimal,
    shipping_tax_amount: decimal,
    shipping_taxes: z.array(z.object({ id, rate: decimal, amount: decimal })),
    total_excl_tax: decimal,
    tax_total: decimal,
    total: decimal,
    total_units: decimal,
    received_units: units("Variant units received so far"),
    remaining_units: units("Variant units still to receive"),
    lines: z.array(PurchaseOrderLine).optional(),
    user_id: textId.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);
