import { DELETE_ASKS } from "../domain/shared/acknowledgements";
import { cancelSubscription } from "../domain/subscriptions/cancel-subscription";
import { createSubscription } from "../domain/subscriptions/create-subscription";
import { deleteSubscription } from "../domain/subscriptions/delete-subscription";
import { getSubscription } from "../domain/subscriptions/get-subscription";
import { listSubscriptions } from "../domain/subscriptions/list-subscriptions";
import { MAX_BILLING_CYCLE, MAX_CYCLE_LIMIT } from "../domain/subscriptions/renewal";
import { CreateSubscriptionInput, UpdateSubscriptionInput } from "../domain/subscriptions/subscription-schemas";
import { subscriptionListRegistry, type SubscriptionView } from "../domain/subscriptions/subscription-views";
import { updateSubscription } from "../domain/subscriptions/update-subscription";
import { SUBSCRIPTION_INVOICES_PER_RUN } from "../domain/subscriptions/bill-subscriptions";
import { documentApi, documentOperations, documentRouter } from "./document-api";
import { acknowledgeQuery, errors } from "./operation";
import { page } from "./schemas/common";
import { Subscription } from "./schemas/subscriptions";
import { SALES_LINES } from "./sales-documents";

const moveErrors = { 409: "Its status does not allow it (status_move_not_allowed), or another edit came first (conflict)" };

const TERMS = `billing_cycle: months between two invoices (1 to ${MAX_BILLING_CYCLE}, default 1); cycle_limit: how many invoices in all (1 to ${MAX_CYCLE_LIMIT}), null or absent for one that bills until cancelled; first_billing: immediately (today, the default), specific_day (specific_day, today or later in the company's calendar, else subscription_day_past), first_day_of_month (the next 1st, today when it is the 1st) or last_day_of_month (this month's last day). Later cycles fall on the first cycle's day of the month, or the month's last day when it has fewer days (31 January, 28 February, 31 March)`;

const writeErrors = {
  422: "Invalid input; a specific day in the past (subscription_day_past naming specific_day); the first billing changed once a cycle was billed (subscription_already_billed); a cycle limit not above the cycles billed (cycle_limit_below_billed)",
};

const SUBSCRIPTIONS = documentApi<SubscriptionView>({
  type: "subscription",
  path: "/subscriptions",
  tag: "Subscriptions",
  verbs: {
    list: listSubscriptions,
    create: createSubscription,
    get: getSubscription,
    update: updateSubscription,
    remove: deleteSubscription,
  },
  docs: {
    list: {
      summary:
        "Subscriptions: filters number, date, status (active, completed, cancelled), customer_id, location_id, total, created, renewal_date, end_date; sort -id (default), number, date, total, created, renewal_date, end_date; search on the number",
      list: subscriptionListRegistry,
      result: page(Subscription),
      responses: { 200: "One page of the list", 422: "Invalid list parameter", ...errors },
    },
    create: {
      summary: `Create a subscription for a customer at a location (required): its lines are priced like an estimate's and billed by an invoice at each cycle, at most ${SUBSCRIPTION_INVOICES_PER_RUN} a minute per company, a draft or finalised as the invoice settings say; each invoice names it in created_from_id and its cycle in subscription_cycle. ${TERMS}. ${SALES_LINES}`,
      body: CreateSubscriptionInput,
      result: Subscription,
      responses: {
        201: "Created, active, with its lines, totals and renewal date",
        409: "The number typed is taken (document_number_taken)",
        ...writeErrors,
        ...errors,
      },
    },
    get: { summary: "One subscription with its lines and terms", result: Subscription, responses: { 200: "The subscription", ...errors } },
    update: {
      summary: `Update an active subscription: lines given replace its lines (the next invoices bill them); its renewal and end dates follow its terms. Once a cycle is billed its first billing no longer changes. ${TERMS}. ${SALES_LINES}`,
      body: UpdateSubscriptionInput.omit({ id: true }),
      result: Subscription,
      responses: { 200: "Updated", ...moveErrors, ...writeErrors, ...errors },
    },
    remove: {
      summary:
        "Delete a subscription and the invoices it made; only draft invoices may be deleted (invoices_not_deletable lists the others: cancel the subscription instead)",
      query: acknowledgeQuery(DELETE_ASKS.sales_document),
      responses: {
        204: "Deleted",
        409: "One of its invoices is finalised (invoices_not_deletable, listing them), or another edit came first (conflict)",
        422: "An acknowledgement is missing",
        ...errors,
      },
    },
  },
  moves: [
    {
      method: "post",
      path: "/{id}/cancel",
      access: "edit",
      doc: {
        summary:
          "Cancel the subscription: it bills no more, and its invoices not finalised yet are cancelled with it; finalised ones stand",
        result: Subscription,
        responses: { 200: "The subscription", ...moveErrors, ...errors },
      },
      handle: async (c, ctx) => c.json(await cancelSubscription(ctx, { id: c.req.param("id") })),
    },
  ],
});

export const subscriptionOperations = documentOperations(SUBSCRIPTIONS);

/** /api/v1/subscriptions (domain spec §3 'Subscription'). */
export const subscriptions = documentRouter(SUBSCRIPTIONS);
