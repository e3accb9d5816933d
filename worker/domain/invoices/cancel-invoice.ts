import { runCascade } from "../documents/cascades";
import { DOCUMENT_ACCESS } from "../documents/document-types";
import { savedSalesDocument } from "../sales/sales-documents";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { deductedBy } from "./deposits";
import { readInvoice, type InvoiceView } from "./invoice-views";

/**
 * Cancels an invoice (domain spec §4) with its cascade (cascades.ts), in one batch claiming it:
 * a draft or an invoice still waiting for money; a paid or credited one is credited instead. A
 * finalised invoice keeps its number, so the sequence keeps no gap.
 */
export async function cancelInvoice(ctx: Ctx, input: { id: unknown }): Promise<InvoiceView> {
  requirePermission(ctx, DOCUMENT_ACCESS.invoice.edit);
  const saved = await savedSalesDocument(ctx.db, "invoice", input.id);
  // A deposit deducted on later invoices stays until they are cancelled (decision 043).
  const deductedOn = await deductedBy(ctx.db, saved);
  if (deductedOn.length > 0) throw new DomainError("deposit_deducted", { labels: deductedOn.join(", ") });
  await runCascade(ctx, "invoice", "cancel", saved);
  return readInvoice(ctx.db, saved.id, ctx.now());
}
