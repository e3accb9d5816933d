import type { RequestContext } from "../../../worker/context";
import { ctxForPublicInvoice } from "../../../worker/ctx";
import type { OpenPublicCompany } from "../../../worker/domain/invoices/public-invoice";

/**
 * The answers of an invoice's public page and PDF: the token is in the address, so no cache keeps
 * them (private, no-store), no search engine lists them (noindex) and no link followed from them
 * carries the address away in its Referer (no-referrer).
 */
export const PUBLIC_INVOICE_HEADERS = {
  "cache-control": "private, no-store",
  "x-robots-tag": "noindex, nofollow",
  "referrer-policy": "no-referrer",
} as const;

/** How the public verbs open the company a public id names: its visitor, holding no permission. */
export function openPublicCompany(rc: RequestContext): OpenPublicCompany {
  return (companyId) => ctxForPublicInvoice(rc.env, companyId);
}
