import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { tenantSchema } from "../../../db/client";
import { DOCUMENT_ACCESS } from "../documents/document-types";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { FieldIssues, parseInput, strictInput } from "../shared/input";
import { PRICE_SCALE, QUANTITY_SCALE } from "../shared/money";
import { storedDecimal } from "../shared/stored-figures";
import { backorderUnitsSql, countedOnHandSql } from "../stock/availability";
import { qty, zOptionalId, zRefIdRequired, zScaledQuantity } from "../stock/common";
import { isOpen } from "./purchase-stock";
import { savedPurchaseOrder, type PurchaseOrderView } from "./purchase-order-views";
import { updatePurchaseOrder } from "./purchase-order-writes";
import { bySupplier, checkPurchaseLines, defaultSupplierSql, newOrder, purchasingSuppliers, type OrdersMade } from "./reorder";

/**
 * The backorder wizard (domain spec §2 Inventory): what open sales orders reserve beyond the stock
 * of their location and what suppliers already send, per variant and location; the user picks a
 * supplier and a quantity per product, the lines are grouped by supplier and location, and each
 * group is added to an open purchase order of that supplier and location or makes a new one.
 */

const { stockLevels, variants, products, locations, suppliers, purchaseOrders, salesDocuments, salesDocumentLines } = tenantSchema;

/** At most this many needs are read at once (by location, then variant): once ordered, they leave room for the rest. */
const MAX_NEEDS = 500;

export interface BackorderNeed {
  variant_id: number;
  sku: string;
  label: string;
  product_label: string;
  location_id: number;
  location: { id: number; label: string };
  on_hand: string;
  committed: string;
  incoming: string;
  /** committed − on hand (negative as 0) − incoming: the units to order. */
  quantity: string;
  supplier: { id: number; label: string } | null;
  /** The open sales orders holding units of the variant at the location. */
  sales_orders: { id: number; number: string | null; committed: string }[];
}

export interface OpenPurchaseOrder {
  id: number;
  number: string;
  supplier_id: number;
  location_id: number;
  status: string;
}

export interface BackorderNeeds {
  items: BackorderNeed[];
  /** Open purchase orders (pending or in progress) at the locations of the needs, to add to. */
  open_orders: OpenPurchaseOrder[];
  suppliers: { id: number; label: string }[];
}

/** The open purchase orders of some locations, newest first. */
async function openOrdersAt(ctx: Ctx, locationIds: readonly number[]): Promise<OpenPurchaseOrder[]> {
  if (locationIds.length === 0) return [];
  return ctx.db
    .select({
      id: purchaseOrders.id,
      number: purchaseOrders.number,
      supplier_id: purchaseOrders.supplierId,
      location_id: purchaseOrders.locationId,
      status: purchaseOrders.status,
    })
    .from(purchaseOrders)
    .where(and(inArray(purchaseOrders.status, ["pending", "in_progress"]), inArray(purchaseOrders.locationId, [...locationIds])))
    .orderBy(sql`${purchaseOrders.id} desc`)
    .limit(500);
}

/**
 * What the backorder wizard starts from: the stock levels whose open sales orders reserve more
 * than they hold plus what is incoming, each with the sales orders concerned and the supplier it
 * is bought from by default, the open purchase orders it may be added to and the suppliers.
 */
export async function backorderNeeds(ctx: Ctx): Promise<BackorderNeeds> {
  requirePermission(ctx, DOCUMENT_ACCESS.purchase_order.view);
  const { db } = ctx;
  // As on the reorder page: the levels are found in stock_levels alone, in the order of
  // stock_levels_location_idx, and only those are joined (joined first, SQLite scanned the variants).
  const short = db
    .select({
      variantId: stockLevels.variantId,
      locationId: stockLevels.locationId,
      onHand: sql<number>`${countedOnHandSql()}`.as("on_hand"),
      committed: stockLevels.committed,
      incoming: stockLevels.incoming,
      quantity: sql<number>`${backorderUnitsSql()}`.as("quantity"),
    })
    .from(stockLevels)
    .where(
      and(
        // A literal, as the partial index stock_levels_committed_idx says it (a bound 0 would not use it).
        sql`${stockLevels.committed} > 0`,
        sql`${backorderUnitsSql()} > 0`,
        sql`exists (select 1 from ${variants} v where v.id = ${stockLevels.variantId} and v.is_kit = 0)`,
      ),
    )
    .orderBy(asc(stockLevels.locationId), asc(stockLevels.variantId))
    .limit(MAX_NEEDS)
    .as("short");
  const supplierId = defaultSupplierSql();
  const rows = await db
    .select({
      variantId: short.variantId,
      locationId: short.locationId,
      sku: variants.sku,
      label: variants.label,
      productLabel: products.label,
      locationLabel: locations.label,
      onHand: short.onHand,
      committed: short.committed,
      incoming: short.incoming,
      quantity: short.quantity,
      supplierId: sql<number | null>`${supplierId}`,
      supplierLabel: sql<string | null>`(select s.name from ${suppliers} s where s.id = ${supplierId})`,
    })
    .from(short)
    .innerJoin(variants, eq(variants.id, short.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(locations, eq(locations.id, short.locationId))
    .orderBy(asc(short.locationId), asc(short.variantId));
  const variantIds = [...new Set(rows.map((r) => r.variantId))];
  const locationIds = [...new Set(rows.map((r) => r.locationId))];
  const [held, openOrders, supplierRows] = await Promise.all([
    variantIds.length
      ? db
          .select({
            id: salesDocuments.id,
            number: salesDocuments.number,
            locationId: salesDocuments.locationId,
            variantId: salesDocumentLines.variantId,
            committed: sql<number>`sum(${salesDocumentLines.committedUnits})`,
          })
          .from(salesDocumentLines)
          .innerJoin(salesDocuments, eq(salesDocuments.id, salesDocumentLines.documentId))
          .where(
            and(
              inArray(salesDocumentLines.variantId, variantIds),
              gt(salesDocumentLines.committedUnits, 0),
              eq(salesDocuments.type, "sales_order"),
              inArray(salesDocuments.locationId, locationIds),
            ),
          )
          .groupBy(salesDocuments.id, salesDocumentLines.variantId)
          .orderBy(asc(salesDocuments.id))
      : [],
    openOrdersAt(ctx, locationIds),
    purchasingSuppliers(db),
  ]);
  return {
    items: rows.map((r) => ({
      variant_id: r.variantId,
      sku: r.sku,
      label: r.label,
      product_label: r.productLabel,
      location_id: r.locationId,
      location: { id: r.locationId, label: r.locationLabel },
      on_hand: qty(Number(r.onHand)),
      committed: qty(r.committed),
      incoming: qty(r.incoming),
      quantity: qty(Number(r.quantity)),
      supplier: r.supplierId === null || r.supplierLabel === null ? null : { id: Number(r.supplierId), label: r.supplierLabel },
      sales_orders: held
        .filter((h) => h.variantId === r.variantId && h.locationId === r.locationId)
        .map((h) => ({ id: h.id, number: h.number, committed: qty(Number(h.committed)) })),
    })),
    open_orders: openOrders,
    suppliers: supplierRows,
  };
}

const BackorderLine = strictInput({
  variant_id: zRefIdRequired("unknown_variant"),
  location_id: zRefIdRequired("unknown_location"),
  quantity: zScaledQuantity().nullable().optional(),
  supplier_id: zOptionalId("unknown_supplier").optional(),
  // An open purchase order of the line's supplier and location to add it to; none: a new order.
  purchase_order_id: zOptionalId("unknown_purchase_order").optional(),
});

export const PlaceBackorderInput = strictInput({
  lines: z.array(BackorderLine, { error: "invalid" }).max(1000, "too_long"),
});
export type PlaceBackorderInput = z.input<typeof PlaceBackorderInput>;

interface Chosen {
  index: number;
  variantId: number;
  locationId: number;
  units: number;
  supplierId: number;
  purchaseOrderId: number | null;
}

export interface BackorderGroup {
  supplier: { id: number; label: string };
  location: { id: number; label: string };
  lines: { index: number; variant_id: number; quantity: string }[];
  /** Open orders of this supplier at this location, newest first: the group may be added to one. */
  open_orders: OpenPurchaseOrder[];
}

/** Parses and checks the wizard's lines (lines of quantity 0 are left out), each fault named by its field. */
async function chosenLines(ctx: Ctx, input: unknown, withOrders: boolean): Promise<Chosen[]> {
  const parsed = parseInput(PlaceBackorderInput, input);
  const { db } = ctx;
  const chosen = parsed.lines.flatMap((l, index) =>
    l.quantity
      ? [
          {
            index,
            variantId: l.variant_id,
            locationId: l.location_id,
            units: l.quantity,
            supplierId: l.supplier_id ?? null,
            purchaseOrderId: withOrders ? (l.purchase_order_id ?? null) : null,
          },
        ]
      : [],
  );
  if (chosen.length === 0) throw new DomainError("no_product_for_purchase_order");
  const issues = new FieldIssues();
  await checkPurchaseLines(db, chosen, issues);
  const locationIds = [...new Set(chosen.map((c) => c.locationId))];
  const orderIds = [...new Set(chosen.flatMap((c) => (c.purchaseOrderId === null ? [] : [c.purchaseOrderId])))];
  const [locationRows, orderRows] = await db.batch([
    db.select({ id: locations.id }).from(locations).where(inArray(locations.id, locationIds)),
    db
      .select({
        id: purchaseOrders.id,
        supplierId: purchaseOrders.supplierId,
        locationId: purchaseOrders.locationId,
        status: purchaseOrders.status,
      })
      .from(purchaseOrders)
      .where(inArray(purchaseOrders.id, orderIds.length ? orderIds : [0])),
  ]);
  for (const c of chosen) {
    if (!locationRows.some((l) => l.id === c.locationId)) issues.add(`lines.${c.index}.location_id`, "unknown_location");
    if (c.purchaseOrderId === null) continue;
    const order = orderRows.find((o) => o.id === c.purchaseOrderId);
    // Only an order of the line's own supplier and location receives it.
    if (!order || order.supplierId !== c.supplierId || order.locationId !== c.locationId)
      issues.add(`lines.${c.index}.purchase_order_id`, "unknown_purchase_order");
    else if (!isOpen(order.status)) issues.add(`lines.${c.index}.purchase_order_id`, "purchase_order_closed");
  }
  issues.throwIfAny();
  return chosen.map((c) => ({ ...c, supplierId: c.supplierId! }));
}

/**
 * The wizard's second step: the lines chosen, checked (`no_supplier_selected` naming a line
 * without one), grouped by supplier and location, each group with the open orders it may join.
 */
export async function planBackorder(ctx: Ctx, input: unknown): Promise<BackorderGroup[]> {
  requirePermission(ctx, DOCUMENT_ACCESS.purchase_order.edit);
  const chosen = await chosenLines(ctx, input, false);
  const { db } = ctx;
  const [supplierRows, locationRows, openOrders] = await Promise.all([
    db
      .select({ id: suppliers.id, label: suppliers.name })
      .from(suppliers)
      .where(inArray(suppliers.id, [...new Set(chosen.map((c) => c.supplierId))])),
    db
      .select({ id: locations.id, label: locations.label })
      .from(locations)
      .where(inArray(locations.id, [...new Set(chosen.map((c) => c.locationId))])),
    openOrdersAt(ctx, [...new Set(chosen.map((c) => c.locationId))]),
  ]);
  const groups = new Map<string, BackorderGroup>();
  for (const c of chosen) {
    const key = `${c.supplierId}:${c.locationId}`;
    const group = groups.get(key) ?? {
      supplier: supplierRows.find((s) => s.id === c.supplierId)!,
      location: locationRows.find((l) => l.id === c.locationId)!,
      lines: [],
      open_orders: openOrders.filter((o) => o.supplier_id === c.supplierId && o.location_id === c.locationId),
    };
    group.lines.push({ index: c.index, variant_id: c.variantId, quantity: qty(c.units) });
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** A saved line sent back as it is (decimal text, as the update reads it), its quantity raised by `add` units. */
function keptLine(line: Awaited<ReturnType<typeof savedPurchaseOrder>>["lines"][number], add = 0) {
  const text = line.kind === "text";
  return {
    lid: line.lid,
    variant_id: line.kind === "variant" || line.kind === "pack" ? line.variantId : null,
    pack_id: line.packId,
    service_id: line.serviceId,
    description: line.description,
    quantity: text ? null : storedDecimal(line.quantity + add, QUANTITY_SCALE).toString(),
    price: text ? null : storedDecimal(line.price, PRICE_SCALE).toString(),
    discount: storedDecimal(line.discount, PRICE_SCALE).toString(),
    discount_type: line.discountType,
  };
}

/**
 * Adds lines to an open order through its own update: its lines are sent back as they are, a
 * variant it already orders (by the unit) gets more of it, another gets a new line, priced for the supplier.
 */
async function addToOrder(ctx: Ctx, orderId: number, lines: readonly { variantId: number; units: number }[]): Promise<PurchaseOrderView> {
  const saved = await savedPurchaseOrder(ctx.db, orderId);
  const used = new Set(saved.lines.map((l) => l.lid));
  const added = new Map<number, number>();
  const extra: { lid: string; variant_id: number; quantity: string }[] = [];
  let next = saved.lines.length + 1;
  for (const line of lines) {
    const same = saved.lines.find((l) => l.kind === "variant" && l.variantId === line.variantId && l.packId === null);
    if (same) {
      added.set(same.id, (added.get(same.id) ?? 0) + line.units);
      continue;
    }
    while (used.has(String(next))) next++;
    used.add(String(next));
    extra.push({ lid: String(next), variant_id: line.variantId, quantity: qty(line.units) });
  }
  return updatePurchaseOrder(ctx, {
    id: orderId,
    lines: [...saved.lines.map((l) => keptLine(l, added.get(l.id) ?? 0)), ...extra],
  });
}

/**
 * Places the wizard's lines: grouped by supplier and location, each group added to the open
 * order it names (of that supplier and location) or made into a new order. Answers the orders
 * touched (those added to, then those made) for the confirmation page. Each order is its own write.
 */
export async function placeBackorder(ctx: Ctx, input: unknown): Promise<OrdersMade> {
  requirePermission(ctx, DOCUMENT_ACCESS.purchase_order.edit);
  const chosen = await chosenLines(ctx, input, true);
  const toExisting = new Map<number, Chosen[]>();
  const toNew = new Map<number, Chosen[]>();
  for (const c of chosen) {
    if (c.purchaseOrderId !== null) toExisting.set(c.purchaseOrderId, [...(toExisting.get(c.purchaseOrderId) ?? []), c]);
    else toNew.set(c.locationId, [...(toNew.get(c.locationId) ?? []), c]);
  }
  const touched: PurchaseOrderView[] = [];
  for (const [orderId, lines] of toExisting) {
    // One supplier per order (checked above): bySupplier only adds up a variant named twice.
    touched.push(await addToOrder(ctx, orderId, [...bySupplier(lines).values()].flat()));
  }
  for (const [locationId, lines] of toNew)
    for (const [supplierId, group] of bySupplier(lines)) touched.push(await newOrder(ctx, supplierId, locationId, group));
  return { purchase_orders: touched };
}
