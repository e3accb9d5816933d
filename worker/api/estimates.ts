import { acceptEstimate } from "../domain/sales/accept-estimate";
import { createEstimate } from "../domain/sales/create-estimate";
import { deleteEstimate } from "../domain/sales/delete-estimate";
import { getEstimate } from "../domain/sales/get-estimate";
import { listEstimates } from "../domain/sales/list-estimates";
import { rejectEstimate } from "../domain/sales/reject-estimate";
import { CreateEstimateInput, UpdateEstimateInput } from "../domain/sales/sales-schemas";
import { transformEstimate } from "../domain/sales/transform-estimate";
import { updateEstimate } from "../domain/sales/update-estimate";
import { documentOperations, documentRouter } from "./document-api";
import { salesDocumentApi } from "./sales-documents";

const ESTIMATES = salesDocumentApi({
  type: "estimate",
  path: "/estimates",
  tag: "Estimates",
  what: "estimate",
  create: CreateEstimateInput,
  update: UpdateEstimateInput.omit({ id: true }),
  createSummary:
    "Create an estimate for a customer at a location (required); it expires estimate_expiration_days after its date when that is positive.",
  writeErrors: { 422: "Invalid input" },
  verbs: { list: listEstimates, create: createEstimate, get: getEstimate, update: updateEstimate, remove: deleteEstimate },
  // In this order a new estimate can take every move: pending → rejected → accepted → transformed.
  moves: [
    { name: "reject", summary: "The customer refused the estimate", verb: rejectEstimate },
    { name: "accept", summary: "The customer accepted the estimate", verb: acceptEstimate },
    {
      name: "transform",
      summary:
        "Accept the estimate and make a sales order of it (its lines at their prices, created_from_id pointing at the estimate, stock reserved); asks edit_estimates and edit_sales_orders",
      verb: transformEstimate,
      created: true,
    },
  ],
});

export const estimateOperations = documentOperations(ESTIMATES);

/** /api/v1/estimates (domain spec §3 'Estimate'). */
export const estimates = documentRouter(ESTIMATES);
