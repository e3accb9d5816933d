import { isFinal, type StatusOf } from "../documents/statuses";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { parseInput } from "../shared/input";
import { rewriteSalesDocument } from "./sales-document-writes";
import { SALES_ACCESS, savedSalesDocument, type SalesDocumentView } from "./sales-documents";
import { UpdateEstimateInput } from "./sales-schemas";

/** Changes an estimate (lines given replace its lines, and are priced again); a transformed estimate is final. */
export async function updateEstimate(ctx: Ctx, input: { id: unknown } & Record<string, unknown>): Promise<SalesDocumentView> {
  requirePermission(ctx, SALES_ACCESS.estimate.edit);
  const parsed = parseInput(UpdateEstimateInput, input);
  const saved = await savedSalesDocument(ctx.db, "estimate", parsed.id);
  if (isFinal("estimate", saved.status as StatusOf<"estimate">)) throw new DomainError("status_move_not_allowed");
  return rewriteSalesDocument(ctx, {
    type: "estimate",
    saved,
    customerId: parsed.customer_id ?? saved.customerId,
    locationId: parsed.location_id ?? saved.locationId,
    fields: parsed,
    reserve: false,
    values: () => (parsed.expiration_date !== undefined ? { expirationDate: parsed.expiration_date } : {}),
  });
}
