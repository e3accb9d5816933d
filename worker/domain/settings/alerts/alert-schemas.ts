import { z } from "zod";
import { ACCOUNT_REPRESENTATIVE_RECIPIENT, ALERT_TRIGGERS, type AlertTrigger } from "../../../../db/schema/tenant/alerts";
import { objectError, zFlag, zLabel } from "../common";

export { ACCOUNT_REPRESENTATIVE_RECIPIENT, ALERT_TRIGGERS, type AlertTrigger };

/** Alerts are a settings task of the alerts module (platform spec §6): reading them too, since they name users. */
export const ALERTS = { allOf: ["settings", "alerts"] } as const;
/** The account representatives page: a settings task of the account_managers module. */
export const ACCOUNT_REPRESENTATIVES = { allOf: ["settings", "account_managers"] } as const;

/** The triggers that watch stock levels; the others are events with a document or a request. */
export const STOCK_TRIGGERS = ["below_re_order_point", "out_of_available", "out_of_on_hand"] as const satisfies readonly AlertTrigger[];
/** The triggers with a sales order, whose customer may have an account representative and whose PDF may be attached. */
export const ORDER_TRIGGERS = ["new_sales_order", "new_b2b_store_sales_order"] as const satisfies readonly AlertTrigger[];

export const isStockTrigger = (trigger: AlertTrigger) => (STOCK_TRIGGERS as readonly AlertTrigger[]).includes(trigger);
export const isOrderTrigger = (trigger: AlertTrigger) => (ORDER_TRIGGERS as readonly AlertTrigger[]).includes(trigger);

/** An alert as the API and the settings page show it (domain spec §3 'Alert'). */
export interface AlertView {
  id: number;
  label: string;
  active: boolean;
  trigger_alert: AlertTrigger;
  /** A user of the company (their id), or "account_representative": the representative of the order's customer. */
  recipient: string;
  /** The order's PDF attached (sales order triggers). */
  include_pdf: boolean;
  /** The customer's account representative emailed as well (sales order triggers). */
  notify_account_manager: boolean;
  created_at: number;
  updated_at: number;
}

export const AlertInput = z.strictObject(
  {
    label: zLabel(100),
    active: zFlag.optional(),
    trigger_alert: z.enum(ALERT_TRIGGERS, { error: "invalid" }),
    recipient: z.string({ error: "required" }).trim().min(1, "required").max(64, "unknown_recipient"),
    include_pdf: zFlag.optional(),
    notify_account_manager: zFlag.optional(),
  },
  objectError,
);
export type AlertInput = z.input<typeof AlertInput>;
export const UpdateAlertInput = AlertInput.partial();
export type UpdateAlertInput = z.input<typeof UpdateAlertInput>;
