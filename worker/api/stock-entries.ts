import { acknowledgementsOf, DELETE_ASKS } from "../domain/shared/acknowledgements";
import { Hono } from "hono";
import type { z } from "zod";
import { createStockDocument } from "../domain/stock/create-stock-document";
import { deleteStockDocument } from "../domain/stock/delete-stock-document";
import { getStockDocument } from "../domain/stock/get-stock-document";
import { listStockDocuments } from "../domain/stock/list-stock-documents";
import { CreateStockEntryInput, UpdateStockEntryInput } from "../domain/stock/stock-document-schemas";
import { stockDocumentListRegistry } from "../domain/stock/stock-document-views";
import { updateStockDocument } from "../domain/stock/update-stock-document";
import type { StockDocumentKind } from "../domain/stock/stock-rules";
import type { Permission } from "../domain/identity/permissions";
import { requireActor, verbCtx } from "./auth";
import { jsonBody } from "./body";
import { acknowledgeQuery, errors, type ApiOperation } from "./operation";
import { page } from "./schemas/common";
import { StockDocument } from "./schemas/stock";
import type { ApiEnv } from "./types";

interface DocumentApi {
  kind: StockDocumentKind;
  path: string;
  tag: string;
  view: Permission;
  edit: Permission;
  create: z.ZodType;
  update: z.ZodType;
  what: string;
}

/** The documented operations of one kind of stock document. */
export function stockDocumentOperations(d: DocumentApi): ApiOperation[] {
  const VIEW = { allOf: [d.view] };
  const EDIT = { allOf: [d.edit] };
  const stock = {
    409: "Another edit of the document came first (conflict), or the number typed is taken (document_number_taken)",
    422: "Invalid input, or not enough stock (insufficient_stock, naming lines.N.quantity)",
  };
  return [
    {
      method: "get",
      path: d.path,
      tag: d.tag,
      summary: `${d.what}: filters number, date, location_id, arrival_location_id, created; sort -id (default), number, date, created; search on the number`,
      auth: true,
      permissions: VIEW,
      list: stockDocumentListRegistry,
      result: page(StockDocument),
      responses: { 200: "One page of the list", 422: "Invalid list parameter", ...errors },
    },
    {
      method: "post",
      path: d.path,
      tag: d.tag,
      summary: `Create a ${d.what.toLowerCase().replace(/s$/, "")} and apply its stock; without a number, it takes the next of its sequence. A line names its variant by variant_id or sku, its batch by batch_id or batch (the number)`,
      auth: true,
      permissions: EDIT,
      body: d.create,
      result: StockDocument,
      responses: { 201: "Created, with its lines", ...stock, ...errors },
    },
    {
      method: "get",
      path: `${d.path}/{id}`,
      tag: d.tag,
      summary: "One document with its lines",
      auth: true,
      permissions: VIEW,
      result: StockDocument,
      responses: { 200: "The document", ...errors },
    },
    {
      method: "patch",
      path: `${d.path}/{id}`,
      tag: d.tag,
      summary:
        "Update a document; lines (or a new location) replace its stock effect in one batch. A line names its variant by variant_id or sku, its batch by batch_id or batch (the number)",
      auth: true,
      permissions: EDIT,
      body: d.update,
      result: StockDocument,
      responses: { 200: "Updated", ...stock, ...errors },
    },
    {
      method: "delete",
      path: `${d.path}/{id}`,
      tag: d.tag,
      summary: "Delete a document, reversing its stock",
      auth: true,
      permissions: EDIT,
      query: acknowledgeQuery(DELETE_ASKS.stock_document),
      responses: { 204: "Deleted", ...stock, ...errors },
    },
  ];
}

/** The router of one kind of stock document: list, create, read, update, delete. */
export function stockDocumentRouter(d: Pick<DocumentApi, "kind" | "view" | "edit">) {
  const VIEW = { allOf: [d.view] };
  const EDIT = { allOf: [d.edit] };
  return new Hono<ApiEnv>()
    .get("/", requireActor(VIEW), async (c) => {
      return c.json(await listStockDocuments(await verbCtx(c), { kind: d.kind, query: new URL(c.req.url).searchParams }));
    })
    .post("/", requireActor(EDIT), async (c) => {
      // The kind comes from the path, last: a body cannot name another.
      return c.json(await createStockDocument(await verbCtx(c), { ...(await jsonBody(c)), kind: d.kind }), 201);
    })
    .get("/:id", requireActor(VIEW), async (c) => {
      return c.json(await getStockDocument(await verbCtx(c), { kind: d.kind, id: c.req.param("id") }));
    })
    .patch("/:id", requireActor(EDIT), async (c) => {
      return c.json(await updateStockDocument(await verbCtx(c), { ...(await jsonBody(c)), kind: d.kind, id: c.req.param("id") }));
    })
    .delete("/:id", requireActor(EDIT), async (c) => {
      const acknowledged = acknowledgementsOf(c.req.queries("acknowledge") ?? []);
      await deleteStockDocument(await verbCtx(c), { kind: d.kind, id: c.req.param("id"), acknowledged });
      return c.body(null, 204);
    });
}

const ENTRIES = {
  kind: "entry",
  path: "/stock-entries",
  tag: "Stock entries",
  view: "view_stock_entries",
  edit: "edit_stock_entries",
  what: "Stock entries",
} as const;

export const stockEntryOperations: ApiOperation[] = stockDocumentOperations({
  ...ENTRIES,
  create: CreateStockEntryInput,
  update: UpdateStockEntryInput,
});

/** /api/v1/stock-entries: stock added at a location, with an optional unit cost per line (moving average cost). */
export const stockEntries = stockDocumentRouter(ENTRIES);
