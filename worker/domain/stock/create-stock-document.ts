import { tenantSchema } from "../../../db/client";
import { newDocumentNumber, numberTaken } from "../documents/numbering";
import { requirePermission, type Ctx } from "../shared/ctx";
import { parseInput } from "./common";
import { StockBatch, stockAuthor, type StockAuthor, type StockWriter } from "./ledger";
import { linesBySku } from "./line-skus";
import { STOCK_DOCUMENT_ACCESS } from "./stock-access";
import { CREATE_INPUT, type ParsedCreate } from "./stock-document-schemas";
import { writtenStockDocumentReads, writtenStockDocumentView, type StockDocumentView } from "./stock-document-views";
import { insertNewLines, plan } from "./stock-document-writes";
import { orderChanges, type StockDocumentKind } from "./stock-rules";

const { stockDocuments } = tenantSchema;

/** A stock document's fields (lines may name variants by SKU and batches by number), with its kind. */
export type StockDocumentInput = { kind: StockDocumentKind } & Record<string, unknown>;

/** Creates a stock entry, removal or movement, numbered, and applies its stock in one batch. */
export async function createStockDocument(ctx: Ctx, input: StockDocumentInput): Promise<StockDocumentView> {
  requirePermission(ctx, STOCK_DOCUMENT_ACCESS[input.kind].edit);
  return addStockDocument(ctx, stockAuthor(ctx.actor), input);
}

/**
 * The creation without the permission check, for a verb of another area whose own permission
 * covers the stock it adds (a new product's initial stock).
 */
export async function addStockDocument(ctx: StockWriter, author: StockAuthor, input: StockDocumentInput): Promise<StockDocumentView> {
  return (await saveStockDocument(ctx, author, input, true)).view!;
}

/** `addStockDocument` answering only the new document's id (a bulk write has no use for the view). */
export async function writeStockDocument(ctx: StockWriter, author: StockAuthor, input: StockDocumentInput): Promise<number> {
  return (await saveStockDocument(ctx, author, input, false)).id;
}

/** The one write of a new stock document; with `answer`, its view is read at the end of the same batch. */
async function saveStockDocument(
  ctx: StockWriter,
  author: StockAuthor,
  { kind, ...raw }: StockDocumentInput,
  answer: boolean,
): Promise<{ id: number; view: StockDocumentView | null }> {
  const { db } = ctx;
  const input = parseInput(CREATE_INPUT[kind], await linesBySku(db, raw)) as ParsedCreate;
  const { refs, changes } = await plan(
    db,
    kind,
    { location_id: input.location_id, arrival_location_id: input.arrival_location_id ?? null, lines: input.lines },
    { activeLocations: true, checkLines: true, now: ctx.now() },
  );
  const numbered = newDocumentNumber(db, kind, input.location_id, input.number, refs.numbering);
  const insert = db
    .insert(stockDocuments)
    .values({
      type: kind,
      number: numbered.number as unknown as string,
      locationId: input.location_id,
      arrivalLocationId: kind === "movement" ? input.arrival_location_id! : null,
      date: input.date ?? refs.today,
      notes: input.notes ?? null,
      userId: author.userId,
    })
    .returning({ id: stockDocuments.id });
  const batch = new StockBatch(ctx)
    .add(...numbered.statements, insert, insertNewLines(db, numbered.id, input.lines))
    .creates({ type: kind, id: numbered.id });
  batch.addChanges(orderChanges(changes), { documentType: kind, documentId: numbered.id, author });
  const readsAt = batch.size;
  const reads = answer ? writtenStockDocumentReads(db, numbered.id) : [];
  batch.add(...reads);
  let results: unknown[];
  try {
    results = await batch.run();
  } catch (error) {
    throw numberTaken(kind, error, input.number) ?? error;
  }
  const [created] = results[numbered.statements.length] as { id: number }[];
  return { id: created!.id, view: answer ? writtenStockDocumentView(results.slice(readsAt, readsAt + reads.length)) : null };
}
