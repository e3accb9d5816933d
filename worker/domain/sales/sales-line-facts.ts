import type { DocumentInput, LineInput } from "../documents/lines/types";
import { variantChoicesQuery } from "../products/variant-choices";
import { requirePermission, type Ctx } from "../shared/ctx";
import { parseInput } from "../shared/input";
import { QUANTITY_SCALE, toScaledInteger } from "../shared/money";
import { Decimal } from "../shared/decimal";
import { and, eq, inArray, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { availableAt, availableSql } from "../stock/availability";
import { qty } from "../stock/common";
import { priceDocument, type PricedDocument } from "./sales-lines";
import { SalesLineFactsInput } from "./sales-schemas";

/** One line as a line editor holds it: the typed numbers, and the catalogue's facts the engine needs to total it in the browser. */
export interface SalesLineFact {
  lid: string;
  kind: LineInput["kind"];
  variant_id: number | null;
  pack_id: number | null;
  /** The pack's label, shown beside the line (its quantity counts packs). */
  pack_label: string | null;
  service_id: number | null;
  sku: string | null;
  description: string;
  quantity: string;
  price: string;
  discount: string;
  discount_type: "percentage" | "amount";
  component_of_lid: string | null;
  /**
   * Units available at the document's location (stock/availability.ts) for a stocked variant, else
   * null; absent on lines typed in the browser. For a saved document holding a reservation, what it
   * holds counts as available to it: saving gives it back and takes it again in one batch.
   */
  available?: string | null;
  facts: Omit<LineInput, "lid" | "quantity" | "price" | "discount" | "discount_type" | "description" | "component_of_lid">;
}

export interface SalesLineFacts {
  /** The document-level terms of the customer (currency, tax model and type) the totals are computed with. */
  document: Omit<DocumentInput, "lines">;
  lines: SalesLineFact[];
}

/** Who fills a sales document's lines: an editor of estimates, of sales orders or of invoices. */
export const EDITS_SALES_LINES = { anyOf: ["edit_estimates", "edit_sales_orders", "edit_invoices", "edit_subscriptions"] } as const;

const { stockLevels, salesDocumentLines } = tenantSchema;

/**
 * The engine input priceDocument computed, as editor lines (a kit followed by its components),
 * with what each stocked variant has available at the document's location; `heldBy` names the
 * saved document whose own reservation there counts as available to it.
 */
export async function lineFactsAt(db: TenantDb, locationId: number, priced: PricedDocument, heldBy?: number): Promise<SalesLineFacts> {
  const stocked = new Set(priced.units.map((u) => u.variantId));
  const stock =
    heldBy === undefined ? await availableAt(db, locationId, [...stocked]) : await availableTo(db, heldBy, locationId, [...stocked]);
  return lineFactsOf(priced, stocked, stock);
}

/**
 * Units some variants have available at a location for a document that holds some of them there:
 * available as if its reservation were given back (on hand, negative as 0, less what the others
 * commit), the figure its save is checked against after releasing and reserving again.
 */
async function availableTo(
  db: TenantDb,
  documentId: number,
  locationId: number,
  variantIds: readonly number[],
): Promise<Map<number, { available: number }>> {
  if (variantIds.length === 0) return new Map();
  const held = sql`(select coalesce(sum(${salesDocumentLines.committedUnits}), 0) from ${salesDocumentLines} where ${salesDocumentLines.documentId} = ${documentId} and ${salesDocumentLines.variantId} = ${stockLevels.variantId})`;
  const rows = await db
    .select({
      variantId: stockLevels.variantId,
      available: sql<number>`${availableSql({ onHand: stockLevels.onHand, committed: sql`(${stockLevels.committed} - ${held})` })}`,
    })
    .from(stockLevels)
    .where(and(eq(stockLevels.locationId, locationId), inArray(stockLevels.variantId, [...new Set(variantIds)])));
  return new Map(rows.map((r) => [r.variantId, { available: Number(r.available) }]));
}

function lineFactsOf(
  priced: PricedDocument,
  stocked: ReadonlySet<number>,
  stock: ReadonlyMap<number, { available: number }>,
): SalesLineFacts {
  const { lines, ...document } = priced.input;
  return {
    document,
    lines: lines.map((input, i) => {
      const row = priced.lines[i]!;
      const { lid, quantity, price, discount, discount_type, description, component_of_lid, ...facts } = input;
      return {
        lid,
        kind: input.kind,
        variant_id: row.variantId ?? null,
        pack_id: row.packId ?? null,
        pack_label: row.packLabel ?? null,
        service_id: row.serviceId ?? null,
        sku: row.sku ?? null,
        description: description ?? "",
        quantity: quantity ?? "",
        price: price ?? "",
        discount: discount ?? "0",
        discount_type: discount_type ?? "percentage",
        component_of_lid: component_of_lid ?? null,
        available:
          row.variantId !== null && row.variantId !== undefined && stocked.has(row.variantId)
            ? qty(stock.get(row.variantId)?.available ?? 0)
            : null,
        facts,
      };
    }),
  };
}

/**
 * The line a typed SKU (or, failing an exact SKU, the first variant whose SKU or label starts with
 * the text) adds to a sales document, priced for the customer at the location with the same
 * catalogue reads as a save: one unit, its kit components after it. No match: no line.
 */
export async function salesLineFacts(ctx: Ctx, input: unknown): Promise<SalesLineFacts> {
  requirePermission(ctx, EDITS_SALES_LINES);
  const parsed = parseInput(SalesLineFactsInput, input);
  const choices = await variantChoicesQuery(ctx.db, parsed.text, 10);
  const found = choices.find((c) => c.sku.toLowerCase() === parsed.text.toLowerCase()) ?? choices[0];
  const one = Number(toScaledInteger(Decimal.parse(1), QUANTITY_SCALE));
  const priced = await priceDocument(ctx.db, {
    party: { kind: "customer", id: parsed.customer_id },
    locationId: parsed.location_id,
    lines: found ? [{ lid: parsed.lid ?? "1", variant_id: found.id, quantity: one }] : [],
    now: ctx.now(),
  });
  return lineFactsAt(ctx.db, parsed.location_id, priced);
}
