import { and, asc, eq, lte } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { claimAsRead, claimMove } from "../documents/claims";
import { readInvoiceSettings } from "../invoices/invoice-settings";
import { companyToday, type InvoiceView } from "../invoices/invoice-views";
import { insertInvoice } from "../invoices/invoice-writes";
import { lineInputsOf } from "../sales/sales-document-writes";
import { documentColumns, type SavedSalesDocument } from "../sales/sales-documents";
import type { Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { isUniqueViolation } from "../shared/input";
import { PRICE_SCALE } from "../shared/money";
import { storedDecimal } from "../shared/stored-figures";
import { nextRenewal, type FirstBilling } from "./renewal";

/**
 * The cron's work for one company (domain spec §3 'Subscription'): each active subscription whose
 * renewal date has come in the company's calendar gets its cycle's invoice, at its lines and
 * prices, a draft or finalised as the invoice settings say. The invoice, its cycle number, the
 * subscription's next renewal date, its count of cycles billed and (after the last cycle) its
 * completion are one batch, which claims the subscription as read; the unique index on (its id,
 * the cycle) makes a second invoice of one cycle impossible even so. Two runs at once: one writes,
 * the other's batch fails and is counted as done by the other.
 */

const { salesDocuments } = tenantSchema;

/** At most this many invoices per company and run: a company with thousands due is billed over several minutes, never holding up the run. */
export const SUBSCRIPTION_INVOICES_PER_RUN = 25;

export interface BillingRun {
  /** Invoices made by this run. */
  billed: number;
  /** Cycles another run (or an edit) got to first. */
  skipped: number;
  /** Subscriptions whose invoice could not be made (a line the catalogue no longer has…): tried again at the next run. */
  failed: number;
}

/** The subscriptions due on `today`, the longest due first. */
function dueSubscriptions(ctx: Ctx, today: string, limit: number) {
  return ctx.db
    .select(documentColumns)
    .from(salesDocuments)
    .where(and(eq(salesDocuments.type, "subscription"), eq(salesDocuments.status, "active"), lte(salesDocuments.renewalDate, today)))
    .orderBy(asc(salesDocuments.renewalDate), asc(salesDocuments.id))
    .limit(limit);
}

/** Makes the invoices of the subscriptions due in the ctx's company, at most `limit` of them. */
export async function billDueSubscriptions(ctx: Ctx, options: { limit?: number } = {}): Promise<BillingRun> {
  const today = await companyToday(ctx.db, ctx.now());
  const due = await dueSubscriptions(ctx, today, options.limit ?? SUBSCRIPTION_INVOICES_PER_RUN);
  const run: BillingRun = { billed: 0, skipped: 0, failed: 0 };
  for (const subscription of due) {
    try {
      await billCycle(ctx, subscription);
      run.billed++;
    } catch (error) {
      if (isUniqueViolation(error, "subscription_cycle") || (error instanceof DomainError && error.code === "conflict")) {
        run.skipped++;
      } else {
        run.failed++;
        console.error(`subscription ${subscription.id} not billed`, error);
      }
    }
  }
  return run;
}

/** The invoice of a subscription's next cycle, dated on that cycle's day, with the subscription moved on in its batch. */
export async function billCycle(ctx: Ctx, subscription: SavedSalesDocument): Promise<InvoiceView> {
  const { db } = ctx;
  const cycle = subscription.cyclesBilled + 1;
  const rule = (subscription.firstBilling ?? "immediately") as FirstBilling;
  const first = subscription.specificDay ?? subscription.date;
  const next = nextRenewal(first, cycle, subscription.cycleLimit, subscription.billingCycle ?? 1, rule);
  const [settings, lines] = await Promise.all([readInvoiceSettings(db, subscription.customerId), lineInputsOf(db, subscription.id)]);
  const money = (units: number | string) => storedDecimal(units, PRICE_SCALE);
  return insertInvoice(ctx, {
    customerId: subscription.customerId,
    locationId: subscription.locationId,
    fields: {
      date: subscription.renewalDate ?? undefined,
      label: subscription.label,
      notes: subscription.notes,
      internal_notes: subscription.internalNotes,
      terms: subscription.terms,
      external_reference: subscription.externalReference,
      for_the_attention_of: subscription.forTheAttentionOf,
      document_tax_ids: subscription.documentTaxIds,
      global_discount: money(subscription.globalDiscount).toString(),
      global_discount_type: subscription.globalDiscountType,
      shipping_cost: money(subscription.shippingCost),
      lines,
    },
    settings,
    // Neither asked nor refused: a company that uses drafts gets a draft to check, else a finalised invoice.
    finalize: undefined,
    dueDate: undefined,
    isDeposit: false,
    createdFromId: subscription.id,
    extra: (batch, invoiceId) => {
      // Claimed as read (a second run or an edit first fails the batch); after its last cycle it completes, as its graph allows.
      if (next === null) claimMove(db, batch, subscription, "subscription", "completed");
      else claimAsRead(db, batch, subscription);
      batch.add(
        db.update(salesDocuments).set({ subscriptionCycle: cycle }).where(eq(salesDocuments.id, invoiceId)),
        db.update(salesDocuments).set({ cyclesBilled: cycle, renewalDate: next }).where(eq(salesDocuments.id, subscription.id)),
      );
    },
  });
}
