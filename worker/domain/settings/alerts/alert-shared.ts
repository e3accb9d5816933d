import { and, eq, getTableColumns, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { controlSchema, tenantSchema, type TenantDb } from "../../../../db/client";
import { effectiveStatus } from "../../identity/actor";
import type { Ctx } from "../../shared/ctx";
import { DomainError } from "../../shared/domain-error";
import { defineListRegistry, likePrefix } from "../../shared/list-query-sql";
import { availableSql, belowReorderPointSql, countedOnHandSql } from "../../stock/availability";
import { fieldError } from "../common";
import {
  ACCOUNT_REPRESENTATIVE_RECIPIENT,
  ALERT_TRIGGERS,
  isOrderTrigger,
  isStockTrigger,
  type AlertTrigger,
  type AlertView,
} from "./alert-schemas";

// What the alert verbs and consumers share: the row's view, its look-ups, its recipient's check and the stock conditions.
const { alerts, alertLevelStates, stockLevels, variants } = tenantSchema;

type Row = typeof alerts.$inferSelect;
export const selection = getTableColumns(alerts);

export function view(row: Row): AlertView {
  return {
    id: row.id,
    label: row.label,
    active: row.active,
    trigger_alert: row.trigger,
    recipient: row.recipient,
    include_pdf: row.includePdf,
    notify_account_manager: row.notifyAccountManager,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export async function findRow(db: TenantDb, id: number): Promise<Row> {
  const [row] = await db.select().from(alerts).where(eq(alerts.id, id)).limit(1);
  if (!row) throw new DomainError("not_found");
  return row;
}

/** A company on trial (or whose trial ended) may not set alerts (domain spec §5: 'Alerts are not available to trial accounts'). */
export function onTrial(ctx: Pick<Ctx, "actor" | "now">): boolean {
  const status = effectiveStatus(ctx.actor.company, ctx.now());
  return status === "trial" || status === "trial_ended";
}

export function assertNotOnTrial(ctx: Pick<Ctx, "actor" | "now">): void {
  if (onTrial(ctx)) throw new DomainError("alerts_not_available_in_trial");
}

/**
 * A recipient the alert can email: an active member of the company's staff (not a store buyer),
 * or the order's account representative, which only a sales order trigger has.
 */
export async function assertRecipient(ctx: Ctx, trigger: AlertTrigger, recipient: string): Promise<void> {
  if (recipient === ACCOUNT_REPRESENTATIVE_RECIPIENT) {
    if (!isOrderTrigger(trigger)) throw fieldError("recipient", "recipient_needs_order");
    return;
  }
  const { memberships, users } = controlSchema;
  const [found] = await ctx.control
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, ctx.actor.company.id),
        eq(memberships.userId, recipient),
        eq(memberships.active, true),
        isNull(memberships.customerId),
        eq(users.active, true),
      ),
    )
    .limit(1);
  if (!found) throw fieldError("recipient", "unknown_recipient");
}

/**
 * The condition of a stock trigger on the stock level row in scope (stock_levels), read through
 * availability.ts so that "available" means what it means everywhere else (decision 039).
 */
export function stockConditionSql(trigger: AlertTrigger): SQL {
  switch (trigger) {
    case "below_re_order_point":
      return sql`${belowReorderPointSql()} = 1`;
    case "out_of_available":
      return sql`${availableSql()} = 0`;
    case "out_of_on_hand":
      return sql`${countedOnHandSql()} = 0`;
    default:
      throw new Error(`${trigger} is not a stock trigger`);
  }
}

/**
 * The statements that start an alert's memory of the levels already in its condition, for the
 * alert named by `alertId` (SQL: a new alert's id is known only inside its batch): a stock alert
 * tells of levels that cross its threshold from now on, not of the ones already past it.
 */
export function seedLevelStates(db: TenantDb, alertId: SQL | number, trigger: AlertTrigger, active: boolean): BatchItem<"sqlite">[] {
  const forget = db.run(sql`delete from ${alertLevelStates} where ${alertLevelStates.alertId} = ${alertId}`);
  if (!active || !isStockTrigger(trigger)) return [forget];
  return [
    forget,
    db.run(sql`insert into ${alertLevelStates} (alert_id, variant_id, location_id)
      select ${alertId}, ${stockLevels.variantId}, ${stockLevels.locationId} from ${stockLevels}
      join ${variants} on ${variants.id} = ${stockLevels.variantId} and ${variants.trackInventory}
      where ${stockConditionSql(trigger)}`),
  ];
}

export const alertList = defineListRegistry({
  primaryKey: alerts.id,
  fields: {
    id: { type: "id", column: alerts.id, sortable: true },
    label: { type: "text", column: alerts.label, sortColumn: sql`${alerts.label} collate nocase`, sortable: true },
    active: { type: "boolean", column: alerts.active, sortable: true },
    trigger_alert: { type: "enum", column: alerts.trigger, values: ALERT_TRIGGERS, sortable: true },
    recipient: { type: "text", column: alerts.recipient },
    include_pdf: { type: "boolean", column: alerts.includePdf },
    notify_account_manager: { type: "boolean", column: alerts.notifyAccountManager },
    created: { type: "number", column: alerts.createdAt, sortable: true },
    updated: { type: "number", column: alerts.updatedAt, sortable: true },
  },
  search: (text: string) => likePrefix(alerts.label, text),
});
