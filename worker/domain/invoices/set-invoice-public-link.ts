import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { tenantSchema } from "../../../db/client";
import { DOCUMENT_ACCESS } from "../documents/document-types";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { parseInput, recordId, strictInput } from "../shared/input";
import { readInvoice, type InvoiceView } from "./invoice-views";

const { salesDocuments } = tenantSchema;

/** The public link's switch: on, the invoice's public page answers; off, it is not found. */
export const SetInvoicePublicLinkInput = strictInput({
  enabled: z.boolean({ error: (issue) => (issue.input === undefined ? "required" : "invalid") }),
});
export type SetInvoicePublicLinkInput = z.input<typeof SetInvoicePublicLinkInput>;

/**
 * Turns an invoice's public link on or off (domain spec §3 "public link"; platform spec §2
 * /public/invoices/{id}). Off, the public page and its PDF answer not found, as for an id that
 * never existed; on again, the same address works again (its public id does not change).
 */
export async function setInvoicePublicLink(ctx: Ctx, input: { id: unknown } & Record<string, unknown>): Promise<InvoiceView> {
  requirePermission(ctx, DOCUMENT_ACCESS.invoice.edit);
  const { id: rawId, ...fields } = input;
  const id = recordId(rawId);
  const { enabled } = parseInput(SetInvoicePublicLinkInput, fields);
  const changed = await ctx.db
    .update(salesDocuments)
    .set({ publicLink: enabled })
    .where(and(eq(salesDocuments.id, id), eq(salesDocuments.type, "invoice")))
    .returning({ id: salesDocuments.id });
  if (changed.length === 0) throw new DomainError("not_found");
  return readInvoice(ctx.db, id, ctx.now());
}
