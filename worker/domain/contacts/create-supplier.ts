import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { insertedId } from "../shared/inserted-id";
import { EDIT_SUPPLIERS } from "./contact-permissions";
import { eachChecked, parseInput, runBatch } from "./shared";
import { checkSupplierReferences, supplierColumns, supplierViews, type SupplierRow } from "./supplier-queries";
import { CreateSupplierInput, type ParsedSupplier, type SupplierView } from "./supplier-schemas";

const { suppliers, supplierTagLinks } = tenantSchema;

type ParsedNew = ParsedSupplier & { name: string; tag_ids: number[] };

/** One supplier's statements: the row (its insert first), its tags, and `after(id)` with the batch's expression of its id. */
function supplierStatements(ctx: Ctx, input: ParsedNew, after?: (id: SQL<number>) => BatchItem<"sqlite">): BatchItem<"sqlite">[] {
  const { db } = ctx;
  const newId = insertedId("suppliers");
  return [
    db
      .insert(suppliers)
      .values({ ...supplierColumns(input), name: input.name })
      .returning(),
    ...input.tag_ids.map((tagId) => db.insert(supplierTagLinks).values({ supplierId: newId, tagId })),
    ...(after ? [after(newId)] : []),
  ];
}

/** Creates a supplier with its tags in one batch. */
export async function createSupplier(ctx: Ctx, raw: unknown): Promise<SupplierView> {
  requirePermission(ctx, EDIT_SUPPLIERS);
  const input = parseInput(CreateSupplierInput, raw) as ParsedNew;
  await checkSupplierReferences(ctx.db, input);
  const [created] = (await runBatch(ctx.db, supplierStatements(ctx, input), { type: "supplier", id: insertedId("suppliers") })) as [
    SupplierRow[],
  ];
  return (await supplierViews(ctx.db, created))[0]!;
}

export interface CreateSuppliersOptions {
  /** Check everything, write nothing (an import's validation of every row before it writes). */
  checkOnly?: boolean;
  /** Statements written in the same batch as the suppliers (an import's marker of its chunk). */
  alongside?: BatchItem<"sqlite">[];
  /** A statement after each supplier, given the batch's expression of its id (an import's record of it). */
  after?: (id: SQL<number>) => BatchItem<"sqlite">;
}

/**
 * Creates many suppliers (an import) by the rules of `createSupplier`, all in one batch, each
 * one's faults named under its index (`3.email`), all of them in one answer.
 */
export async function createSuppliers(ctx: Ctx, raws: readonly unknown[], options: CreateSuppliersOptions = {}): Promise<number[]> {
  requirePermission(ctx, EDIT_SUPPLIERS);
  const inputs = await eachChecked(raws, (raw) => parseInput(CreateSupplierInput, raw) as ParsedNew);
  // References repeat from one supplier to the next: each distinct set is checked once.
  const checked = new Map<string, Promise<void>>();
  await eachChecked(inputs, (input) => {
    const refs = {
      default_price_level_id: input.default_price_level_id,
      default_currency_id: input.default_currency_id,
      tag_ids: input.tag_ids,
    };
    const key = JSON.stringify([refs.default_price_level_id, refs.default_currency_id, [...refs.tag_ids].sort()]);
    if (!checked.has(key)) checked.set(key, checkSupplierReferences(ctx.db, refs));
    return checked.get(key)!;
  });
  if (options.checkOnly) return [];
  const perSupplier = inputs.map((input) => supplierStatements(ctx, input, options.after));
  const results = await runBatch(ctx.db, [...perSupplier.flat(), ...(options.alongside ?? [])]);
  const ids: number[] = [];
  let k = 0;
  for (const own of perSupplier) {
    ids.push((results[k] as SupplierRow[])[0]!.id);
    k += own.length;
  }
  return ids;
}
