import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { DOCUMENT_ACCESS } from "../documents/document-types";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError, type FieldErrors } from "../shared/domain-error";
import { FieldIssues, parseInput, strictInput } from "../shared/input";
import { availableSql, reorderUnitsSql } from "../stock/availability";
import { qty, zOptionalId, zRefId, zRefIdRequired, zScaledQuantity } from "../stock/common";
import { CreatePurchaseOrderInput } from "./purchase-order-schemas";
import { purchaseOrderSelect, purchaseOrderView, type PurchaseOrderView } from "./purchase-order-views";
import { insertPurchaseOrder } from "./purchase-order-writes";

/**
 * Reorder (domain spec §2 Inventory, §5): the stock levels whose available plus incoming stock is
 * under their reorder point, with what to order to reach it again (stock/availability.ts holds the
 * one definition), and the purchase orders made of a selection, one per supplier, all for one
 * location ("Only products from the same location can be selected for reorder").
 */

const { stockLevels, variants, products, locations, suppliers, purchaseOrders, purchaseOrderLines } = tenantSchema;

export const REORDER_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;

/** The supplier a variant is bought from unless the user picks another: its own, else the one it was last ordered from. */
export function defaultSupplierSql(): SQL<number | null> {
  const lastOrdered = sql`(select po.supplier_id from ${purchaseOrderLines} pol join ${purchaseOrders} po on po.id = pol.document_id
    where pol.variant_id = ${variants.id} order by po.id desc limit 1)`;
  return sql<number | null>`coalesce((select s.id from ${suppliers} s where s.id = ${variants.supplierId}), ${lastOrdered})`;
}

/** Where a page starts: after the level of this location and variant (levels come by location, then variant). */
const zCursor = z
  .string({ error: "invalid" })
  .regex(/^\d{1,15}-\d{1,15}$/, "invalid")
  .transform((text) => text.split("-").map(Number) as [number, number]);

// A page's address, not a body: as on every read that is not a list, parameters it does not know are ignored.
export const ReorderSuggestionsInput = z.object({
  location_id: zOptionalId("unknown_location").optional(),
  after: zCursor.nullable().optional(),
  page_size: z
    .preprocess(
      (v) => (typeof v === "string" && /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : v),
      z.number({ error: "invalid" }).int("invalid").min(1, "too_small").max(MAX_PAGE_SIZE, "too_large"),
    )
    .optional(),
});

export interface ReorderSuggestion {
  /** The stock level's id. */
  id: number;
  variant_id: number;
  sku: string;
  label: string;
  product_label: string;
  location_id: number;
  location: { id: number; label: string };
  on_hand: string;
  committed: string;
  available: string;
  incoming: string;
  reorder_point: string;
  /** reorder_point − (available + incoming): what brings the level back to its reorder point. */
  suggested_quantity: string;
  /** The variant's supplier, else the one it was last ordered from; null when neither is known. */
  supplier: { id: number; label: string } | null;
}

export interface ReorderSuggestions {
  items: ReorderSuggestion[];
  /** Pass as `after` for the next page; null on the last page. */
  next: string | null;
}

function suggestionQuery(db: TenantDb, where: SQL | undefined, limit: number) {
  // The page is found in stock_levels alone, walking stock_levels_location_idx in its order and
  // stopping at `limit`; its variants, products, locations and suppliers are read after. Joined in
  // one query, SQLite started from the variants and sorted every level (0.5 s over 200,000).
  const page = db
    .select({
      id: stockLevels.id,
      variantId: stockLevels.variantId,
      locationId: stockLevels.locationId,
      onHand: stockLevels.onHand,
      committed: stockLevels.committed,
      available: sql<number>`${availableSql()}`.as("available"),
      incoming: stockLevels.incoming,
      reorderPoint: stockLevels.reorderPoint,
      suggested: sql<number>`${reorderUnitsSql()}`.as("suggested"),
    })
    .from(stockLevels)
    .where(
      and(
        where,
        // reorder_point > 0 as a literal: the partial index stock_levels_reorder_idx holds only those levels,
        // and SQLite uses a partial index only when the query names its condition (a bound 0 would not).
        sql`${stockLevels.reorderPoint} > 0`,
        sql`${reorderUnitsSql()} > 0`,
        // Only what is bought and kept in stock: active, inventory-tracked variants that are not kits.
        sql`exists (select 1 from ${variants} v where v.id = ${stockLevels.variantId} and v.active = 1 and v.track_inventory = 1 and v.is_kit = 0)`,
      ),
    )
    .orderBy(asc(stockLevels.locationId), asc(stockLevels.variantId))
    .limit(limit)
    .as("page");
  const supplierId = defaultSupplierSql();
  return db
    .select({
      id: page.id,
      variantId: page.variantId,
      locationId: page.locationId,
      sku: variants.sku,
      label: variants.label,
      productLabel: products.label,
      locationLabel: locations.label,
      onHand: page.onHand,
      committed: page.committed,
      available: page.available,
      incoming: page.incoming,
      reorderPoint: page.reorderPoint,
      suggested: page.suggested,
      supplierId: sql<number | null>`${supplierId}`,
      supplierLabel: sql<string | null>`(select s.name from ${suppliers} s where s.id = ${supplierId})`,
    })
    .from(page)
    .innerJoin(variants, eq(variants.id, page.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(locations, eq(locations.id, page.locationId))
    .orderBy(asc(page.locationId), asc(page.variantId));
}

type SuggestionRow = Awaited<ReturnType<typeof suggestionQuery>>[number];

function suggestionView(r: SuggestionRow): ReorderSuggestion {
  return {
    id: r.id,
    variant_id: r.variantId,
    sku: r.sku,
    label: r.label,
    product_label: r.productLabel,
    location_id: r.locationId,
    location: { id: r.locationId, label: r.locationLabel },
    on_hand: qty(r.onHand),
    committed: qty(r.committed),
    available: qty(Number(r.available)),
    incoming: qty(r.incoming),
    reorder_point: qty(r.reorderPoint),
    suggested_quantity: qty(Number(r.suggested)),
    supplier: r.supplierId === null || r.supplierLabel === null ? null : { id: Number(r.supplierId), label: r.supplierLabel },
  };
}

/**
 * One page of the levels to reorder, of one location or all, by location then variant. A page
 * follows the last one by its cursor (`after`) rather than an offset, and there is no total: both
 * would read every level of the company, and this page must answer at once over 200,000 of them.
 */
export async function reorderSuggestions(ctx: Ctx, input: unknown = {}): Promise<ReorderSuggestions> {
  requirePermission(ctx, DOCUMENT_ACCESS.purchase_order.view);
  const parsed = parseInput(ReorderSuggestionsInput, input);
  const size = parsed.page_size ?? REORDER_PAGE_SIZE;
  const rows = await suggestionQuery(ctx.db, suggestionWhere(parsed.location_id ?? null, parsed.after ?? null), size + 1);
  const items = rows.slice(0, size).map(suggestionView);
  const last = items.at(-1);
  return { items, next: rows.length > size && last ? `${last.location_id}-${last.variant_id}` : null };
}

function suggestionWhere(locationId: number | null, after: [number, number] | null): SQL | undefined {
  // Row values let SQLite walk stock_levels_location_idx (location_id, variant_id) from the cursor on.
  const from = after ? sql`(${stockLevels.locationId}, ${stockLevels.variantId}) > (${after[0]}, ${after[1]})` : undefined;
  return and(locationId === null ? undefined : eq(stockLevels.locationId, locationId), from);
}

/** Suppliers to choose from on the purchasing pages: id and name, active ones, by name. */
export async function purchasingSuppliers(db: TenantDb): Promise<{ id: number; label: string }[]> {
  return db
    .select({ id: suppliers.id, label: suppliers.name })
    .from(suppliers)
    .where(eq(suppliers.active, true))
    .orderBy(sql`${suppliers.name} collate nocase`, asc(suppliers.id))
    .limit(1000);
}

/**
 * What the reorder page shows: a page of suggestions, the locations to filter on, the suppliers to
 * pick, and the orders just made (`made`, ids) when it comes back from ordering.
 */
export async function reorderScreen(ctx: Ctx, input: unknown, made: readonly unknown[] = []) {
  const [page, locationRows, supplierRows, orders] = await Promise.all([
    reorderSuggestions(ctx, input),
    ctx.db.select({ id: locations.id, label: locations.label }).from(locations).orderBy(asc(locations.label), asc(locations.id)),
    purchasingSuppliers(ctx.db),
    readOrdersMade(ctx, made),
  ]);
  return { ...page, locations: locationRows, suppliers: supplierRows, made: orders.purchase_orders };
}

const ReorderLine = strictInput({
  variant_id: zRefIdRequired("unknown_variant"),
  // The level's location, as the page read it: every line must be of the order's location.
  location_id: zOptionalId("unknown_location").optional(),
  quantity: zScaledQuantity().nullable().optional(),
  supplier_id: zOptionalId("unknown_supplier").optional(),
});

export const OrderReorderInput = strictInput({
  location_id: zRefIdRequired("unknown_location"),
  // Without lines: every level of the location to reorder, its suggested quantity from its default supplier.
  lines: z.array(ReorderLine, { error: "invalid" }).max(1000, "too_long").optional(),
});
export type OrderReorderInput = z.input<typeof OrderReorderInput>;

export interface OrdersMade {
  purchase_orders: PurchaseOrderView[];
}

/** A line to buy: a variant, its units, the supplier and the field index it came from (for errors). */
export interface PurchaseNeed {
  variantId: number;
  units: number;
  supplierId: number;
  index: number;
}

/**
 * Checks that the variants of some lines can be bought (they exist, are tracked in stock, are not
 * kits) and that their suppliers exist; each fault is named by its line's field.
 */
export async function checkPurchaseLines(
  db: TenantDb,
  lines: readonly { variantId: number; supplierId: number | null; index: number }[],
  issues: FieldIssues,
): Promise<void> {
  const variantIds = [...new Set(lines.map((l) => l.variantId))];
  const supplierIds = [...new Set(lines.flatMap((l) => (l.supplierId === null ? [] : [l.supplierId])))];
  const [variantRows, supplierRows] = await db.batch([
    db
      .select({ id: variants.id, trackInventory: variants.trackInventory, isKit: variants.isKit })
      .from(variants)
      .where(inArray(variants.id, variantIds.length ? variantIds : [0])),
    db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(inArray(suppliers.id, supplierIds.length ? supplierIds : [0])),
  ]);
  for (const line of lines) {
    const variant = variantRows.find((v) => v.id === line.variantId);
    if (!variant) issues.add(`lines.${line.index}.variant_id`, "unknown_variant");
    else if (variant.isKit) issues.add(`lines.${line.index}.variant_id`, "kit_not_purchasable");
    else if (!variant.trackInventory) issues.add(`lines.${line.index}.variant_id`, "untracked_variant");
    if (line.supplierId === null) issues.add(`lines.${line.index}.supplier_id`, "no_supplier_selected");
    else if (!supplierRows.some((s) => s.id === line.supplierId)) issues.add(`lines.${line.index}.supplier_id`, "unknown_supplier");
  }
}

/** Needs grouped by supplier, in the order their suppliers first appear; a variant named twice is added up. */
export function bySupplier(needs: readonly PurchaseNeed[]): Map<number, { variantId: number; units: number }[]> {
  const groups = new Map<number, { variantId: number; units: number }[]>();
  for (const need of needs) {
    const group = groups.get(need.supplierId) ?? [];
    const same = group.find((g) => g.variantId === need.variantId);
    if (same) same.units += need.units;
    else group.push({ variantId: need.variantId, units: need.units });
    groups.set(need.supplierId, group);
  }
  return groups;
}

/** A new purchase order of one supplier for one location, through the purchase order's own write. */
export function newOrder(ctx: Ctx, supplierId: number, locationId: number, lines: readonly { variantId: number; units: number }[]) {
  const fields = parseInput(CreatePurchaseOrderInput, {
    supplier_id: supplierId,
    location_id: locationId,
    lines: lines.map((l) => ({ variant_id: l.variantId, quantity: qty(l.units) })),
  });
  return insertPurchaseOrder(ctx, fields);
}

/**
 * Makes purchase orders of a reorder selection, one per supplier, for one location. The lines
 * must all be of that location (`reorder_same_location`), name a supplier (`no_supplier_selected`)
 * and be something to buy; lines of quantity 0 are left out, and nothing left is
 * `no_product_for_purchase_order`. Without lines, every level of the location to reorder is
 * ordered at its suggested quantity from its default supplier (`no_product_below_reorder_point`
 * when there is none). Each order is its own write (an order made stays made if a later one fails).
 */
export async function orderReorder(ctx: Ctx, input: unknown): Promise<OrdersMade> {
  requirePermission(ctx, DOCUMENT_ACCESS.purchase_order.edit);
  const parsed = parseInput(OrderReorderInput, input);
  const { db } = ctx;
  const [location] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, parsed.location_id));
  if (!location) throw new DomainError("validation_failed", {}, { location_id: { code: "unknown_location" } });
  let needs: PurchaseNeed[];
  if (parsed.lines === undefined) {
    const rows = await suggestionQuery(db, eq(stockLevels.locationId, parsed.location_id), 1001);
    if (rows.length === 0) throw new DomainError("no_product_below_reorder_point");
    if (rows.length > 1000) throw new DomainError("validation_failed", {}, { lines: { code: "too_long" } });
    if (rows.some((r) => r.supplierId === null)) throw new DomainError("no_supplier_selected");
    needs = rows.map((r, index) => ({ variantId: r.variantId, units: Number(r.suggested), supplierId: Number(r.supplierId), index }));
  } else {
    const mixed: FieldErrors = {};
    parsed.lines.forEach((l, i) => {
      if (l.location_id != null && l.location_id !== parsed.location_id)
        mixed[`lines.${i}.location_id`] = { code: "reorder_same_location" };
    });
    if (Object.keys(mixed).length) throw new DomainError("reorder_same_location", {}, mixed);
    const chosen = parsed.lines.flatMap((l, index) =>
      l.quantity ? [{ variantId: l.variant_id, units: l.quantity, supplierId: l.supplier_id ?? null, index }] : [],
    );
    if (chosen.length === 0) throw new DomainError("no_product_for_purchase_order");
    const issues = new FieldIssues();
    await checkPurchaseLines(db, chosen, issues);
    issues.throwIfAny();
    needs = chosen.map((c) => ({ ...c, supplierId: c.supplierId! }));
  }
  const made: PurchaseOrderView[] = [];
  for (const [supplierId, lines] of bySupplier(needs)) made.push(await newOrder(ctx, supplierId, parsed.location_id, lines));
  return { purchase_orders: made };
}

/** Some purchase orders, by id, in the order given (those not found are left out): what a reorder or a backorder made. */
export async function readOrdersMade(ctx: Ctx, rawIds: readonly unknown[]): Promise<OrdersMade> {
  requirePermission(ctx, DOCUMENT_ACCESS.purchase_order.view);
  const id = zRefId("invalid");
  const ids = [
    ...new Set(
      rawIds.flatMap((raw) => {
        const parsed = id.safeParse(raw);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
  ].slice(0, 100);
  if (ids.length === 0) return { purchase_orders: [] };
  const rows = await purchaseOrderSelect(ctx.db).where(inArray(purchaseOrders.id, ids));
  const views = rows.map((r) => purchaseOrderView(r));
  return { purchase_orders: ids.flatMap((id) => views.filter((v) => v.id === id)) };
}
