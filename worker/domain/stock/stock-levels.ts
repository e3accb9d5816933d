import { and, asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { parseListQuery, type ListFilter, type ListQuery } from "../shared/list-query";
import { defineListRegistry, likePrefix, listWhere, runList, type ListResult } from "../shared/list-query-sql";
import { QUANTITY_SCALE } from "../shared/money";
import { objectError, parseInput, qty, recordId, zScaledQuantity } from "./common";
import { EDIT_INVENTORY, VIEW_INVENTORY } from "./stock-access";
import { availableSql, availableUnits, belowReorderPoint, belowReorderPointSql } from "./availability";

const { stockLevels, variants, products, locations, productTagLinks, batchStock, batches } = tenantSchema;

export interface StockLevelView {
  id: number;
  variant_id: number;
  sku: string;
  label: string;
  product_id: number;
  product_label: string;
  batch_tracked: boolean;
  location_id: number;
  location: { id: number; label: string };
  on_hand: string;
  /** The spec's name for committed: the same figure. */
  reserved: string;
  /** On hand (negative as 0) less committed, never below 0 (availability.ts). */
  available: string;
  /** Ordered from suppliers, not yet received (availability.ts). */
  incoming: string;
  /** Reserved by open sales orders. */
  committed: string;
  /** The spec's name for incoming: the same figure. */
  purchased: string;
  reorder_point: string;
  bin_location: string | null;
  below_reorder_point: boolean;
  /** Batch-tracked variants: each batch held here, and what on hand holds beyond them (spec §9). */
  batches: { batch_id: number; number: string; barcode: string | null; expiration_date: string | null; quantity: string }[];
  unallocated: string | null;
  updated_at: number;
}

const available = availableSql();
const below = belowReorderPointSql();

/** What the stock level list filters and sorts on. */
export const stockLevelListRegistry = defineListRegistry({
  primaryKey: stockLevels.id,
  fields: {
    id: { type: "id", column: stockLevels.id },
    location_id: { type: "id", column: stockLevels.locationId },
    variant_id: { type: "id", column: stockLevels.variantId },
    product_id: { type: "id", column: variants.productId },
    brand_id: { type: "id", column: products.brandId },
    // Many tags per product: an EXISTS (stockLevelFilterSql), never compared to this column.
    tag_id: { type: "id", column: productTagLinks.tagId },
    below_reorder_point: { type: "boolean", column: below },
    sku: { type: "text", column: variants.sku, sortColumn: sql`${variants.sku} collate nocase`, sortable: true },
    label: { type: "text", column: variants.label, sortColumn: sql`${variants.label} collate nocase`, sortable: true },
    on_hand: { type: "decimal", scale: QUANTITY_SCALE, column: stockLevels.onHand, sortable: true },
    available: { type: "decimal", scale: QUANTITY_SCALE, column: available, sortable: true },
    // `reserved` is the spec's name for committed units (the column of that name is never written).
    reserved: { type: "decimal", scale: QUANTITY_SCALE, column: stockLevels.committed, sortable: true },
    committed: { type: "decimal", scale: QUANTITY_SCALE, column: stockLevels.committed, sortable: true },
    incoming: { type: "decimal", scale: QUANTITY_SCALE, column: stockLevels.incoming, sortable: true },
    reorder_point: { type: "decimal", scale: QUANTITY_SCALE, column: stockLevels.reorderPoint, sortable: true },
  },
  search: (text: string) => or(likePrefix(variants.sku, text), likePrefix(variants.label, text), likePrefix(products.label, text)),
});

function levelSelect(db: TenantDb) {
  return db
    .select({
      id: stockLevels.id,
      variantId: stockLevels.variantId,
      sku: variants.sku,
      label: variants.label,
      productId: variants.productId,
      productLabel: products.label,
      batchTracked: variants.batchTracked,
      locationId: stockLevels.locationId,
      locationLabel: locations.label,
      onHand: stockLevels.onHand,
      incoming: stockLevels.incoming,
      committed: stockLevels.committed,
      reorderPoint: stockLevels.reorderPoint,
      binLocation: stockLevels.binLocation,
      updatedAt: stockLevels.updatedAt,
    })
    .from(stockLevels)
    .innerJoin(variants, eq(variants.id, stockLevels.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(locations, eq(locations.id, stockLevels.locationId))
    .$dynamic();
}

type LevelRow = Awaited<ReturnType<typeof levelSelect>>[number];

async function views(db: TenantDb, rows: LevelRow[]): Promise<StockLevelView[]> {
  const tracked = rows.filter((r) => r.batchTracked);
  const held = tracked.length
    ? await db
        .select({
          variantId: batches.variantId,
          locationId: batchStock.locationId,
          batchId: batchStock.batchId,
          number: batches.number,
          barcode: batches.barcode,
          expirationDate: batches.expirationDate,
          quantity: batchStock.quantity,
        })
        .from(batchStock)
        .innerJoin(batches, eq(batches.id, batchStock.batchId))
        .where(
          and(
            inArray(batches.variantId, [...new Set(tracked.map((r) => r.variantId))]),
            inArray(batchStock.locationId, [...new Set(tracked.map((r) => r.locationId))]),
            sql`${batchStock.quantity} <> 0`,
          ),
        )
        .orderBy(asc(batches.expirationDate), asc(batches.number))
    : [];
  return rows.map((r) => {
    const availableHere = availableUnits(r);
    const mine = held.filter((b) => b.variantId === r.variantId && b.locationId === r.locationId);
    const inBatches = mine.reduce((acc, b) => acc + b.quantity, 0);
    return {
      id: r.id,
      variant_id: r.variantId,
      sku: r.sku,
      label: r.label,
      product_id: r.productId,
      product_label: r.productLabel,
      batch_tracked: r.batchTracked,
      location_id: r.locationId,
      location: { id: r.locationId, label: r.locationLabel },
      on_hand: qty(r.onHand),
      reserved: qty(r.committed),
      available: qty(availableHere),
      incoming: qty(r.incoming),
      committed: qty(r.committed),
      purchased: qty(r.incoming),
      reorder_point: qty(r.reorderPoint),
      bin_location: r.binLocation,
      below_reorder_point: belowReorderPoint(availableHere, r.reorderPoint),
      batches: mine.map((b) => ({
        batch_id: b.batchId,
        number: b.number,
        barcode: b.barcode,
        expiration_date: b.expirationDate,
        quantity: qty(b.quantity),
      })),
      unallocated: r.batchTracked ? qty(r.onHand - inBatches) : null,
      updated_at: r.updatedAt,
    };
  });
}

function filterSql(query: ListQuery, filter: ListFilter): SQL | undefined {
  const tagExists = (values: unknown[]) =>
    sql`exists (select 1 from ${productTagLinks} where ${productTagLinks.productId} = ${variants.productId} and ${inArray(productTagLinks.tagId, values as number[])})`;
  const plain = filter.conditions.filter((c) => c.field !== "tag_id");
  const tags = filter.conditions.flatMap((c) =>
    c.field !== "tag_id" ? [] : c.op === "In" ? [tagExists(c.values)] : c.op === "eq" ? [tagExists([c.value])] : [],
  );
  const groups = filter.or.map((group) => or(...group.map((branch) => filterSql(query, branch))));
  const rest = listWhere(stockLevelListRegistry, { ...query, search: undefined, filter: { conditions: plain, or: [] } });
  return and(rest, ...tags, ...groups);
}

/** The list's fields read from the level's own row (`available` and `below_reorder_point` are of its columns). */
const LEVEL_FIELDS = new Set([
  "id",
  "location_id",
  "variant_id",
  "below_reorder_point",
  "on_hand",
  "available",
  "reserved",
  "committed",
  "incoming",
  "reorder_point",
]);

/**
 * Whether a query's filters read only the levels' own columns: its count then reads the levels
 * alone, as each level has one variant, one product and one location (foreign keys), where the
 * joins cost a large catalogue three times as much (100,023 levels: 12 ms against 4 ms).
 */
export function countsLevelsAlone(query: ListQuery): boolean {
  const readsJoins = (filter: ListFilter): boolean =>
    filter.conditions.some((c) => !LEVEL_FIELDS.has(c.field)) || filter.or.some((group) => group.some(readsJoins));
  return query.search === undefined && !readsJoins(query.filter);
}

/**
 * One page of stock levels: filters location_id, variant_id, product_id, brand_id, tag_id,
 * below_reorder_point, on_hand, available, committed, incoming; sort label (default), sku, on_hand,
 * available, committed, incoming; search on
 * the start of the SKU, variant or product label.
 */
export async function listStockLevels(ctx: Ctx, input: URLSearchParams | Record<string, unknown>): Promise<ListResult<StockLevelView>> {
  requirePermission(ctx, VIEW_INVENTORY);
  const { db } = ctx;
  const query = parseListQuery(input, stockLevelListRegistry);
  const search = query.search !== undefined ? stockLevelListRegistry.search(query.search) : undefined;
  const where = and(filterSql(query, query.filter), search);
  const result = await runList(db, {
    fixedSelect: levelSelect,
    ...(countsLevelsAlone(query) ? { countFrom: stockLevels } : {}),
    registry: stockLevelListRegistry,
    query: { ...query, search: undefined, filter: { conditions: [], or: [] } },
    where,
  });
  return { ...result, items: await views(db, result.items) };
}

export async function getStockLevel(ctx: Ctx, input: { id: unknown }): Promise<StockLevelView> {
  requirePermission(ctx, VIEW_INVENTORY);
  return readStockLevel(ctx.db, recordId(input.id));
}

async function readStockLevel(db: TenantDb, id: number): Promise<StockLevelView> {
  const rows = await levelSelect(db).where(eq(stockLevels.id, id));
  if (!rows[0]) throw new DomainError("not_found");
  return (await views(db, rows))[0]!;
}

export const UpdateStockLevelInput = z.strictObject(
  {
    reorder_point: zScaledQuantity().optional(),
    bin_location: z
      .string({ error: "invalid" })
      .max(100, "too_long")
      .nullable()
      .transform((v) => (v?.trim() ? v.trim() : null))
      .optional(),
  },
  objectError,
);
export type UpdateStockLevelInput = z.input<typeof UpdateStockLevelInput>;

/** Only the reorder point and the bin location: on hand never changes without a ledger row. */
export async function updateStockLevel(
  ctx: Ctx,
  { id: rawId, ...raw }: { id: unknown } & Record<string, unknown>,
): Promise<StockLevelView> {
  requirePermission(ctx, EDIT_INVENTORY);
  const { db } = ctx;
  const id = recordId(rawId);
  const input = parseInput(UpdateStockLevelInput, raw);
  const changes = {
    ...(input.reorder_point !== undefined ? { reorderPoint: input.reorder_point } : {}),
    ...(input.bin_location !== undefined ? { binLocation: input.bin_location } : {}),
  };
  if (Object.keys(changes).length) {
    const updated = await db.update(stockLevels).set(changes).where(eq(stockLevels.id, id)).returning({ id: stockLevels.id });
    if (!updated.length) throw new DomainError("not_found");
  }
  return readStockLevel(db, id);
}

/**
 * A location's stocked variants with what each holds there (the bulk update screen): every
 * tracked variant that is not a kit, with its level when it has one, ordered by SKU.
 */
export async function locationCountSheet(ctx: Ctx, options: { location_id: number; search?: string; limit?: number; offset?: number }) {
  requirePermission(ctx, VIEW_INVENTORY);
  const { db } = ctx;
  const locationId = options.location_id;
  const search = options.search?.trim();
  const rows = await db
    .select({
      variantId: variants.id,
      sku: variants.sku,
      label: variants.label,
      batchTracked: variants.batchTracked,
      onHand: sql<number>`coalesce(${stockLevels.onHand}, 0)`,
    })
    .from(variants)
    .leftJoin(stockLevels, and(eq(stockLevels.variantId, variants.id), eq(stockLevels.locationId, locationId)))
    .where(
      and(
        eq(variants.trackInventory, true),
        eq(variants.isKit, false),
        search ? or(likePrefix(variants.sku, search), likePrefix(variants.label, search)) : undefined,
      ),
    )
    .orderBy(sql`${variants.sku} collate nocase`, asc(variants.id))
    .limit((options.limit ?? 100) + 1)
    .offset(options.offset ?? 0);
  const limit = options.limit ?? 100;
  return {
    items: rows
      .slice(0, limit)
      .map((r) => ({ variant_id: r.variantId, sku: r.sku, label: r.label, batch_tracked: r.batchTracked, on_hand: qty(Number(r.onHand)) })),
    more: rows.length > limit,
  };
}
