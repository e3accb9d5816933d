import type { SalesDocumentType } from "../../../db/schema/tenant/sales";
import { runCascade } from "../documents/cascades";
import type { StatusMachine, StatusOf } from "../documents/statuses";
import { DELETE_ASKS, requireAcknowledged } from "../shared/acknowledgements";
import { requirePermission, type Ctx } from "../shared/ctx";
import type { ListResult } from "../shared/list-query-sql";
import { moveSalesDocument } from "./sales-document-writes";
import { listOfType, readSalesDocument, SALES_ACCESS, savedSalesDocument, type SalesDocumentView } from "./sales-documents";

/** The verbs every sales document type has in the same shape, made for one type (each verb file names its own). */

export const readVerb =
  (type: SalesDocumentType) =>
  async (ctx: Ctx, input: { id: unknown }): Promise<SalesDocumentView> => {
    requirePermission(ctx, SALES_ACCESS[type].read);
    return readSalesDocument(ctx.db, type, input.id);
  };

export const listVerb =
  (type: SalesDocumentType) =>
  async (ctx: Ctx, query: URLSearchParams | Record<string, unknown>): Promise<ListResult<SalesDocumentView>> => {
    requirePermission(ctx, SALES_ACCESS[type].view);
    return listOfType(ctx.db, type, query);
  };

/**
 * Deletes a document and those made from it, with its cascade (cascades.ts) in one batch: the
 * goods their shipments took come back and their reservations are given back, once the
 * consequences are acknowledged.
 */
export const deleteVerb =
  (type: SalesDocumentType) =>
  async (ctx: Ctx, input: { id: unknown; acknowledged?: readonly string[] }): Promise<void> => {
    requirePermission(ctx, SALES_ACCESS[type].edit);
    const saved = await savedSalesDocument(ctx.db, type, input.id);
    requireAcknowledged(input.acknowledged, DELETE_ASKS.sales_document);
    await runCascade(ctx, type, "delete", saved);
  };

/**
 * Moves a document's status as its machine and the verb's guard allow (statuses.ts: the statuses
 * it leaves come from there); `release` gives back the stock it reserved.
 */
export const moveVerb =
  <M extends StatusMachine>(type: SalesDocumentType & M, machine: M, to: StatusOf<M>, options: { release?: boolean } = {}) =>
  async (ctx: Ctx, input: { id: unknown }): Promise<SalesDocumentView> => {
    requirePermission(ctx, SALES_ACCESS[type].edit);
    const saved = await savedSalesDocument(ctx.db, type, input.id);
    return moveSalesDocument(ctx, saved, to, { release: options.release });
  };
