import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { allocateNumber, type AllocatedNumber } from "../documents/numbering";
import { isUniqueViolation } from "../shared/input";
import { DomainError } from "../shared/domain-error";
import { parseListQuery } from "../shared/list-query";
import { defineListRegistry, likePrefix, runList, type ListResult } from "../shared/list-query-sql";
import { fromScaledInteger, PRICE_SCALE, toScaledInteger, zMoney } from "../shared/money";
import { FieldIssues, objectError, parseInput, qty, recordId, zCalendarDate, zRefId, zScaledQuantity } from "./common";
import { StockBatch } from "./ledger";
import { checkLocation, loadStockReferences, resolveLines, type LineInput } from "./references";
import type { StockActor } from "./stock-actor";
import { documentChanges, orderChanges, type StockChange, type StockDocumentKind, type StockDocumentType } from "./stock-rules";
import { DELETE_ASKS, requireAcknowledged } from "../shared/acknowledgements";
import { linesBySku } from "./line-skus";

const { stockDocuments, stockDocumentLines, inventoryLogs, locations, variants, packs, batches } = tenantSchema;

export const MAX_LINES = 500;

// ── Input ────────────────────────────────────────────────────────────────────────────────────

/** A missing value is `required`; anything else that is not a positive id is the given code. */
function zRefIdRequired(code: string) {
  return z.unknown().transform((v, ctx) => {
    if (v === undefined || v === null || v === "") {
      ctx.addIssue({ code: "custom", message: "required" });
      return z.NEVER;
    }
    const parsed = zRefId(code).safeParse(v);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: code });
      return z.NEVER;
    }
    return parsed.data;
  });
}

const zOptionalId = (code: string) =>
  z.unknown().transform((v, ctx) => {
    if (v === undefined || v === null || v === "") return null;
    const parsed = zRefId(code).safeParse(v);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: code });
      return z.NEVER;
    }
    return parsed.data;
  });

const zQuantityRequired = z.unknown().transform((v, ctx) => {
  if (v === undefined || v === null || v === "") {
    ctx.addIssue({ code: "custom", message: "required" });
    return z.NEVER;
  }
  const parsed = zScaledQuantity({ positive: true }).safeParse(v);
  if (!parsed.success) {
    ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "invalid_number" });
    return z.NEVER;
  }
  return parsed.data;
});

const zCost = z.unknown().transform((v, ctx) => {
  if (v === undefined || v === null || v === "") return null;
  const parsed = z
    .union([z.string(), z.number()])
    .pipe(zMoney({ min: 0 }))
    .safeParse(v);
  if (!parsed.success) {
    ctx.addIssue({ code: "custom", message: parsed.error.issues.at(-1)?.message === "too_small" ? "too_small" : "invalid_number" });
    return z.NEVER;
  }
  const units = toScaledInteger(parsed.data, PRICE_SCALE);
  if (units > 10n ** 15n) {
    ctx.addIssue({ code: "custom", message: "too_large" });
    return z.NEVER;
  }
  return Number(units);
});

const zNotes = z
  .string({ error: "invalid" })
  .max(5000, "too_long")
  .nullable()
  .transform((v) => (v?.trim() ? v.trim() : null));

const lineFields = {
  variant_id: zRefIdRequired("unknown_variant"),
  pack_id: zOptionalId("unknown_pack").optional(),
  batch_id: zOptionalId("unknown_batch").optional(),
  quantity: zQuantityRequired,
};
const EntryLine = z.strictObject({ ...lineFields, unit_cost: zCost.optional() }, objectError);
const OtherLine = z.strictObject(lineFields, objectError);

const zLines = <T extends z.ZodType>(line: T) =>
  z
    .array(line, { error: (i) => (i.input === undefined ? "required" : "invalid") })
    .min(1, "required")
    .max(MAX_LINES, "too_long");

const zNumber = z
  .string({ error: "invalid" })
  .trim()
  .max(50, "too_long")
  .nullable()
  .transform((v) => v || null);

const common = {
  number: zNumber.optional(),
  location_id: zRefIdRequired("unknown_location"),
  date: zCalendarDate.optional(),
  notes: zNotes.optional(),
};

export const CreateStockEntryInput = z.strictObject({ ...common, lines: zLines(EntryLine) }, objectError);
export const CreateStockRemovalInput = z.strictObject({ ...common, lines: zLines(OtherLine) }, objectError);
export const CreateStockMovementInput = z.strictObject(
  { ...common, arrival_location_id: zRefIdRequired("unknown_location"), lines: zLines(OtherLine) },
  objectError,
);
// The number is given once, at creation (typed, or else the next of the sequence).
export const UpdateStockEntryInput = CreateStockEntryInput.omit({ number: true }).partial();
export const UpdateStockRemovalInput = CreateStockRemovalInput.omit({ number: true }).partial();
export const UpdateStockMovementInput = CreateStockMovementInput.omit({ number: true }).partial();

const CREATE = { entry: CreateStockEntryInput, removal: CreateStockRemovalInput, movement: CreateStockMovementInput } as const;
const UPDATE = { entry: UpdateStockEntryInput, removal: UpdateStockRemovalInput, movement: UpdateStockMovementInput } as const;

type ParsedCreate = {
  number?: string | null;
  location_id: number;
  arrival_location_id?: number;
  date?: string | undefined;
  notes?: string | null | undefined;
  lines: LineInput[];
};

// ── Views ────────────────────────────────────────────────────────────────────────────────────

export interface StockDocumentLineView {
  id: number;
  variant_id: number;
  sku: string;
  label: string;
  pack_id: number | null;
  pack_label: string | null;
  batch_id: number | null;
  batch_number: string | null;
  quantity: string;
  unit_cost: string | null;
}

export interface StockDocumentView {
  id: number;
  type: StockDocumentType;
  number: string;
  location_id: number;
  location: { id: number; label: string };
  arrival_location_id: number | null;
  arrival_location: { id: number; label: string } | null;
  date: string;
  notes: string | null;
  user_id: string | null;
  lines_count: number;
  total_quantity: string;
  lines?: StockDocumentLineView[];
  created_at: number;
  updated_at: number;
}

const arrival = alias(locations, "arrival");

function summarySelect(db: TenantDb) {
  return db
    .select({
      id: stockDocuments.id,
      type: stockDocuments.type,
      number: stockDocuments.number,
      locationId: stockDocuments.locationId,
      locationLabel: locations.label,
      arrivalLocationId: stockDocuments.arrivalLocationId,
      arrivalLabel: arrival.label,
      date: stockDocuments.date,
      notes: stockDocuments.notes,
      userId: stockDocuments.userId,
      linesCount: sql<number>`(select count(*) from ${stockDocumentLines} where ${stockDocumentLines.documentId} = ${stockDocuments.id})`,
      totalQuantity: sql<number>`(select coalesce(sum(${stockDocumentLines.quantity}), 0) from ${stockDocumentLines} where ${stockDocumentLines.documentId} = ${stockDocuments.id})`,
      createdAt: stockDocuments.createdAt,
      updatedAt: stockDocuments.updatedAt,
    })
    .from(stockDocuments)
    .innerJoin(locations, eq(locations.id, stockDocuments.locationId))
    .leftJoin(arrival, eq(arrival.id, stockDocuments.arrivalLocationId))
    .$dynamic();
}

type SummaryRow = Awaited<ReturnType<typeof summarySelect>>[number];

function summaryView(r: SummaryRow): StockDocumentView {
  return {
    id: r.id,
    type: r.type,
    number: r.number,
    location_id: r.locationId,
    location: { id: r.locationId, label: r.locationLabel },
    arrival_location_id: r.arrivalLocationId,
    arrival_location: r.arrivalLocationId !== null ? { id: r.arrivalLocationId, label: r.arrivalLabel ?? "" } : null,
    date: r.date,
    notes: r.notes,
    user_id: r.userId,
    lines_count: Number(r.linesCount),
    total_quantity: qty(Number(r.totalQuantity)),
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

async function documentLines(db: TenantDb, documentId: number): Promise<StockDocumentLineView[]> {
  const rows = await db
    .select({
      id: stockDocumentLines.id,
      variantId: stockDocumentLines.variantId,
      sku: variants.sku,
      label: variants.label,
      packId: stockDocumentLines.packId,
      packLabel: packs.label,
      batchId: stockDocumentLines.batchId,
      batchNumber: batches.number,
      quantity: stockDocumentLines.quantity,
      unitCost: stockDocumentLines.unitCost,
    })
    .from(stockDocumentLines)
    .innerJoin(variants, eq(variants.id, stockDocumentLines.variantId))
    .leftJoin(packs, eq(packs.id, stockDocumentLines.packId))
    .leftJoin(batches, eq(batches.id, stockDocumentLines.batchId))
    .where(eq(stockDocumentLines.documentId, documentId))
    .orderBy(asc(stockDocumentLines.id));
  return rows.map((r) => ({
    id: r.id,
    variant_id: r.variantId,
    sku: r.sku,
    label: r.label,
    pack_id: r.packId,
    pack_label: r.packLabel,
    batch_id: r.batchId,
    batch_number: r.batchNumber,
    quantity: qty(r.quantity),
    unit_cost: r.unitCost === null ? null : fromScaledInteger(r.unitCost, PRICE_SCALE).toString(),
  }));
}

/** What the stock document lists filter and sort on (the list query engine). */
export const stockDocumentListRegistry = defineListRegistry({
  primaryKey: stockDocuments.id,
  defaultSort: [{ by: "id", direction: "desc" }],
  fields: {
    id: { type: "id", column: stockDocuments.id, sortable: true },
    number: { type: "text", column: stockDocuments.number, sortable: true },
    date: { type: "date", column: stockDocuments.date, sortable: true },
    location_id: { type: "id", column: stockDocuments.locationId },
    arrival_location_id: { type: "id", column: stockDocuments.arrivalLocationId },
    created: { type: "number", column: stockDocuments.createdAt, sortable: true },
  },
  search: (text: string) => likePrefix(stockDocuments.number, text),
});

/**
 * One page of a kind's documents: filters number, date, location_id, arrival_location_id,
 * created; sort -id (default), number, date, created; search on the start of the number.
 */
export async function listStockDocuments(
  db: TenantDb,
  kind: StockDocumentType,
  input: URLSearchParams | Record<string, unknown>,
): Promise<ListResult<StockDocumentView>> {
  const query = parseListQuery(input, stockDocumentListRegistry);
  const result = await runList(db, {
    select: () => summarySelect(db),
    registry: stockDocumentListRegistry,
    query,
    where: eq(stockDocuments.type, kind),
  });
  return { ...result, items: result.items.map(summaryView) };
}

export async function getStockDocument(db: TenantDb, kind: StockDocumentType, rawId: unknown): Promise<StockDocumentView> {
  const id = recordId(rawId);
  const [row] = await summarySelect(db).where(and(eq(stockDocuments.id, id), eq(stockDocuments.type, kind)));
  if (!row) throw new DomainError("not_found");
  return { ...summaryView(row), lines: await documentLines(db, id) };
}

// ── Writes ───────────────────────────────────────────────────────────────────────────────────

/**
 * A new document's number and id, both as SQL read inside its batch: the number from the
 * sequence moved at the batch's start, the id through the unique (type, number) index.
 */
export function newDocumentNumber(
  db: TenantDb,
  type: StockDocumentType,
  locationId: number,
  typed?: string | null,
): AllocatedNumber & { id: SQL } {
  const allocated = allocateNumber(db, { documentType: type, locationId, typed });
  return { ...allocated, id: sql`(select id from stock_documents where type = ${type} and number = ${allocated.number})` };
}

/** A save refused by the unique (type, number) index, as the error naming the `number` field; null for any other failure. */
export function numberTaken(error: unknown, number: string | null | undefined): DomainError | null {
  if (!isUniqueViolation(error, "stock_documents.number")) return null;
  const params = number ? { number } : {};
  return new DomainError("document_number_taken", params, { number: { code: "document_number_taken", params } });
}

function lineRows(documentId: number | SQL, lines: readonly LineInput[]) {
  return lines.map((l) => ({
    documentId: documentId as number,
    variantId: l.variant_id,
    packId: l.pack_id ?? null,
    batchId: l.batch_id ?? null,
    quantity: l.quantity,
    unitCost: l.unit_cost ?? null,
  }));
}

/** Checks the places and lines of a document, and returns the changes its lines make. */
async function plan(
  db: TenantDb,
  kind: StockDocumentKind,
  input: { location_id: number; arrival_location_id: number | null; lines: LineInput[] },
  options: { activeLocations: boolean; checkLines: boolean },
) {
  const refs = await loadStockReferences(db, {
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
async function reversal(
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

/** Creates a stock entry, removal or movement, numbered, and applies its stock in one batch. */
export async function createStockDocument(
  db: TenantDb,
  actor: StockActor,
  kind: StockDocumentKind,
  raw: unknown,
): Promise<StockDocumentView> {
  const input = parseInput(CREATE[kind], await linesBySku(db, raw)) as ParsedCreate;
  const { refs, changes } = await plan(
    db,
    kind,
    { location_id: input.location_id, arrival_location_id: input.arrival_location_id ?? null, lines: input.lines },
    { activeLocations: true, checkLines: true },
  );
  const numbered = newDocumentNumber(db, kind, input.location_id, input.number);
  const insert = db
    .insert(stockDocuments)
    .values({
      type: kind,
      number: numbered.number as unknown as string,
      locationId: input.location_id,
      arrivalLocationId: kind === "movement" ? input.arrival_location_id! : null,
      date: input.date ?? refs.today,
      notes: input.notes ?? null,
      userId: actor.userId,
    })
    .returning({ id: stockDocuments.id });
  const batch = new StockBatch(db).add(
    ...numbered.statements,
    insert,
    db.insert(stockDocumentLines).values(lineRows(numbered.id, input.lines)),
  );
  batch.addChanges(orderChanges(changes), {
    documentType: kind,
    documentId: numbered.id,
    userId: actor.userId,
    userForbidsNegative: actor.forbidsNegative,
  });
  let results: unknown[];
  try {
    results = await batch.run();
  } catch (error) {
    throw numberTaken(error, input.number) ?? error;
  }
  const [created] = results[numbered.statements.length] as { id: number }[];
  return getStockDocument(db, kind, created!.id);
}

async function savedDocument(db: TenantDb, kind: StockDocumentKind, rawId: unknown) {
  const id = recordId(rawId);
  const [doc] = await db
    .select()
    .from(stockDocuments)
    .where(and(eq(stockDocuments.id, id), eq(stockDocuments.type, kind)))
    .limit(1);
  if (!doc) throw new DomainError("not_found");
  return doc;
}

/**
 * Changes a saved document. New lines (or a new location) replace its effect: what it did is
 * undone from its ledger rows and the new lines applied, in one batch with ledger rows for both.
 */
export async function updateStockDocument(
  db: TenantDb,
  actor: StockActor,
  kind: StockDocumentKind,
  rawId: unknown,
  raw: unknown,
): Promise<StockDocumentView> {
  const doc = await savedDocument(db, kind, rawId);
  const input = parseInput(UPDATE[kind], await linesBySku(db, raw)) as Partial<ParsedCreate>;
  const locationId = input.location_id ?? doc.locationId;
  const arrivalId = kind === "movement" ? (input.arrival_location_id ?? doc.arrivalLocationId) : null;
  const placesChanged = locationId !== doc.locationId || arrivalId !== doc.arrivalLocationId;
  const restock = input.lines !== undefined || placesChanged;
  const lines: LineInput[] =
    input.lines ??
    (restock
      ? (
          await db.select().from(stockDocumentLines).where(eq(stockDocumentLines.documentId, doc.id)).orderBy(asc(stockDocumentLines.id))
        ).map((l) => ({
          variant_id: l.variantId,
          pack_id: l.packId,
          batch_id: l.batchId,
          quantity: l.quantity,
          unit_cost: l.unitCost,
        }))
      : []);
  const { changes } = await plan(
    db,
    kind,
    { location_id: locationId, arrival_location_id: arrivalId, lines },
    // A location made inactive since still holds the document; choosing one anew needs an active one.
    { activeLocations: placesChanged, checkLines: restock },
  );
  const batch = new StockBatch(db).claimDocument(doc.id, doc.updatedAt);
  batch.add(
    db
      .update(stockDocuments)
      .set({
        locationId,
        arrivalLocationId: arrivalId,
        ...(input.date !== undefined ? { date: input.date } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
      })
      .where(eq(stockDocuments.id, doc.id)),
  );
  if (restock) {
    const fieldOf = (variantId: number) => {
      const i = lines.findIndex((l) => l.variant_id === variantId);
      return i >= 0 ? `lines.${i}.quantity` : "lines";
    };
    const undo = await reversal(db, kind, doc.id, fieldOf);
    batch.add(db.delete(stockDocumentLines).where(eq(stockDocumentLines.documentId, doc.id)));
    if (lines.length) batch.add(db.insert(stockDocumentLines).values(lineRows(doc.id, lines)));
    batch.addChanges(orderChanges([...undo, ...changes]), {
      documentType: kind,
      documentId: doc.id,
      userId: actor.userId,
      userForbidsNegative: actor.forbidsNegative,
    });
  }
  await batch.run();
  return getStockDocument(db, kind, doc.id);
}

/** Deletes a document and reverses the stock it moved (domain spec §4), with ledger rows for the reversal. */
export async function deleteStockDocument(
  db: TenantDb,
  actor: StockActor,
  kind: StockDocumentKind,
  rawId: unknown,
  acknowledged: readonly string[],
): Promise<void> {
  const doc = await savedDocument(db, kind, rawId);
  requireAcknowledged(acknowledged, DELETE_ASKS.stock_document);
  const undo = await reversal(db, kind, doc.id, () => "lines");
  const batch = new StockBatch(db).claimDocument(doc.id, doc.updatedAt);
  batch.addChanges(orderChanges(undo), {
    documentType: kind,
    documentId: doc.id,
    userId: actor.userId,
    userForbidsNegative: actor.forbidsNegative,
  });
  batch.add(
    db.delete(stockDocumentLines).where(eq(stockDocumentLines.documentId, doc.id)),
    db.delete(stockDocuments).where(eq(stockDocuments.id, doc.id)),
  );
  await batch.run();
}

/** Locations a document may be made in (active ones), for the screens. */
export async function stockLocations(db: TenantDb, includeInactive = false) {
  return db
    .select({ id: locations.id, label: locations.label, active: locations.active })
    .from(locations)
    .where(includeInactive ? undefined : eq(locations.active, true))
    .orderBy(asc(locations.label), asc(locations.id));
}
