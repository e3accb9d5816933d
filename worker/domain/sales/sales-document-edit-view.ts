import { getInvoice } from "../invoices/get-invoice";
import type { InvoiceView } from "../invoices/invoice-views";
import { requirePermission, type Ctx } from "../shared/ctx";
import { getEstimate } from "./get-estimate";
import { getSalesOrder } from "./get-sales-order";
import { salesDocumentLineFacts } from "./sales-document-line-facts";
import { SALES_ACCESS, type SalesDocumentView } from "./sales-documents";
import { salesFormChoices } from "./sales-form-choices";
import type { SalesLineFacts } from "./sales-line-facts";

type Choice = { id: number; label: string };

export interface SalesDocumentEditView {
  /** An invoice's own view (its number null while a draft, its due date). */
  doc: SalesDocumentView | InvoiceView;
  /** Its lines as the line editor opens them, priced as saving would price them. */
  facts: SalesLineFacts;
  /** What the customer and location fields offer (the inactive ones it names, kept). */
  customers: Choice[];
  locations: Choice[];
}

const READ = { estimate: getEstimate, sales_order: getSalesOrder, invoice: getInvoice };

/** An estimate's, a sales order's or an invoice's edit form: the document, its lines' facts and the form's choices, in one call. */
export async function salesDocumentEditView(
  ctx: Ctx,
  input: { type: "estimate" | "sales_order" | "invoice"; id: unknown },
): Promise<SalesDocumentEditView> {
  requirePermission(ctx, SALES_ACCESS[input.type].edit);
  const doc = await READ[input.type](ctx, { id: input.id });
  const [facts, choices] = await Promise.all([
    salesDocumentLineFacts(ctx, { type: input.type, id: doc.id }),
    salesFormChoices(ctx, { keepCustomer: doc.customer_id, keepLocation: doc.location_id }),
  ]);
  return { doc, facts, ...choices };
}
