import { sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { IsolationArea, IsolationCompany } from "./types";

const t = tenantSchema;
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A product with one stocked variant, straight in the database (the stock tests' catalogue). */
export async function makeVariant(
  db: TenantDb,
  options: { sku?: string; batchTracked?: boolean; trackInventory?: boolean; isKit?: boolean; id?: number } = {},
): Promise<{ id: number; sku: string; productId: number }> {
  const sku = options.sku ?? `SKU-${unique()}`;
  const [product] = await db
    .insert(t.products)
    .values({
      label: `Product ${sku}`,
      kind: options.isKit ? "kit" : options.batchTracked ? "batches" : "single",
      batchTracked: options.batchTracked ?? false,
    })
    .returning({ id: t.products.id });
  const [variant] = await db
    .insert(t.variants)
    .values({
      ...(options.id !== undefined ? { id: options.id } : {}),
      productId: product!.id,
      label: `Variant ${sku}`,
      sku,
      batchTracked: options.batchTracked ?? false,
      trackInventory: options.trackInventory ?? true,
      isKit: options.isKit ?? false,
    })
    .returning({ id: t.variants.id });
  return { id: variant!.id, sku, productId: product!.id };
}

export async function makeLocation(db: TenantDb, options: { label?: string; active?: boolean; id?: number } = {}): Promise<number> {
  const [row] = await db
    .insert(t.locations)
    .values({
      ...(options.id !== undefined ? { id: options.id } : {}),
      label: options.label ?? `Location ${unique()}`,
      active: options.active ?? true,
    })
    .returning({ id: t.locations.id });
  return row!.id;
}

export async function firstLocation(db: TenantDb): Promise<number> {
  const [row] = await db.select({ id: t.locations.id }).from(t.locations).orderBy(t.locations.id).limit(1);
  return row!.id;
}

/**
 * An id past anything either company holds in that table: the record of `theirs` names nothing in
 * `mine`, and never collides with an earlier record of `theirs`.
 */
async function freeId(theirs: IsolationCompany, mine: IsolationCompany, table: string): Promise<number> {
  const highest = async (company: IsolationCompany) => {
    const [row] = await company.db.all<{ max: number | null }>(sql.raw(`select max(id) as max from ${table}`));
    return Number(row?.max ?? 0);
  };
  return Math.max(await highest(theirs), await highest(mine)) + 1;
}

async function theirDocument(
  theirs: IsolationCompany,
  mine: IsolationCompany,
  type: "entry" | "removal" | "movement" | "bulk_update" | "assembly_transform",
) {
  const location = await firstLocation(theirs.db);
  const arrival = type === "movement" ? await makeLocation(theirs.db) : null;
  const [doc] = await theirs.db
    .insert(t.stockDocuments)
    .values({
      id: await freeId(theirs, mine, "stock_documents"),
      type,
      number: `ISO-${unique()}`,
      locationId: location,
      arrivalLocationId: arrival,
      date: "2025-01-01",
    })
    .returning({ id: t.stockDocuments.id });
  return String(doc!.id);
}

export const isolation: IsolationArea = {
  bodies: {
    "post /stock-entries": { location_id: 1, lines: [{ variant_id: 1, quantity: "1" }] },
    "patch /stock-entries/{id}": { notes: "Changed" },
    "post /stock-removals": { location_id: 1, lines: [{ variant_id: 1, quantity: "1" }] },
    "patch /stock-removals/{id}": { notes: "Changed" },
    "post /stock-movements": { location_id: 1, arrival_location_id: 2, lines: [{ variant_id: 1, quantity: "1" }] },
    "patch /stock-movements/{id}": { notes: "Changed" },
    "post /inventory-bulk-updates": { location_id: 1, lines: [{ variant_id: 1, counted: "1" }] },
    "post /assembly-transforms": { variant_id: 1, location_id: 1, action: "create", quantity: "1" },
    "patch /stock-levels/{id}": { reorder_point: "5" },
    "post /batches": { variant_id: 1, number: "LOT-1" },
    "patch /batches/{id}": { expiration_date: "2999-01-01" },
  },
  records: {
    "/stock-entries/": (theirs, mine) => theirDocument(theirs, mine, "entry"),
    "/stock-removals/": (theirs, mine) => theirDocument(theirs, mine, "removal"),
    "/stock-movements/": (theirs, mine) => theirDocument(theirs, mine, "movement"),
    "/inventory-bulk-updates/": (theirs, mine) => theirDocument(theirs, mine, "bulk_update"),
    "/assembly-transforms/": (theirs, mine) => theirDocument(theirs, mine, "assembly_transform"),
    "/stock-levels/": async (theirs, mine) => {
      const variant = await makeVariant(theirs.db);
      const [level] = await theirs.db
        .insert(t.stockLevels)
        .values({ id: await freeId(theirs, mine, "stock_levels"), variantId: variant.id, locationId: await firstLocation(theirs.db) })
        .returning({ id: t.stockLevels.id });
      return String(level!.id);
    },
    "/batches/": async (theirs, mine) => {
      const variant = await makeVariant(theirs.db, { batchTracked: true });
      const [batch] = await theirs.db
        .insert(t.batches)
        .values({ id: await freeId(theirs, mine, "batches"), variantId: variant.id, number: `LOT-${unique()}` })
        .returning({ id: t.batches.id });
      return String(batch!.id);
    },
  },
};
