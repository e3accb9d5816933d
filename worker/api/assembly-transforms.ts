import { Hono } from "hono";
import { AssemblyTransformInput, READ_ASSEMBLY_TRANSFORM, transformAssembly, TRANSFORM_ASSEMBLY } from "../domain/stock/assembly-transform";
import { getStockDocument } from "../domain/stock/get-stock-document";
import { listStockDocuments } from "../domain/stock/list-stock-documents";
import { stockDocumentListRegistry } from "../domain/stock/stock-document-views";
import { requireActor, verbCtx } from "./auth";
import { jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { page } from "./schemas/common";
import { StockDocument } from "./schemas/stock";
import type { ApiEnv } from "./types";

export const assemblyTransformOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/assembly-transforms",
    tag: "Assembly transforms",
    summary: "Assembly transforms made: filters number, date, location_id, created; sort -id (default), number, date, created",
    auth: true,
    permissions: READ_ASSEMBLY_TRANSFORM,
    list: stockDocumentListRegistry,
    result: page(StockDocument),
    responses: { 200: "One page of the list", 422: "Invalid list parameter", ...errors },
  },
  {
    method: "post",
    path: "/assembly-transforms",
    tag: "Assembly transforms",
    summary:
      "Create assemblies from their components (action create) or split them back (action split) at a location, in one write logged against the transform; limited by the components or assemblies available there unless negative stock is allowed",
    auth: true,
    permissions: TRANSFORM_ASSEMBLY,
    body: AssemblyTransformInput,
    result: StockDocument,
    responses: {
      201: "The transform's document: the assembly's line first (its signed change, and on a create the cost of one assembly made), then each component's",
      422: "Invalid input, or not enough components or assemblies available (not_enough_components, not_enough_assemblies, naming quantity)",
      ...errors,
    },
  },
  {
    method: "get",
    path: "/assembly-transforms/{id}",
    tag: "Assembly transforms",
    summary: "One assembly transform with its lines (the signed change of each variant)",
    auth: true,
    permissions: READ_ASSEMBLY_TRANSFORM,
    result: StockDocument,
    responses: { 200: "The transform", ...errors },
  },
];

/** /api/v1/assembly-transforms: making assemblies from components and splitting them (module assemblies). */
export const assemblyTransforms = new Hono<ApiEnv>()
  .get("/", requireActor(READ_ASSEMBLY_TRANSFORM), async (c) => {
    return c.json(await listStockDocuments(await verbCtx(c), { kind: "assembly_transform", query: new URL(c.req.url).searchParams }));
  })
  .post("/", requireActor(TRANSFORM_ASSEMBLY), async (c) => {
    return c.json(await transformAssembly(await verbCtx(c), await jsonBody(c)), 201);
  })
  .get("/:id", requireActor(READ_ASSEMBLY_TRANSFORM), async (c) => {
    return c.json(await getStockDocument(await verbCtx(c), { kind: "assembly_transform", id: c.req.param("id") }));
  });
