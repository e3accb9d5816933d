import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import type { BillingError } from "../../../db/schema/tenant/sales";
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
 *
 * A subscription whose invoice cannot be made (its variant deleted, its customer archived: any
 * error but a lost race) keeps the error and its time for its page, and is left aside for a while
 * (billingBackoff) so that the ones after it in the queue are billed: it never takes a place among
 * each run's first ones again and again. Its invoice, when it comes, clears all of it.
 */

const { salesDocuments } = tenantSchema;

/** At most this many invoices per company and run: a company with thousands due is billed over several minutes, never holding up the run. */
export const SUBSCRIPTION_INVOICES_PER_RUN = 25;

export interface BillingRun {
  /** Invoices made by this run. */
  billed: number;
  /** Cycles another run (or an edit) got to first. */
  skipped: number;
  /** Subscriptions whose invoice could not be made (a line the catalogue no longer has…): tried again after their backoff. */
  failed: number;
}

const HOUR = 3_600_000;
/** The longest wait between two tries: a subscription fixed by the merchant bills within a day (an edit clears the wait at once). */
export const MAX_BILLING_BACKOFF = 24 * HOUR;

/** How long a subscription that failed `failures` times in a row waits before the next try: 1 h, 2 h, 4 h… at most a day. */
export function billingBackoff(failures: number): number {
  return Math.min(HOUR * 2 ** Math.max(0, Math.min(failures, 16) - 1), MAX_BILLING_BACKOFF);
}

/** A thrown error as the subscription keeps it: a domain error's code, params and fields; anything else is `internal`. */
function billingErrorOf(error: unknown): BillingError {
  if (!(error instanceof DomainError)) return { code: "internal" };
  return {
    code: error.code,
    ...(Object.keys(error.params).length ? { params: error.params } : {}),
    ...(error.fields ? { fields: error.fields } : {}),
  };
}

/**
 * Keeps a failed billing on the subscription, with the time of its next try. Written only if the
 * subscription is as it was read: an edit made meanwhile (which may have fixed it) or a cycle billed
 * by another run wins, and updated_at is left alone so that no edit in progress turns into a conflict.
 */
async function recordFailure(ctx: Ctx, subscription: SavedSalesDocument, error: unknown): Promise<void> {
  const at = ctx.now();
  const failures = subscription.billingFailures + 1;
  await ctx.db
    .update(salesDocuments)
    .set({
      billingError: billingErrorOf(error),
      billingFailedAt: at,
      billingFailures: failures,
      billingRetryAt: at + billingBackoff(failures),
    })
    .where(and(eq(salesDocuments.id, subscription.id), eq(salesDocuments.updatedAt, subscription.updatedAt)));
}

/** The subscriptions due on `today`, the longest due first, but those waiting after a failure. */
function dueSubscriptions(ctx: Ctx, today: string, limit: number) {
  return ctx.db
    .select(documentColumns)
    .from(salesDocuments)
    .where(
      and(
        eq(salesDocuments.type, "subscription"),
        eq(salesDocuments.status, "active"),
        lte(salesDocuments.renewalDate, today),
        or(isNull(salesDocuments.billingRetryAt), lte(salesDocuments.billingRetryAt, ctx.now())),
      ),
    )
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
        // Kept for the page and the backoff; if even that fails (the database is down), the run goes on.
        await recordFailure(ctx, subscription, error).catch((e: unknown) =>
          console.error(`subscription ${subscription.id}: failure not kept`, e),
        );
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
        db
          .update(salesDocuments)
          .set({
            cyclesBilled: cycle,
            renewalDate: next,
            billingError: null,
            billingFailedAt: null,
            billingFailures: 0,
            billingRetryAt: null,
          })
          .where(eq(salesDocuments.id, subscription.id)),
      );
    },
  });
}
