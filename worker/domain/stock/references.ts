import { eq, sql } from "drizzle-orm";
import { keptReads, tenantSchema, type TenantDb } from "../../../db/client";
import { inJsonList } from "../shared/in-ids";
import { knownNumbering, type KnownNumbering } from "../documents/numbering";
import { todayIn, type FieldIssues } from "./common";
import { componentUnits, costPerUnit, lineUnits, type LineMove } from "./stock-rules";
import { MAX_UNITS } from "./common";
import { QUANTITY_SCALE } from "../shared/money";

const t = tenantSchema;

export interface VariantRef {
  id: number;
  sku: string;
  label: string;
  trackInventory: boolean;
  batchTracked: boolean;
  isKit: boolean;
}

export interface StockReferences {
  locations: Map<number, { id: number; label: string; active: boolean }>;
  variants: Map<number, VariantRef>;
  packs: Map<number, { id: number; variantId: number; quantity: number }>;
  batches: Map<number, { id: number; variantId: number; number: string; expirationDate: string | null }>;
  /** Per kit (or assembly) variant: its components with their own stock flags. */
  components: Map<number, { variantId: number; quantity: number; trackInventory: boolean; batchTracked: boolean }[]>;
  /** Today in the company's time zone: batches expired before it cannot be used. */
  today: string;
  /** The company's document numbering, read with the rest: a new document's number is then written with constants. */
  numbering: KnownNumbering;
}

/** The distinct ids of a list, as the JSON list a kept read binds. */
const ids = (list: readonly (number | null | undefined)[]) =>
  JSON.stringify([...new Set(list.filter((v): v is number => typeof v === "number"))]);

/**
 * The reads of what lines and locations refer to, built once per isolate (keptReads): each list of
 * ids is one JSON parameter. Every stock document's write sends them.
 */
const referenceReads = keptReads((db: TenantDb) => {
  const p = {
    locationIds: sql.placeholder("locationIds"),
    variantIds: sql.placeholder("variantIds"),
    packIds: sql.placeholder("packIds"),
    batchIds: sql.placeholder("batchIds"),
  };
  return [
    db
      .select({ id: t.locations.id, label: t.locations.label, active: t.locations.active })
      .from(t.locations)
      .where(inJsonList(t.locations.id, p.locationIds)),
    db
      .select({
        id: t.variants.id,
        sku: t.variants.sku,
        label: t.variants.label,
        trackInventory: t.variants.trackInventory,
        batchTracked: t.variants.batchTracked,
        isKit: t.variants.isKit,
      })
      .from(t.variants)
      .where(inJsonList(t.variants.id, p.variantIds)),
    db
      .select({ id: t.packs.id, variantId: t.packs.variantId, quantity: t.packs.quantity })
      .from(t.packs)
      .where(inJsonList(t.packs.id, p.packIds)),
    db
      .select({ id: t.batches.id, variantId: t.batches.variantId, number: t.batches.number, expirationDate: t.batches.expirationDate })
      .from(t.batches)
      .where(inJsonList(t.batches.id, p.batchIds)),
    db
      .select({
        parentId: t.components.parentVariantId,
        variantId: t.components.componentVariantId,
        quantity: t.components.quantity,
        trackInventory: t.variants.trackInventory,
        batchTracked: t.variants.batchTracked,
      })
      .from(t.components)
      .innerJoin(t.variants, eq(t.variants.id, t.components.componentVariantId))
      .where(inJsonList(t.components.parentVariantId, p.variantIds)),
    db
      .select({
        timezone: t.companySettings.timezone,
        documentNumbering: t.companySettings.documentNumbering,
        separateNumberingPerLocation: t.companySettings.separateNumberingPerLocation,
      })
      .from(t.companySettings)
      .limit(1),
  ] as const;
});

/** Everything some lines and locations refer to, read in one round trip. */
export async function loadStockReferences(
  db: TenantDb,
  request: {
    locationIds: (number | null | undefined)[];
    variantIds: number[];
    packIds: (number | null | undefined)[];
    batchIds: (number | null | undefined)[];
    /** The verb's clock (ctx.now()): what "today" is in the company's time zone. */
    now?: number;
  },
): Promise<StockReferences> {
  const [locations, variants, packs, batches, components, settings] = await db.batch(
    referenceReads(db, {
      locationIds: ids(request.locationIds),
      variantIds: ids(request.variantIds),
      packIds: ids(request.packIds),
      batchIds: ids(request.batchIds),
    }),
  );
  const byParent = new Map<number, StockReferences["components"] extends Map<number, infer V> ? V : never>();
  for (const { parentId, ...c } of components) byParent.set(parentId, [...(byParent.get(parentId) ?? []), c]);
  return {
    locations: new Map(locations.map((l) => [l.id, l])),
    variants: new Map(variants.map((v) => [v.id, v])),
    packs: new Map(packs.map((p) => [p.id, p])),
    batches: new Map(batches.map((b) => [b.id, b])),
    components: byParent,
    today: todayIn(settings[0]?.timezone ?? "UTC", new Date(request.now ?? Date.now())),
    numbering: knownNumbering(settings[0]),
  };
}

/** A location that may receive a new document: it exists and is active. */
export function checkLocation(
  refs: StockReferences,
  id: number | null | undefined,
  field: string,
  issues: FieldIssues,
  options: { mustBeActive: boolean },
) {
  if (id === null || id === undefined) return;
  const location = refs.locations.get(id);
  if (!location || (options.mustBeActive && !location.active)) issues.add(field, "unknown_location");
}

export interface LineInput {
  variant_id: number;
  pack_id?: number | null | undefined;
  batch_id?: number | null | undefined;
  /** Scaled units at 7 decimals. */
  quantity: number;
  /** Scaled at 4 decimals (entries only). */
  unit_cost?: number | null | undefined;
}

/**
 * What each line moves once packs and kits are resolved, with an issue per bad line: unknown
 * variant, pack or batch; a variant without inventory; a batch-tracked variant without a batch;
 * an expired batch (domain spec §5: usable again once its expiration date is updated).
 */
export function resolveLines(
  refs: StockReferences,
  lines: readonly LineInput[],
  issues: FieldIssues,
): { field: string; moves: LineMove[] }[] {
  return lines.map((line, i) => {
    const at = (name: string) => `lines.${i}.${name}`;
    const field = at("quantity");
    const variant = refs.variants.get(line.variant_id);
    if (!variant) {
      issues.add(at("variant_id"), "unknown_variant");
      return { field, moves: [] };
    }
    let packQuantity: number | null = null;
    if (line.pack_id != null) {
      const pack = refs.packs.get(line.pack_id);
      if (!pack || pack.variantId !== variant.id) issues.add(at("pack_id"), "unknown_pack");
      else packQuantity = pack.quantity;
    }
    const units = lineUnits(line.quantity, packQuantity);
    if (units > MAX_UNITS * 10 ** QUANTITY_SCALE) issues.add(field, "too_large");
    if (variant.isKit) {
      const parts = refs.components.get(variant.id) ?? [];
      if (line.batch_id != null) issues.add(at("batch_id"), "unknown_batch");
      if (parts.length === 0) issues.add(at("variant_id"), "kit_without_components");
      if (parts.some((p) => p.trackInventory && p.batchTracked)) issues.add(at("batch_id"), "batch_required");
      const moves = parts
        .filter((p) => p.trackInventory)
        .map((p) => ({ variantId: p.variantId, batchId: null, units: componentUnits(units, p.quantity) }));
      return { field, moves };
    }
    if (!variant.trackInventory) {
      issues.add(at("variant_id"), "untracked_variant");
      return { field, moves: [] };
    }
    let batchId: number | null = null;
    if (line.batch_id != null) {
      const batch = refs.batches.get(line.batch_id);
      if (!batch || batch.variantId !== variant.id) issues.add(at("batch_id"), "unknown_batch");
      else if (batch.expirationDate !== null && batch.expirationDate < refs.today)
        issues.add(at("batch_id"), "batch_expired", { number: batch.number, expiration_date: batch.expirationDate });
      else batchId = batch.id;
    } else if (variant.batchTracked) issues.add(at("batch_id"), "batch_required");
    const cost = line.unit_cost != null ? { unitCost: costPerUnit(line.unit_cost, packQuantity) } : {};
    return { field, moves: [{ variantId: variant.id, batchId, units, ...cost }] };
  });
}
