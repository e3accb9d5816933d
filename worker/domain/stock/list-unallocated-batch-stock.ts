import { asc, eq, lt, sql } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { qty } from "./common";
import { VIEW_BATCHES } from "./stock-access";

const { batches, batchStock, variants, locations } = tenantSchema;

export interface UnallocatedBatchStock {
  batch_id: number;
  number: string;
  variant_id: number;
  sku: string;
  label: string;
  location_id: number;
  location: { id: number; label: string };
  quantity: string;
}

/**
 * The report of unallocated negative batch stock (domain spec §5): batches holding less than
 * nothing in a location, i.e. units taken from a batch that never had them (possible only where
 * negative stock is allowed). Each needs units allocated to it, by an entry or a count.
 */
export async function listUnallocatedBatchStock(ctx: Ctx): Promise<{ items: UnallocatedBatchStock[] }> {
  requirePermission(ctx, VIEW_BATCHES);
  const { db } = ctx;
  const rows = await db
    .select({
      batchId: batchStock.batchId,
      number: batches.number,
      variantId: batches.variantId,
      sku: variants.sku,
      label: variants.label,
      locationId: batchStock.locationId,
      locationLabel: locations.label,
      quantity: batchStock.quantity,
    })
    .from(batchStock)
    .innerJoin(batches, eq(batches.id, batchStock.batchId))
    .innerJoin(variants, eq(variants.id, batches.variantId))
    .innerJoin(locations, eq(locations.id, batchStock.locationId))
    .where(lt(batchStock.quantity, 0))
    .orderBy(sql`${variants.sku} collate nocase`, asc(batches.number), asc(locations.label))
    .limit(10_000);
  return {
    items: rows.map((r) => ({
      batch_id: r.batchId,
      number: r.number,
      variant_id: r.variantId,
      sku: r.sku,
      label: r.label,
      location_id: r.locationId,
      location: { id: r.locationId, label: r.locationLabel },
      quantity: qty(r.quantity),
    })),
  };
}
