import type { z } from "zod";
import { DELETE_ASKS } from "../domain/shared/acknowledgements";
import { createStockDocument } from "../domain/stock/create-stock-document";
import { deleteStockDocument } from "../domain/stock/delete-stock-document";
import { getStockDocument } from "../domain/stock/get-stock-document";
import { listStockDocuments } from "../domain/stock/list-stock-documents";
import { CreateStockEntryInput, UpdateStockEntryInput } from "../domain/stock/stock-document-schemas";
import { stockDocumentListRegistry } from "../domain/stock/stock-document-views";
import { updateStockDocument } from "../domain/stock/update-stock-document";
import type { StockDocumentKind } from "../domain/stock/stock-rules";
import { documentApi, documentOperations, documentRouter, type DocumentApi } from "./document-api";
import { acknowledgeQuery, errors } from "./operation";
import { page } from "./schemas/common";
import { StockDocument } from "./schemas/stock";

/** A kind of stock document's API descriptor (document-api.ts): list, create, read, update, delete. */
export function stockDocumentApi(d: {
  kind: StockDocumentKind;
  path: string;
  tag: string;
  what: string;
  create: z.ZodType;
  update: z.ZodType;
}): DocumentApi {
  const { kind } = d;
  const stock = {
    409: "Another edit of the document came first (conflict), or the number typed is taken (document_number_taken)",
    422: "Invalid input, or not enough stock (insufficient_stock, naming lines.N.quantity)",
  };
  return documentApi({
    type: kind,
    path: d.path,
    tag: d.tag,
    // The kind comes from the path, last: a body cannot name another.
    verbs: {
      list: (ctx, query) => listStockDocuments(ctx, { kind, query }),
      create: (ctx, input) => createStockDocument(ctx, { ...input, kind }),
      get: (ctx, { id }) => getStockDocument(ctx, { kind, id }),
      update: (ctx, input) => updateStockDocument(ctx, { ...input, kind }),
      remove: (ctx, input) => deleteStockDocument(ctx, { ...input, kind }),
    },
    // One document is read with the list's permission.
    getAccess: "view",
    docs: {
      list: {
        summary: `${d.what}: filters number, date, location_id, arrival_location_id, created; sort -id (default), number, date, created; search on the number`,
        list: stockDocumentListRegistry,
        result: page(StockDocument),
        responses: { 200: "One page of the list", 422: "Invalid list parameter", ...errors },
      },
      create: {
        summary: `Create a ${d.what.toLowerCase().replace(/s$/, "")} and apply its stock; without a number, it takes the next of its sequence. A line names its variant by variant_id or sku, its batch by batch_id or batch (the number)`,
        body: d.create,
        result: StockDocument,
        responses: { 201: "Created, with its lines", ...stock, ...errors },
      },
      get: { summary: "One document with its lines", result: StockDocument, responses: { 200: "The document", ...errors } },
      update: {
        summary:
          "Update a document; lines (or a new location) replace its stock effect in one batch. A line names its variant by variant_id or sku, its batch by batch_id or batch (the number)",
        body: d.update,
        result: StockDocument,
        responses: { 200: "Updated", ...stock, ...errors },
      },
      remove: {
        summary: "Delete a document, reversing its stock",
        query: acknowledgeQuery(DELETE_ASKS.stock_document),
        responses: { 204: "Deleted", ...stock, ...errors },
      },
    },
  });
}

const ENTRIES = stockDocumentApi({
  kind: "entry",
  path: "/stock-entries",
  tag: "Stock entries",
  what: "Stock entries",
  create: CreateStockEntryInput,
  update: UpdateStockEntryInput,
});

export const stockEntryOperations = documentOperations(ENTRIES);

/** /api/v1/stock-entries: stock added at a location, with an optional unit cost per line (moving average cost). */
export const stockEntries = documentRouter(ENTRIES);
