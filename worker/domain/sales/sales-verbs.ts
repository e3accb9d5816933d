import type { SalesDocumentType } from "../../../db/schema/tenant/sales";
import { assertMove, type StatusMachine, type StatusOf } from "../documents/statuses";
import { DELETE_ASKS, requireAcknowledged } from "../shared/acknowledgements";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import type { ListResult } from "../shared/list-query-sql";
import { moveSalesDocument, removeSalesDocument } from "./sales-document-writes";
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

/** Deletes a document and those made from it (their reservations given back), once the consequences are acknowledged. */
export const deleteVerb =
  (type: SalesDocumentType) =>
  async (ctx: Ctx, input: { id: unknown; acknowledged?: readonly string[] }): Promise<void> => {
    requirePermission(ctx, SALES_ACCESS[type].edit);
    const saved = await savedSalesDocument(ctx.db, type, input.id);
    requireAcknowledged(input.acknowledged, DELETE_ASKS.sales_document);
    await removeSalesDocument(ctx, saved);
  };

/**
 * Moves a document's status as its machine allows (and, with `from`, only out of those statuses);
 * `release` gives back the stock it reserved.
 */
export const moveVerb =
  <M extends StatusMachine>(
    type: SalesDocumentType,
    machine: M,
    to: StatusOf<M>,
    options: { release?: boolean; from?: readonly StatusOf<M>[] } = {},
  ) =>
  async (ctx: Ctx, input: { id: unknown }): Promise<SalesDocumentView> => {
    requirePermission(ctx, SALES_ACCESS[type].edit);
    const saved = await savedSalesDocument(ctx.db, type, input.id);
    const from = saved.status as StatusOf<M>;
    if (options.from && !options.from.includes(from)) throw new DomainError("status_move_not_allowed");
    assertMove(machine, from, to);
    return moveSalesDocument(ctx, saved, { status: to }, { release: options.release });
  };
