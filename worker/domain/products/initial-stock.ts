import { MAX_LINES } from "../stock/stock-document-schemas";
import type { Ctx } from "../shared/ctx";
import type { Decimal } from "../shared/decimal";
import { writeStockDocument } from "../stock/create-stock-document";
import type { FieldIssues } from "./common";
import type { Ref } from "./references";

/** What a new variant may say of its first stock (domain spec §3: initial stock level and location). */
export interface InitialStockInput {
  initial_stock?: Decimal | undefined;
  initial_location_id?: number | undefined;
  initial_cost?: Decimal | undefined;
}

/**
 * Checks the initial stock of a new variant at `base` ("variants.0." or ""): a quantity needs a
 * location, and only a variant holding its own stock without batches can be given one (a batch
 * needs the batch's number, given with a stock entry). Answers the location to check, if any.
 */
export function checkInitialStock(
  input: InitialStockInput,
  base: string,
  variant: { batchTracked: boolean; holdsStock: boolean },
  issues: FieldIssues,
): Ref[] {
  const quantity = input.initial_stock;
  if (!quantity || quantity.isZero()) return [];
  if (!variant.holdsStock) issues.add(`${base}initial_stock`, "untracked_variant");
  else if (variant.batchTracked) issues.add(`${base}initial_stock`, "batch_required");
  if (input.initial_location_id === undefined) {
    issues.add(`${base}initial_location_id`, "required");
    return [];
  }
  return [{ id: input.initial_location_id, field: `${base}initial_location_id` }];
}

/**
 * Receives the initial stock of variants just made: one stock entry per location (their ids answered), at the initial
 * cost, written to the ledger like any entry. Its inputs were checked before the variants were
 * saved (locations active, variants holding stock), and an entry only adds stock.
 */
export async function receiveInitialStock(ctx: Ctx, lines: { variantId: number; input: InitialStockInput }[]): Promise<number[]> {
  const byLocation = new Map<number, { variant_id: number; quantity: string; unit_cost?: string }[]>();
  for (const { variantId, input } of lines) {
    if (!input.initial_stock || input.initial_stock.isZero() || input.initial_location_id === undefined) continue;
    const list = byLocation.get(input.initial_location_id) ?? [];
    list.push({
      variant_id: variantId,
      quantity: input.initial_stock.toString(),
      ...(input.initial_cost ? { unit_cost: input.initial_cost.toString() } : {}),
    });
    byLocation.set(input.initial_location_id, list);
  }
  const userId = ctx.actor.kind === "user" ? ctx.actor.userId : null;
  const ids: number[] = [];
  // One entry per location, of at most the lines an entry may hold (an import receives thousands).
  for (const [locationId, entryLines] of byLocation)
    for (let at = 0; at < entryLines.length; at += MAX_LINES)
      ids.push(
        await writeStockDocument(
          ctx,
          { userId, forbidsNegative: false },
          { kind: "entry", location_id: locationId, lines: entryLines.slice(at, at + MAX_LINES) },
        ),
      );
  return ids;
}
