import { sql, type SQL } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import type { AlertTrigger } from "../../../../db/schema/tenant/alerts";
import type { Outbox } from "../../shared/outbox";

/**
 * True inside a batch when the company has an active alert of one of these triggers: the outbox
 * row an alert reads is written only then (an `insert … select … where`), so that a company
 * without alerts pays nothing at each order, stock change or access request (decision 039).
 */
export function alertListening(triggers: readonly AlertTrigger[]): SQL {
  const { alerts } = tenantSchema;
  return sql`exists (select 1 from ${alerts} where ${alerts.active} and ${alerts.trigger} in (${sql.join(
    triggers.map((t) => sql`${t}`),
    sql`, `,
  )}))`;
}

/**
 * The outbox row of a sales order just created, for the alerts of its kind: the back office's and
 * the API's orders are new_sales_order, the store's new_b2b_store_sales_order. Put in the order's batch.
 */
export function salesOrderCreatedRow(outbox: Outbox, orderId: SQL, store: boolean) {
  return outbox.companyNamingWhen(
    "sales_order.created",
    sql`json_object('orderId', ${orderId}, 'store', json(${store ? "true" : "false"}))`,
    alertListening([store ? "new_b2b_store_sales_order" : "new_sales_order"]),
  );
}

/** The outbox row of a store access request just saved (`requestId`: SQL of its batch), for the b2b_store_access_request alerts. */
export function storeAccessRequestedRow(outbox: Outbox, requestId: SQL) {
  return outbox.companyNamingWhen(
    "store.access_requested",
    sql`json_object('requestId', ${requestId})`,
    alertListening(["b2b_store_access_request"]),
  );
}
