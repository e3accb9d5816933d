import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { tenantSchema } from "../../../db/client";
import { newDocumentNumber, numberTaken } from "../documents/numbering";
import type { PermissionCheck } from "../identity/permissions";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { QUANTITY_SCALE } from "../shared/money";
import { availableSql, availableUnits } from "./availability";
import { FieldIssues, MAX_UNITS, objectError, parseInput, qty, zCalendarDate, zRefIdRequired, zRequiredQuantity } from "./common";
import { negativeAllowed, StockBatch, stockAuthor } from "./ledger";
import { checkLocation, loadStockReferences } from "./references";
import { writtenStockDocumentReads, writtenStockDocumentView, type StockDocumentView } from "./stock-document-views";
import { insertNewLines } from "./stock-document-writes";
import { componentUnits, orderChanges, type StockChange } from "./stock-rules";

/**
 * Assembly transforms (domain spec §2, §5): turning components into assemblies at a location
 * (create) or an assembly back into its components (split). One stock document of type
 * `assembly_transform` records it, its lines holding the signed change of each variant, and its
 * changes go through the ledger in the same batch, logged against it. Its first line is the
 * assembly (positive for a create, negative for a split; a create's line carries the cost of one
 * assembly made), the components' lines follow.
 */

const { stockDocuments, stockLevels, variants } = tenantSchema;

export const ASSEMBLY_TRANSFORM_ACTIONS = ["create", "split"] as const;
export type AssemblyTransformAction = (typeof ASSEMBLY_TRANSFORM_ACTIONS)[number];

/** Moving stock of the inventory, for a company holding the assemblies module. */
export const TRANSFORM_ASSEMBLY: PermissionCheck = { allOf: ["edit_products_inventory", "assemblies"] };
/** Reading what a transform would need (the screen): whoever may see the inventory, with the module. */
export const READ_ASSEMBLY_TRANSFORM: PermissionCheck = { allOf: ["view_products_inventory", "assemblies"] };

export const AssemblyTransformInput = z.strictObject(
  {
    variant_id: zRefIdRequired("unknown_variant"),
    location_id: zRefIdRequired("unknown_location"),
    action: z.enum(ASSEMBLY_TRANSFORM_ACTIONS, { error: (i) => (i.input === undefined ? "required" : "invalid") }),
    quantity: zRequiredQuantity({ positive: true }),
    date: zCalendarDate.optional(),
    notes: z
      .string({ error: "invalid" })
      .max(5000, "too_long")
      .nullable()
      .transform((v) => (v?.trim() ? v.trim() : null))
      .optional(),
  },
  objectError,
);
export type AssemblyTransformInput = z.input<typeof AssemblyTransformInput>;

/** What one unit of an assembly takes of each component, and what the location holds of each. */
export interface AssemblyPlan {
  variantId: number;
  sku: string;
  label: string;
  locationId: number;
  /** Units of the assembly available at the location (7 decimals). */
  available: number;
  components: {
    variantId: number;
    sku: string;
    label: string;
    /** Units one assembly takes (7 decimals). */
    perAssembly: number;
    available: number;
    movingAverageCost: number;
  }[];
}

/**
 * An assembly and its components at a location, checked: the variant is an assembly of this
 * company with components, neither it nor its tracked components are batch tracked, and the
 * location is active. Errors name `variant_id` and `location_id`.
 */
async function loadPlan(ctx: Pick<Ctx, "db" | "now">, variantId: number, locationId: number) {
  const { db } = ctx;
  const refs = await loadStockReferences(db, {
    now: ctx.now(),
    locationIds: [locationId],
    variantIds: [variantId],
    packIds: [],
    batchIds: [],
  });
  const issues = new FieldIssues();
  checkLocation(refs, locationId, "location_id", issues, { mustBeActive: true });
  const assembly = refs.variants.get(variantId);
  // Components that keep no stock (a service, an untracked item) are not moved, as in kits.
  const parts = (refs.components.get(variantId) ?? []).filter((p) => p.trackInventory);
  const ids = [variantId, ...parts.map((p) => p.variantId)];
  const [rows, levels] = await db.batch([
    db
      .select({
        id: variants.id,
        sku: variants.sku,
        label: variants.label,
        isAssembly: variants.isAssembly,
        mac: variants.movingAverageCost,
      })
      .from(variants)
      .where(inArray(variants.id, ids)),
    db
      .select({ variantId: stockLevels.variantId, onHand: stockLevels.onHand, committed: stockLevels.committed })
      .from(stockLevels)
      .where(and(eq(stockLevels.locationId, locationId), inArray(stockLevels.variantId, ids))),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (!assembly || !byId.get(variantId)?.isAssembly) issues.add("variant_id", "not_an_assembly");
  else if (!assembly.trackInventory) issues.add("variant_id", "untracked_variant");
  else if (parts.length === 0) issues.add("variant_id", "assembly_without_components");
  // Batches are not carried through a transform: a batch-tracked assembly or component is refused.
  else if (assembly.batchTracked || parts.some((p) => p.batchTracked)) issues.add("variant_id", "assembly_batch_tracked");
  issues.throwIfAny();
  const available = new Map(levels.map((l) => [l.variantId, availableUnits(l)]));
  const plan: AssemblyPlan = {
    variantId,
    sku: assembly!.sku,
    label: assembly!.label,
    locationId,
    available: available.get(variantId) ?? 0,
    components: parts.map((p) => {
      const row = byId.get(p.variantId)!;
      return {
        variantId: p.variantId,
        sku: row.sku,
        label: row.label,
        perAssembly: p.quantity,
        available: available.get(p.variantId) ?? 0,
        movingAverageCost: row.mac,
      };
    }),
  };
  return { plan, today: refs.today, numbering: refs.numbering };
}

/** An assembly, its components and what the location holds of each: what the transform screen shows. */
export async function assemblyAtLocation(ctx: Ctx, variantId: number, locationId: number): Promise<AssemblyPlan> {
  requirePermission(ctx, READ_ASSEMBLY_TRANSFORM);
  return (await loadPlan(ctx, variantId, locationId)).plan;
}

/** The active assemblies a transform may name (the first 1,000 by SKU), for the screen's choice. */
export async function listAssemblies(ctx: Ctx): Promise<{ id: number; sku: string; label: string }[]> {
  requirePermission(ctx, READ_ASSEMBLY_TRANSFORM);
  return ctx.db
    .select({ id: variants.id, sku: variants.sku, label: variants.label })
    .from(variants)
    .where(and(eq(variants.isAssembly, true), eq(variants.active, true)))
    .orderBy(variants.sku)
    .limit(1000);
}

/** How many assemblies the location can make from its available components, or split from its available assemblies (7 decimals). */
export function transformableUnits(plan: AssemblyPlan, action: AssemblyTransformAction): number {
  if (action === "split") return plan.available;
  // Whole steps of 1e-7 only (rounded down): the most that can really be taken.
  const scale = 10n ** BigInt(QUANTITY_SCALE);
  let most: bigint | null = null;
  for (const c of plan.components) {
    const units = (BigInt(c.available) * scale) / BigInt(c.perAssembly);
    if (most === null || units < most) most = units;
  }
  return Number(most ?? 0n);
}

/**
 * The cost of one created assembly: Σ component moving average cost × units per assembly, at 4
 * decimals, rounded half away from zero (costs are never negative, so half up).
 */
export function assemblyUnitCost(plan: AssemblyPlan): number {
  let total = 0n;
  for (const c of plan.components) total += BigInt(c.movingAverageCost) * BigInt(c.perAssembly);
  const scale = 10n ** BigInt(QUANTITY_SCALE);
  return Number((total * 2n + scale) / (2n * scale));
}

/**
 * Creates `quantity` assemblies from their components at a location, or splits them back. The
 * units taken (components for a create, assemblies for a split) are checked inside the batch
 * against what the location has available (on hand less committed), so that transforms running at
 * once never take more than is there: `not_enough_components` / `not_enough_assemblies` on
 * `quantity`, with the most that can be done now. A company or user that allows negative stock is
 * not held to it, as for stock removals. Created assemblies enter at the cost of their components,
 * which updates their moving average cost as an entry does; split components come back at their
 * own moving average cost (which it leaves unchanged).
 */
export async function transformAssembly(ctx: Ctx, raw: unknown): Promise<StockDocumentView> {
  requirePermission(ctx, TRANSFORM_ASSEMBLY);
  const { db } = ctx;
  const author = stockAuthor(ctx.actor);
  const input = parseInput(AssemblyTransformInput, raw);
  const { plan, today, numbering } = await loadPlan(ctx, input.variant_id, input.location_id);
  const units = input.quantity;
  const moves = plan.components.map((c) => ({ variantId: c.variantId, units: componentUnits(units, c.perAssembly) }));
  if (moves.some((m) => m.units > MAX_UNITS * 10 ** QUANTITY_SCALE)) throw tooLarge();
  const create = input.action === "create";
  const unitCost = create ? assemblyUnitCost(plan) : null;
  const sign = create ? 1 : -1;
  const changes: StockChange[] = [
    {
      variantId: plan.variantId,
      locationId: plan.locationId,
      batchId: null,
      delta: sign * units,
      field: "quantity",
      ...(unitCost !== null ? { unitCost } : {}),
    },
    ...moves
      .filter((m) => m.units !== 0)
      .map((m) => ({ variantId: m.variantId, locationId: plan.locationId, batchId: null, delta: -sign * m.units, field: "quantity" })),
  ];
  const taken = changes.filter((c) => c.delta < 0);

  const numbered = newDocumentNumber(db, "assembly_transform", plan.locationId, null, numbering);
  const insert = db
    .insert(stockDocuments)
    .values({
      type: "assembly_transform",
      number: numbered.number as unknown as string,
      locationId: plan.locationId,
      date: input.date ?? today,
      notes: input.notes ?? null,
      userId: author.userId,
    })
    .returning({ id: stockDocuments.id });
  const lines = insertNewLines(
    db,
    numbered.id,
    changes.map((c) => ({ variant_id: c.variantId, quantity: c.delta, unit_cost: c.unitCost ?? null })),
  );
  const batch = new StockBatch(ctx).add(...numbered.statements, insert, lines).creates({ type: "assembly_transform", id: numbered.id });
  // What is taken must be available now, checked after the document's number is claimed and
  // before any level moves: libSQL runs the batch as one transaction, so two transforms cannot
  // both pass on the same units.
  const allowed = negativeAllowed(author.forbidsNegative);
  const refused = new DomainError(create ? "not_enough_components" : "not_enough_assemblies");
  for (const c of taken)
    batch.requireThat(
      sql`(coalesce((select ${availableSql()} from stock_levels where variant_id = ${c.variantId} and location_id = ${c.locationId}), 0) >= ${BigInt(-c.delta)} or ${allowed})`,
      refused,
    );
  batch.addChanges(orderChanges(changes), { documentType: "assembly_transform", documentId: numbered.id, author });
  const readsAt = batch.size;
  const reads = writtenStockDocumentReads(db, numbered.id);
  batch.add(...reads);
  let results: unknown[];
  try {
    results = await batch.run();
  } catch (error) {
    if (error === refused) throw await notEnough(ctx, input.action, plan.variantId, plan.locationId);
    throw numberTaken("assembly_transform", error, undefined) ?? error;
  }
  return writtenStockDocumentView(results.slice(readsAt, readsAt + reads.length));
}

/** The refusal of a transform past what is available, with the most that can be done now (read after the batch rolled back). */
async function notEnough(ctx: Pick<Ctx, "db" | "now">, action: AssemblyTransformAction, variantId: number, locationId: number) {
  const { plan } = await loadPlan(ctx, variantId, locationId);
  const code = action === "create" ? "not_enough_components" : "not_enough_assemblies";
  const params = { maximum: qty(transformableUnits(plan, action)) };
  return new DomainError(code, params, { quantity: { code, params } });
}

function tooLarge() {
  return new DomainError("validation_failed", {}, { quantity: { code: "too_large" } });
}
