import { requirePermission, type Ctx } from "../shared/ctx";
import { getEstimate } from "./get-estimate";
import { getSalesOrder } from "./get-sales-order";
import { salesDocumentLineFacts } from "./sales-document-line-facts";
import { SALES_ACCESS, type SalesDocumentView } from "./sales-documents";
import { salesFormChoices } from "./sales-form-choices";
import type { SalesLineFacts } from "./sales-line-facts";

type Choice = { id: number; label: string };

export interface SalesDocumentEditView {
  doc: SalesDocumentView;
  /** Its lines as the line editor opens them, priced as saving would price them. */
  facts: SalesLineFacts;
  /** What the customer and location fields offer (the inactive ones it names, kept). */
  customers: Choice[];
  locations: Choice[];
}

/** An estimate's or a sales order's edit form: the document, its lines' facts and the form's choices, in one call. */
export async function salesDocumentEditView(
  ctx: Ctx,
  input: { type: "estimate" | "sales_order"; id: unknown },
): Promise<SalesDocumentEditView> {
  requirePermission(ctx, SALES_ACCESS[input.type].edit);
  const doc = await (input.type === "estimate" ? getEstimate : getSalesOrder)(ctx, { id: input.id });
  const [facts, choices] = await Promise.all([
    salesDocumentLineFacts(ctx, { type: input.type, id: doc.id }),
    salesFormChoices(ctx, { keepCustomer: doc.customer_id, keepLocation: doc.location_id }),
  ]);
  return { doc, facts, ...choices };
}
