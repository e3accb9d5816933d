import { z } from "zod";
import { SALES_DOCUMENT_TYPES } from "../../domain/sales/sales-documents";
import type { SalesDocumentView, SalesLineView } from "../../domain/sales/sales-documents";
import { answer, date, decimal, id, Reference, textId, timestamp } from "./common";

const text = z.string().nullable();
const discountType = z.enum(["percentage", "amount"]);
const AddressSnapshot = z.object({ label: z.string(), lines: z.array(z.string()), country: text }).nullable();

const SalesLine = answer<SalesLineView>()(
  { id: "SalesLine", description: "One line of a sales document; a kit's components point at it by component_of_lid" },
  z.object({
    id,
    lid: z.string(),
    kind: z.string().meta({ description: "variant, pack, kit, service or text" }),
    component_of_lid: text,
    variant_id: id.nullable(),
    pack_id: id.nullable(),
    pack_label: text.meta({ description: "A pack line's pack, as priced; its quantity counts packs" }),
    service_id: id.nullable(),
    sku: text,
    description: text,
    quantity: decimal,
    units: decimal.meta({ description: "Variant units: quantity × pack quantity" }),
    pack_quantity: decimal,
    price: decimal,
    cost: decimal,
    discount: decimal,
    discount_type: discountType,
    discount_amount: decimal,
    taxes: z.array(z.object({ id, rate: decimal, amount: decimal })),
    tax_amount: decimal,
    ecotax: decimal,
    weight: decimal.meta({ description: "Grams" }),
    total: decimal.meta({ description: "Amount less the line's discount" }),
    total_excl_tax: decimal,
    total_incl_tax: decimal,
    remaining_to_ship: decimal.nullable().meta({ description: "Sales orders: what remains to ship of the line" }),
    remaining_to_invoice: decimal
      .nullable()
      .meta({ description: "Sales orders: what remains to invoice of the line (invoices not cancelled nor voided count, drafts too)" }),
    batches: z
      .array(z.object({ batch_id: id, number: z.string(), quantity: decimal }))
      .nullable()
      .meta({ description: "Shipping orders: the batches the line's units come from" }),
  }),
);

export const SalesDocument = answer<SalesDocumentView>()(
  {
    id: "SalesDocument",
    description: "An estimate or a sales order; one document holds its lines, a list leaves them out. Amounts at the currency's decimals",
  },
  z.object({
    id,
    type: z.enum(SALES_DOCUMENT_TYPES),
    number: z.string(),
    label: text,
    status: z.string(),
    payment_status: text,
    shipping_status: text,
    customer_id: id,
    customer: Reference,
    location_id: id,
    location: Reference,
    date,
    expiration_date: date.nullable(),
    shipping_date: date.nullable(),
    delivery_type: z.enum(["stock_location", "drop_shipping"]),
    currency: z.string(),
    exchange_rate: decimal,
    price_level_id: id.nullable(),
    tax_model: z.enum(["us", "global"]),
    tax_type: z.enum(["tax_exclusive", "tax_inclusive"]),
    tax_priority: z.enum(["product", "document"]),
    global_discount: decimal,
    global_discount_type: discountType,
    global_discount_amount: decimal,
    shipping_cost: decimal,
    shipping_tax_amount: decimal,
    shipping_taxes: z.array(z.object({ id, rate: decimal, amount: decimal })),
    document_tax_ids: z.array(id),
    subtotal: decimal,
    total_excl_tax: decimal,
    tax_total: decimal,
    total: decimal,
    total_units: decimal,
    total_ecotax: decimal,
    total_weight: decimal.meta({ description: "Grams" }),
    billing_address: AddressSnapshot,
    shipping_address: AddressSnapshot,
    for_the_attention_of: text,
    external_reference: text,
    notes: text,
    internal_notes: text,
    terms: text,
    created_from_id: id.nullable(),
    committed: z.boolean().meta({ description: "Sales orders: whether its lines hold their units as committed stock" }),
    user_id: textId.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    lines: z.array(SalesLine).optional(),
  }),
);

export const EmailQueued = answer<{ queued: true; to: string[]; transport: "platform" | "company" }>()(
  { id: "EmailQueued", description: "A document's email, queued: it leaves once the queue takes it" },
  z.object({
    queued: z.literal(true),
    to: z.array(z.string()).describe("Who it goes to"),
    transport: z
      .enum(["platform", "company"])
      .describe(
        "The server that carries it: the company's own SMTP server, or the platform's (the template's words only, within the daily quota)",
      ),
  }),
);
