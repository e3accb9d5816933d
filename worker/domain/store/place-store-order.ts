import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { tenantSchema } from "../../../db/client";
import type { AddressSnapshot } from "../../../db/schema/tenant/sales";
import { entryStatus } from "../documents/statuses";
import { assertMayWrite } from "../identity/actor";
import { insertSalesDocument } from "../sales/sales-document-writes";
import type { SalesDocumentView } from "../sales/sales-documents";
import { orderRules } from "../sales/sales-order-rules";
import { addressSnapshot } from "../sales/sales-lines";
import { SalesLineInput } from "../sales/sales-schemas";
import { salesOrderCreatedRow } from "../settings/alerts/alert-watch";
import { can, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { inIds } from "../shared/in-ids";
import { fieldError, parseInput, strictInput, zOptionalText } from "../shared/input";
import { pooledBalanceSql } from "../stock/availability";
import { buyerOf } from "./buyer";
import { buyerVisit } from "./buyer-visit";
import { readCartCatalogue } from "./cart-catalogue";
import { cartPolicy } from "./cart-policy";
import { changeCart, type CartStore } from "./cart-store";
import { describedLines, StoredCartLines, storedLines } from "./cart-view";
import { sellableVariant } from "./sellable";
import { storeShippingCost } from "./store-shipping-cost";

const t = tenantSchema;

/** What the buyer adds when finalizing the order (platform spec §2, /b2b/order). */
export const PlaceStoreOrderInput = strictInput({
  external_reference: zOptionalText(200).optional(),
  notes: zOptionalText(5000).optional(),
  // One of the customer's addresses; without it, the customer's default.
  shipping_address_id: z.number({ error: "unknown_address" }).int().positive().optional(),
  billing_address_id: z.number({ error: "unknown_address" }).int().positive().optional(),
});

/**
 * Turns the buyer's cart into a sales order of their customer (domain spec §4: a portal order
 * starts in pending_validation, which staff validate in Sales, unless the store confirms
 * orders automatically), with the store's shipping cost: priced for the customer, held to
 * its minimum order amount and credit limit, its units reserved at the store's location in the
 * order's own batch. A store that does not sell below zero refuses what is no longer there
 * (out_of_stock_not_allowed), so buyers ordering the last units at once never get more than there
 * is. The cart is emptied with the order, and left as it was when the order is refused.
 * A line the store stopped selling since the cart was last read (sellable.ts) refuses the order
 * (store_cart_changed) and leaves the cart, which keeps only what is sold, for the buyer to check.
 */
export async function placeStoreOrder(ctx: Ctx, input: { cart: CartStore; order: unknown }): Promise<SalesDocumentView> {
  const buyer = buyerOf(ctx);
  // A company that may only be read takes no order, from its store either (decision 049).
  assertMayWrite(ctx.actor);
  const { shipping_address_id, billing_address_id, ...fields } = parseInput(PlaceStoreOrderInput, input.order);
  const chosen = await chosenAddresses(ctx, buyer.customerId, { shipping_address_id, billing_address_id });
  // Staff viewing a customer's store see the cart but do not order for them (domain spec §5).
  if (can(ctx, { allOf: ["b2b_portal"] })) throw new DomainError("store_staff_cannot_order");
  const { order } = await changeCart(input.cart, async (stored) => {
    const lines = StoredCartLines.parse(stored);
    const catalogue = await readCartCatalogue(ctx, buyer, lines);
    const { settings } = catalogue;
    if (settings.prevent_from_ordering) throw new DomainError("store_ordering_disabled");
    const policy = cartPolicy(settings);
    const items = describedLines(lines, catalogue);
    // The buyer confirmed the cart they saw: never an order without lines they were shown.
    if (items.length < lines.length) return { lines: storedLines(items), order: null };
    if (items.length === 0) throw new DomainError("cart_empty");
    if (catalogue.locationId === null) throw fieldError("location_id", "unknown_location");
    const shippingCost = await storeShippingCost(ctx, buyer.customerId, settings);
    // A store selling from all its locations reserves at its own, which may go below zero there: the
    // rule is then held on what is left in all active locations together, inside the order's batch.
    const allLocations = settings.use_stock_from_all_locations;
    const guardsLocation = !policy.allowNegativeStock && !allLocations;
    const author = ctx.actor.kind === "user" ? { ...ctx.actor, preventNegativeInventory: guardsLocation } : ctx.actor;
    const ordered = [...new Set(items.map((i) => i.variantId))];
    const placed = await insertSalesDocument(
      { ...ctx, actor: author },
      {
        type: "sales_order",
        customerId: buyer.customerId,
        locationId: catalogue.locationId,
        fields: {
          ...fields,
          shipping_cost: shippingCost,
          lines: items.map((i) =>
            parseInput(SalesLineInput, { variant_id: i.variantId, pack_id: i.packId, quantity: i.quantity.toString() }),
          ),
        },
        reserve: true,
        ...orderRules,
        afterReserving: (batch) => {
          // Still sold when the order is written, whatever changed since the cart was read.
          batch.requireThat(
            sql`not exists (select 1 from ${t.variants} where ${inIds(t.variants.id, ordered)} and not ${sellableVariant()})`,
            new DomainError("store_cart_changed"),
          );
          if (allLocations && !policy.allowNegativeStock)
            batch.requireThat(
              sql`not exists (select 1 from ${t.stockLevels} join ${t.locations} on ${t.locations.id} = ${t.stockLevels.locationId} and ${t.locations.active}
                join ${t.variants} on ${t.variants.id} = ${t.stockLevels.variantId} and ${t.variants.trackInventory}
                where ${t.stockLevels.variantId} in (select ${t.variants.id} from ${t.variants} where ${inArray(t.variants.id, ordered)}
                  union select ${t.components.componentVariantId} from ${t.components} where ${inArray(t.components.parentVariantId, ordered)})
                group by ${t.stockLevels.variantId}
                having ${pooledBalanceSql()} < 0)`,
              new DomainError("out_of_stock_not_allowed"),
            );
        },
        // The buyer's confirmation and the staff's alert leave with the order, or not at all.
        extra: (batch, orderId) => {
          // The addresses the buyer chose, over the customer's defaults the order was priced with.
          if (Object.keys(chosen).length > 0)
            batch.add(
              ctx.db
                .update(tenantSchema.salesDocuments)
                .set(chosen)
                .where(sql`${tenantSchema.salesDocuments.id} = ${orderId}`),
            );
          // A store that confirms at once, and tells its buyers when it confirms, tells this one now.
          if (settings.automatically_confirm_order && settings.automatically_send_email_on_confirm)
            batch.add(
              ctx.outbox.companyNaming(
                "email.store_order_confirmed",
                sql`json_object('orderId', ${orderId}, 'buyerUserId', ${buyer.userId})`,
              ),
            );
          // A store that confirms at once and invoices its orders has the invoice made now.
          if (settings.automatically_confirm_order && settings.automatically_create_invoice)
            batch.add(ctx.outbox.companyNaming("invoice.store_order", sql`json_object('orderId', ${orderId})`));
          // The buyer came: their customer's last access (and access), for the store's dashboard.
          batch.add(ctx.db.run(buyerVisit(ctx.now(), buyer)));
          batch.add(
            ctx.outbox.companyNaming(
              "email.store_order",
              sql`json_object('orderId', ${orderId}, 'buyerUserId', ${buyer.userId}, 'language', ${ctx.locale})`,
            ),
          );
          batch.add(salesOrderCreatedRow(ctx.outbox, orderId, true));
        },
        values: () => ({
          // A store that confirms automatically gives the company a validated order at once; else
          // the order enters the graph where store orders wait for validation.
          status: entryStatus("sales_order", settings.automatically_confirm_order ? "default" : "store_unconfirmed"),
          paymentStatus: entryStatus("sales_order_payment"),
          shippingStatus: entryStatus("sales_order_shipping"),
          deliveryType: "stock_location",
        }),
      },
    );
    return { lines: [], order: placed };
  });
  if (!order) throw new DomainError("store_cart_changed");
  return order;
}

/** The chosen addresses as the order keeps them; one that is not the customer's, or not for that use, is refused on its field. */
async function chosenAddresses(
  ctx: Ctx,
  customerId: number,
  ids: { shipping_address_id?: number; billing_address_id?: number },
): Promise<{ shippingAddress?: AddressSnapshot | null; billingAddress?: AddressSnapshot | null }> {
  const wanted = [ids.shipping_address_id, ids.billing_address_id].filter((id): id is number => id !== undefined);
  if (wanted.length === 0) return {};
  const a = tenantSchema.customerAddresses;
  const [rows, [customer]] = await ctx.db.batch([
    ctx.db
      .select()
      .from(a)
      .where(and(eq(a.customerId, customerId), inArray(a.id, wanted))),
    ctx.db.select({ label: tenantSchema.customers.label }).from(tenantSchema.customers).where(eq(tenantSchema.customers.id, customerId)),
  ]);
  const pick = (id: number | undefined, use: "shipping" | "billing", field: string) => {
    if (id === undefined) return undefined;
    const row = rows.find((r) => r.id === id && (r.type === "both" || r.type === use));
    if (!row) throw fieldError(field, "unknown_address");
    return addressSnapshot(row, customer?.label ?? "");
  };
  const shipping = pick(ids.shipping_address_id, "shipping", "shipping_address_id");
  const billing = pick(ids.billing_address_id, "billing", "billing_address_id");
  return {
    ...(shipping !== undefined ? { shippingAddress: shipping } : {}),
    ...(billing !== undefined ? { billingAddress: billing } : {}),
  };
}
