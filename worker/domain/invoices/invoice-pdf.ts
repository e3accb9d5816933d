import type { PdfSettings } from "../documents/pdf/pdf-settings";
import type { PrintableDocument } from "../documents/pdf/printable-document";
import { printSalesDocument } from "../sales/sales-document-pdf";
import type { Ctx } from "../shared/ctx";
import type { Locale } from "../shared/locale";
import { isDraftInvoice, type InvoiceView } from "./invoice-views";

/**
 * What an invoice's PDF prints: the sales document's printable with its number (or "Draft"), its
 * due date, what was paid and what remains to pay. No permission is checked here: the output row
 * (documents/outputs.ts) checks view_invoices, the public page its public link.
 */
export async function invoicePrintable(
  ctx: Ctx,
  invoice: InvoiceView,
  language?: Locale,
): Promise<{ printable: PrintableDocument; settings: PdfSettings; language: Locale }> {
  return printSalesDocument(ctx, invoice, language, {
    draft: isDraftInvoice(invoice),
    dueDate: invoice.due_date,
    isDeposit: invoice.is_deposit,
    amountPaid: invoice.amount_paid,
    remainingToPay: invoice.remaining_to_pay,
  });
}
