import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { DomainError } from "../shared/domain-error";
import { FieldIssues, recordId } from "./common";
import { checkLocation, loadStockReferences, resolveLines, type LineInput } from "./references";
import { documentChanges, type StockChange, type StockDocumentKind, type StockDocumentType } from "./stock-rules";

/** The pieces the stock document verbs share: lines, the plan of a document's changes and their reversal. */

const { stockDocuments, inventoryLogs } = tenantSchema;

export function lineRows(documentId: number | SQL, lines: readonly LineInput[]) {
  return lines.map((l) => ({
    documentId: documentId as number,
    variantId: l.variant_id,
    packId: l.pack_id ?? null,
    batchId: l.batch_id ?? null,
    quantity: l.quantity,
    unitCost: l.unit_cost ?? null,
  }));
}

/**
 * The insert of a new document's lines, its id read once inside the batch (`newDocumentNumber`'s
 * expression, documents/numbering.ts), however many lines: each line reading it again would cost one lookup per line.
 */
export function insertNewLines(
  db: TenantDb,
  documentId: SQL,
  lines: readonly { variant_id: number; pack_id?: number | null; batch_id?: number | null; quantity: number; unit_cost?: number | null }[],
) {
  const values = sql.join(
    lines.map((l) => sql`(${l.variant_id}, ${l.pack_id ?? null}, ${l.batch_id ?? null}, ${l.quantity}, ${l.unit_cost ?? null})`),
    sql`, `,
  );
  return db.run(sql`insert into stock_document_lines (document_id, variant_id, pack_id, batch_id, quantity, unit_cost)
    select d.id, v.column1, v.column2, v.column3, v.column4, v.column5
    from (select ${documentId} as id) d cross join (values ${values}) v`);
}

/** Checks the places and lines of a document, and returns the changes its lines make. */
export async function plan(
  db: TenantDb,
  kind: StockDocumentKind,
  input: { location_id: number; arrival_location_id: number | null; lines: LineInput[] },
  options: { activeLocations: boolean; checkLines: boolean; now: number },
) {
  const refs = await loadStockReferences(db, {
    now: options.now,
    locationIds: [input.location_id, input.arrival_location_id],
    variantIds: input.lines.map((l) => l.variant_id),
    packIds: input.lines.map((l) => l.pack_id),
    batchIds: input.lines.map((l) => l.batch_id),
  });
  const issues = new FieldIssues();
  checkLocation(refs, input.location_id, "location_id", issues, { mustBeActive: options.activeLocations });
  if (kind === "movement") {
    if (input.arrival_location_id === input.location_id) issues.add("arrival_location_id", "same_location");
    else checkLocation(refs, input.arrival_location_id, "arrival_location_id", issues, { mustBeActive: options.activeLocations });
  }
  const resolved = options.checkLines ? resolveLines(refs, input.lines, issues) : [];
  issues.throwIfAny();
  const places = { kind, locationId: input.location_id, arrivalLocationId: kind === "movement" ? input.arrival_location_id : null };
  return { refs, changes: documentChanges(places, resolved, 1) };
}

/** The exact effect a saved document had, read from its ledger rows, as the changes that undo it. */
export async function reversal(
  db: TenantDb,
  type: StockDocumentType,
  documentId: number,
  field: (variantId: number) => string,
): Promise<StockChange[]> {
  const rows = await db
    .select({
      variantId: inventoryLogs.variantId,
      locationId: inventoryLogs.locationId,
      batchId: inventoryLogs.batchId,
      net: sql<number>`sum(${inventoryLogs.change})`,
    })
    .from(inventoryLogs)
    .where(and(eq(inventoryLogs.documentType, type), eq(inventoryLogs.documentId, documentId)))
    .groupBy(inventoryLogs.variantId, inventoryLogs.locationId, inventoryLogs.batchId)
    .orderBy(asc(sql`min(${inventoryLogs.id})`));
  return rows
    .filter((r) => Number(r.net) !== 0)
    .map((r) => ({
      variantId: r.variantId,
      locationId: r.locationId,
      batchId: r.batchId,
      delta: -Number(r.net),
      field: field(r.variantId),
    }));
}

/** The saved document of a kind a caller's id names, as stored. */
export async function savedDocument(db: TenantDb, kind: StockDocumentKind, rawId: unknown) {
  const id = recordId(rawId);
  const [doc] = await db
    .select()
    .from(stockDocuments)
    .where(and(eq(stockDocuments.id, id), eq(stockDocuments.type, kind)))
    .limit(1);
  if (!doc) throw new DomainError("not_found");
  return doc;
}
