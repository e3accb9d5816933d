import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { Decimal } from "../shared/decimal";
import { QUANTITY_SCALE } from "../shared/money";
import { qty, todayIn } from "../stock/common";
import { readSalesDocument, SALES_ACCESS } from "./sales-documents";
import { CLOSED_ORDER_STATUSES } from "./sales-order-rules";

const { variants, batches, batchStock, companySettings } = tenantSchema;

export interface ShippingChoiceLine {
  line_id: number;
  sku: string | null;
  description: string | null;
  /** In the line's own quantity: packs for a pack line. */
  remaining_to_ship: string;
  /** A pack line's pack, and the units what remains stands for (remaining × pack quantity); null otherwise. */
  pack_label: string | null;
  remaining_units: string | null;
  /** Batch-tracked variants shipped from the location: the batches it holds, not expired; null when no batch is asked. */
  batches: { id: number; number: string; expiration_date: string | null; quantity: string }[] | null;
}

/**
 * What a shipping order of a sales order may take: the order's lines that still have something to
 * ship, and for batch-tracked variants the batches the order's location holds that have not expired.
 * `shippable` is false when the order's status refuses new shipments.
 */
export async function shippingChoices(ctx: Ctx, input: { id: unknown }): Promise<{ shippable: boolean; lines: ShippingChoiceLine[] }> {
  requirePermission(ctx, SALES_ACCESS.shipping_order.edit);
  const { db } = ctx;
  const order = await readSalesDocument(db, "sales_order", input.id);
  const open = order.status !== "pending_validation" && !(CLOSED_ORDER_STATUSES as readonly string[]).includes(order.status);
  const lines = (order.lines ?? []).filter(
    (l) => l.component_of_lid === null && l.remaining_to_ship !== null && Number(l.remaining_to_ship) > 0,
  );
  const variantIds = [...new Set(lines.flatMap((l) => (l.variant_id === null ? [] : [l.variant_id])))];
  const fromStock = order.delivery_type === "stock_location";
  const tracked =
    fromStock && variantIds.length > 0
      ? await db
          .select({ id: variants.id })
          .from(variants)
          .where(and(inArray(variants.id, variantIds), eq(variants.batchTracked, true), eq(variants.trackInventory, true)))
      : [];
  const trackedIds = tracked.map((v) => v.id);
  const [[settings], held] = await Promise.all([
    db.select({ timezone: companySettings.timezone }).from(companySettings).limit(1),
    trackedIds.length > 0
      ? db
          .select({
            id: batches.id,
            variantId: batches.variantId,
            number: batches.number,
            expirationDate: batches.expirationDate,
            quantity: batchStock.quantity,
          })
          .from(batches)
          .innerJoin(batchStock, and(eq(batchStock.batchId, batches.id), eq(batchStock.locationId, order.location_id)))
          .where(and(inArray(batches.variantId, trackedIds), sql`${batchStock.quantity} > 0`))
          .orderBy(asc(batches.expirationDate), asc(batches.number))
      : Promise.resolve([]),
  ]);
  const today = todayIn(settings?.timezone ?? "UTC", new Date(ctx.now()));
  const usable = held.filter((b) => b.expirationDate === null || b.expirationDate >= today);
  return {
    shippable: open && lines.length > 0,
    lines: lines.map((l) => ({
      line_id: l.id,
      sku: l.sku,
      description: l.description,
      remaining_to_ship: l.remaining_to_ship!,
      pack_label: l.pack_label,
      remaining_units:
        l.kind === "pack" ? Decimal.parse(l.remaining_to_ship!).mul(Decimal.parse(l.pack_quantity)).round(QUANTITY_SCALE).toString() : null,
      batches:
        l.variant_id !== null && trackedIds.includes(l.variant_id)
          ? usable
              .filter((b) => b.variantId === l.variant_id)
              .map((b) => ({ id: b.id, number: b.number, expiration_date: b.expirationDate, quantity: qty(b.quantity) }))
          : null,
    })),
  };
}
