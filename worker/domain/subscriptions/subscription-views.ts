import { tenantSchema, type TenantDb } from "../../../db/client";
import type { BillingError } from "../../../db/schema/tenant/sales";
import { listDocuments, type DocumentListSource } from "../documents/list-documents";
import {
  readSalesDocumentRow,
  salesDocumentListRegistry,
  summarySelect,
  summaryView,
  type SalesDocumentView,
  type SavedSalesDocument,
  type SummaryRow,
} from "../sales/sales-documents";
import { defineListRegistry, type ListResult } from "../shared/list-query-sql";
import type { FirstBilling } from "./renewal";

/** How a subscription reads: a sales document (its lines and totals, billed at each cycle) with its terms. */

const { salesDocuments } = tenantSchema;

export interface SubscriptionView extends SalesDocumentView {
  /** Months between two invoices. */
  billing_cycle: number;
  /** How many invoices it makes in all; null: until it is cancelled. */
  cycle_limit: number | null;
  first_billing: FirstBilling;
  /** The day chosen with first_billing specific_day; null with the other rules. */
  specific_day: string | null;
  /** The first cycle's date, whatever the rule: the later cycles are counted from it. */
  first_billing_date: string;
  /** When the next invoice is made; null once it is completed or cancelled. */
  renewal_date: string | null;
  /** The last cycle's date; null when it bills until cancelled. */
  end_date: string | null;
  /** How many cycles were invoiced so far. */
  cycles_billed: number;
  /** Why the last billing failed and when (epoch ms), while no invoice has been made since; null otherwise. */
  billing_failure: {
    error: BillingError;
    failed_at: number;
    /** Failures in a row. */
    failures: number;
    /** When the cron tries again (epoch ms); null: at its next run. */
    retry_at: number | null;
  } | null;
}

/** A subscription's view from its sales document view and its row (the terms live on the row). */
export function subscriptionView(view: SalesDocumentView, doc: SavedSalesDocument): SubscriptionView {
  const rule = (doc.firstBilling ?? "immediately") as FirstBilling;
  return {
    ...view,
    billing_cycle: doc.billingCycle ?? 1,
    cycle_limit: doc.cycleLimit,
    first_billing: rule,
    specific_day: rule === "specific_day" ? doc.specificDay : null,
    first_billing_date: doc.specificDay ?? doc.date,
    renewal_date: doc.status === "active" ? doc.renewalDate : null,
    end_date: doc.endDate,
    cycles_billed: doc.cyclesBilled,
    billing_failure:
      doc.billingError && doc.billingFailedAt !== null
        ? { error: doc.billingError, failed_at: doc.billingFailedAt, failures: doc.billingFailures, retry_at: doc.billingRetryAt }
        : null,
  };
}

/** One subscription with its lines. */
export async function readSubscription(db: TenantDb, rawId: unknown): Promise<SubscriptionView> {
  const { view, doc } = await readSalesDocumentRow(db, "subscription", rawId);
  return subscriptionView(view, doc);
}

/** What the subscription list filters and sorts on: the sales documents' fields and the renewal and end dates. */
export const subscriptionListRegistry = defineListRegistry({
  ...salesDocumentListRegistry,
  fields: {
    ...salesDocumentListRegistry.fields,
    renewal_date: { type: "date", column: salesDocuments.renewalDate, sortable: true },
    end_date: { type: "date", column: salesDocuments.endDate, sortable: true },
  },
});

const SUBSCRIPTION_LIST: DocumentListSource<SummaryRow, SubscriptionView> = {
  registry: subscriptionListRegistry,
  type: salesDocuments.type,
  select: summarySelect,
  view: (row) => subscriptionView(summaryView(row), row.doc),
};

/** One page of subscriptions. */
export function listSubscriptionsOf(db: TenantDb, query: URLSearchParams | Record<string, unknown>): Promise<ListResult<SubscriptionView>> {
  return listDocuments(db, SUBSCRIPTION_LIST, "subscription", query);
}
