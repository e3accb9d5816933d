import { entryStatus } from "../documents/statuses";
import { requirePermission, type Ctx } from "../shared/ctx";
import { parseInput } from "../shared/input";
import { insertSalesDocument } from "./sales-document-writes";
import { SALES_ACCESS, type SalesDocumentView } from "./sales-documents";
import { expiryOf } from "./sales-rules";
import { CreateEstimateInput } from "./sales-schemas";

/** Creates an estimate: numbered, priced from the catalogue for its customer, expiring after estimate_expiration_days. */
export async function createEstimate(ctx: Ctx, input: unknown): Promise<SalesDocumentView> {
  requirePermission(ctx, SALES_ACCESS.estimate.edit);
  const parsed = parseInput(CreateEstimateInput, input);
  return insertSalesDocument(ctx, {
    type: "estimate",
    customerId: parsed.customer_id,
    locationId: parsed.location_id,
    fields: parsed,
    reserve: false,
    values: (priced, date) => ({
      status: entryStatus("estimate"),
      expirationDate: parsed.expiration_date !== undefined ? parsed.expiration_date : expiryOf(date, priced.estimateExpirationDays),
    }),
  });
}
