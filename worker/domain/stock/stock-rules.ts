import type { SQL } from "drizzle-orm";
import { Decimal } from "../shared/decimal";
import { PRICE_SCALE, QUANTITY_SCALE } from "../shared/money";

/** Pure stock rules: how lines become changes of stock levels (no database here). */

export const STOCK_DOCUMENT_KINDS = ["entry", "removal", "movement"] as const;
export type StockDocumentKind = (typeof STOCK_DOCUMENT_KINDS)[number];
export type StockDocumentType = StockDocumentKind | "bulk_update" | "assembly_transform" | "delivery";

const scaled = (units: number) => Decimal.of(BigInt(units), QUANTITY_SCALE);

/** Units of the variant a line moves: quantity × pack quantity, both at 7 decimals, rounded to 7. */
export function lineUnits(quantity: number, packQuantity: number | null): number {
  if (packQuantity === null) return quantity;
  return Number(scaled(quantity).mul(scaled(packQuantity)).round(QUANTITY_SCALE).units);
}

/** A component moves the parent quantity times its per-kit requirement (domain spec §5). */
export function componentUnits(parentUnits: number, perKit: number): number {
  return lineUnits(parentUnits, perKit);
}

/** The cost of one unit of the variant when a line's cost is per pack, at 4 decimals. */
export function costPerUnit(unitCost: number, packQuantity: number | null): number {
  if (packQuantity === null) return unitCost;
  return Number(Decimal.of(BigInt(unitCost), PRICE_SCALE).div(scaled(packQuantity), PRICE_SCALE).units);
}

/** One change of one stock level (and of a batch in it): what the ledger applies. */
export interface StockChange {
  variantId: number;
  locationId: number;
  batchId: number | null;
  /** Signed units at 7 decimals. */
  delta: number;
  /** The input field the change comes from, named by errors (e.g. "lines.2.quantity"). */
  field: string;
  /** Counts: applies only if the level (or the batch, when there is one) still holds this. */
  expected?: number;
  /** Entries with a cost: the cost of one unit at 4 decimals, for the moving average cost. */
  unitCost?: number;
  /** A batch made in the same write (a delivery's new batch): its id as SQL read inside the batch, instead of batchId. */
  newBatch?: SQL;
}

/** What one line moves once packs and kits are resolved: units of stocked variants. */
export interface LineMove {
  variantId: number;
  batchId: number | null;
  units: number;
  unitCost?: number;
}

export interface DocumentPlaces {
  kind: StockDocumentKind;
  locationId: number;
  arrivalLocationId: number | null;
}

/**
 * The changes a document makes (sign 1) or undoes (sign -1): entries add at the location,
 * removals take from it, movements take from the departure and add at the arrival.
 */
export function documentChanges(
  doc: DocumentPlaces,
  lines: readonly { field: string; moves: readonly LineMove[] }[],
  sign: 1 | -1,
): StockChange[] {
  const out: StockChange[] = [];
  for (const line of lines)
    for (const move of line.moves) {
      const base = { variantId: move.variantId, batchId: move.batchId, field: line.field };
      if (doc.kind === "entry") {
        const cost = sign === 1 && move.unitCost !== undefined ? { unitCost: move.unitCost } : {};
        out.push({ ...base, locationId: doc.locationId, delta: sign * move.units, ...cost });
      } else if (doc.kind === "removal") out.push({ ...base, locationId: doc.locationId, delta: -sign * move.units });
      else {
        out.push({ ...base, locationId: doc.locationId, delta: -sign * move.units });
        out.push({ ...base, locationId: doc.arrivalLocationId!, delta: sign * move.units });
      }
    }
  return out;
}

/**
 * Additions before removals (stable otherwise): replacing a document's lines then never fails on
 * an intermediate level when the final one is allowed (levels only fall after every rise).
 */
export function orderChanges(changes: readonly StockChange[]): StockChange[] {
  return [
    ...changes.filter((c) => c.delta >= 0 || c.expected !== undefined),
    ...changes.filter((c) => c.delta < 0 && c.expected === undefined),
  ];
}
