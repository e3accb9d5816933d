import { eq, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { dueDate, type PaymentTerms } from "../contacts/payment-terms";
import { can, type Ctx } from "../shared/ctx";
import { fieldError } from "../shared/input";
import { todayIn } from "../stock/common";

/**
 * The company's invoice settings (domain spec §3 'Company invoice settings') and the customer's
 * payment terms, as the invoice verbs read them: whether an invoice starts as a draft, who may type
 * its number, whether a finalised one may change, and when it falls due.
 */

const { companySettings, customers } = tenantSchema;

/** Who may type or change an invoice's number: nobody (the sequence only), whoever holds `settings`, or whoever edits invoices. */
export const INVOICE_NUMBER_EDIT_ACCESS = ["nobody", "admins", "everyone"] as const;
export type InvoiceNumberEditAccess = (typeof INVOICE_NUMBER_EDIT_ACCESS)[number];

export interface InvoiceSettings {
  /** New invoices may start as drafts (numbered when finalised); off, every invoice is finalised when it is made. */
  useInvoiceDraft: boolean;
  /** Every new invoice starts as a draft, even when its maker asks to finalise it at once. */
  invoiceDraftForced: boolean;
  invoiceNumberEditAccess: InvoiceNumberEditAccess;
  /** A finalised invoice may still be changed (its lines and texts; never its number's sequence). */
  editFinalizedInvoice: boolean;
  timezone: string;
  /** The company's terms, which apply when the customer has none of its own. */
  companyTerms: PaymentTerms;
  /** The customer's terms; null when it has none of its own (net 0, what every new customer starts with). */
  customerTerms: PaymentTerms | null;
}

/** The settings and the customer's terms, in one read (the customer may be 0: none). */
export async function readInvoiceSettings(db: TenantDb, customerId: number): Promise<InvoiceSettings> {
  const [row] = await db
    .select({
      useInvoiceDraft: companySettings.useInvoiceDraft,
      invoiceDraftForced: companySettings.invoiceDraftForced,
      invoiceNumberEditAccess: companySettings.invoiceNumberEditAccess,
      editFinalizedInvoice: companySettings.editFinalizedInvoice,
      timezone: companySettings.timezone,
      companyTermsType: companySettings.paymentTermsType,
      companyTermsDays: companySettings.paymentTermsDays,
      customerTermsType: customers.paymentTermsType,
      customerTermsDays: customers.paymentTermsDays,
    })
    .from(companySettings)
    .leftJoin(customers, eq(customers.id, sql`${customerId}`))
    .where(eq(companySettings.id, 1));
  if (!row) throw new Error("the company has no settings row");
  const customerTerms: PaymentTerms | null =
    row.customerTermsType === null || (row.customerTermsType === "net" && !row.customerTermsDays)
      ? null
      : { type: row.customerTermsType, days: row.customerTermsDays ?? 0 };
  return {
    useInvoiceDraft: row.useInvoiceDraft,
    invoiceDraftForced: row.invoiceDraftForced,
    invoiceNumberEditAccess: row.invoiceNumberEditAccess,
    editFinalizedInvoice: row.editFinalizedInvoice,
    timezone: row.timezone,
    companyTerms: { type: row.companyTermsType, days: row.companyTermsDays },
    customerTerms,
  };
}

/** Whether a new invoice starts as a draft: as the settings force it, else as its maker asks (a draft unless told to finalise). */
export function startsAsDraft(settings: InvoiceSettings, finalize: boolean | undefined): boolean {
  if (!settings.useInvoiceDraft) return false;
  if (settings.invoiceDraftForced) return true;
  return finalize !== true;
}

/** The terms an invoice falls due under (domain spec §5): the customer's own, else the company's. */
export function invoiceTerms(settings: InvoiceSettings): PaymentTerms {
  return settings.customerTerms ?? settings.companyTerms;
}

/** The due date of an invoice dated `date` (YYYY-MM-DD, the company's calendar): `dueDate` under its terms. */
export function invoiceDueDate(settings: InvoiceSettings, date: string): string {
  return dueDate(invoiceTerms(settings), date);
}

/** Today in the company's calendar: what a new or finalised invoice is dated. */
export function invoiceToday(ctx: Pick<Ctx, "now">, settings: InvoiceSettings): string {
  return todayIn(settings.timezone, new Date(ctx.now()));
}

/** Refuses a typed number (`number` named) unless the settings let this actor type invoice numbers. */
export function requireNumberEdit(ctx: Pick<Ctx, "actor">, settings: InvoiceSettings, number: string | null | undefined): void {
  if (number === undefined || number === null) return;
  const access = settings.invoiceNumberEditAccess;
  const allowed = access === "everyone" || (access === "admins" && can(ctx, { allOf: ["settings"] }));
  if (!allowed) throw fieldError("number", "invoice_number_not_editable");
}
