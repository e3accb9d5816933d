import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema } from "../../../../db/client";
import type { Mailer } from "../../../integrations/mail/mailer";
import { companyFormat } from "../company-settings/company-format";
import type { Ctx } from "../../shared/ctx";
import { formatter } from "../../shared/format";
import { fromScaledInteger, QUANTITY_SCALE } from "../../shared/money";
import type { TopicPayload } from "../../shared/outbox";
import { runBatch } from "../../shared/input";
import { availableSql, belowReorderPointSql, countedOnHandSql } from "../../stock/availability";
import { STOCK_TRIGGERS, type AlertTrigger } from "./alert-schemas";
import { alertPeople } from "./alert-recipients";

const { alerts, alertLevelStates, stockLevels, variants, products, locations } = tenantSchema;

/** One changed level as the alerts read it now. */
interface LevelNow {
  variantId: number;
  locationId: number;
  product: string;
  variant: string;
  sku: string;
  location: string;
  available: number;
  reorderPoint: number;
  /** In the condition of each stock trigger. */
  holds: Record<(typeof STOCK_TRIGGERS)[number], boolean>;
}

const levelKey = (variantId: number, locationId: number) => `${variantId}:${locationId}`;

/**
 * The consumer of `stock.level_changed`: each active stock alert emails its recipient ONCE about the
 * changed levels that entered its condition (below the reorder point, none available, none on hand),
 * in the recipient's language. What an alert has told is remembered per level (alert_level_states):
 * a level is news when it is in the condition and not remembered, and forgotten once it leaves the
 * condition, so a level that stays below is not told again at each change, and one restocked and
 * sold out again is. The memory is written after the emails, in one batch with the message's done
 * mark (held on `ctx.db` by the caller): a delivery that comes again finds the message done, and a
 * level told since is remembered. An alert whose email the server refused is not remembered: its
 * levels are told at their next change.
 */
export async function evaluateStockAlerts(ctx: Ctx, payload: TopicPayload<"stock.level_changed">, mailer: Mailer): Promise<void> {
  const { db } = ctx;
  const active = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.active, true), inArray(alerts.trigger, [...STOCK_TRIGGERS])));
  if (active.length === 0) return;
  const pairs = payload.levels.map((l) => sql`(${l.variantId}, ${l.locationId})`);
  const [levels, remembered] = await db.batch([
    db
      .select({
        variantId: stockLevels.variantId,
        locationId: stockLevels.locationId,
        product: products.label,
        variant: variants.label,
        sku: variants.sku,
        location: locations.label,
        available: sql<number>`${availableSql()}`,
        reorderPoint: stockLevels.reorderPoint,
        below: sql<number>`${belowReorderPointSql()}`,
        outOfAvailable: sql<number>`${availableSql()} = 0`,
        outOfOnHand: sql<number>`${countedOnHandSql()} = 0`,
      })
      .from(stockLevels)
      .innerJoin(variants, and(eq(variants.id, stockLevels.variantId), eq(variants.trackInventory, true)))
      .innerJoin(products, eq(products.id, variants.productId))
      .innerJoin(locations, eq(locations.id, stockLevels.locationId))
      .where(sql`(${stockLevels.variantId}, ${stockLevels.locationId}) in (values ${sql.join(pairs, sql`, `)})`),
    db
      .select()
      .from(alertLevelStates)
      .where(
        and(
          inArray(
            alertLevelStates.alertId,
            active.map((a) => a.id),
          ),
          sql`(${alertLevelStates.variantId}, ${alertLevelStates.locationId}) in (values ${sql.join(pairs, sql`, `)})`,
        ),
      ),
  ]);
  const now: LevelNow[] = levels.map((l) => ({
    ...l,
    available: Number(l.available),
    holds: {
      below_re_order_point: Number(l.below) === 1,
      out_of_available: Number(l.outOfAvailable) === 1,
      out_of_on_hand: Number(l.outOfOnHand) === 1,
    },
  }));
  const told = new Set(remembered.map((r) => `${r.alertId}:${levelKey(r.variantId, r.locationId)}`));
  const people = await alertPeople(
    ctx,
    active.map((a) => a.recipient),
  );
  const format = await companyFormat(ctx);

  const writes: BatchItem<"sqlite">[] = [];
  let refused: unknown;
  let sentAny = false;
  for (const alert of active) {
    const trigger = alert.trigger as (typeof STOCK_TRIGGERS)[number];
    const entering = now.filter((l) => l.holds[trigger] && !told.has(`${alert.id}:${levelKey(l.variantId, l.locationId)}`));
    // Levels that left the condition (or whose level is gone) are forgotten: their next crossing is news.
    const leaving = payload.levels.filter((l) => {
      if (!told.has(`${alert.id}:${levelKey(l.variantId, l.locationId)}`)) return false;
      const level = now.find((n) => n.variantId === l.variantId && n.locationId === l.locationId);
      return !level?.holds[trigger];
    });
    for (const l of leaving)
      writes.push(
        db
          .delete(alertLevelStates)
          .where(
            and(
              eq(alertLevelStates.alertId, alert.id),
              eq(alertLevelStates.variantId, l.variantId),
              eq(alertLevelStates.locationId, l.locationId),
            ),
          ),
      );
    const person = people.get(alert.recipient);
    if (entering.length === 0 || !person) continue;
    const say = formatter({ ...format, language: person.language, timeZone: "UTC" });
    const quantity = (units: number) => say.quantity(fromScaledInteger(units, QUANTITY_SCALE));
    const lines = entering.map((l) => {
      const name = `${l.product}${l.variant && l.variant !== l.product ? ` – ${l.variant}` : ""} (${l.sku}), ${l.location}`;
      return trigger === "below_re_order_point" ? `${name}: ${quantity(l.available)} / ${quantity(l.reorderPoint)}` : name;
    });
    try {
      await mailer.send({
        to: person.email,
        locale: person.language,
        template: `alert_${trigger}` as `alert_${AlertTrigger}`,
        params: { firstName: person.firstName, alert: alert.label, count: String(entering.length), message: lines.join("\n") },
      });
      sentAny = true;
    } catch (error) {
      console.error(`stock alert ${alert.id} not sent: its levels are told at their next change`, error);
      refused ??= error;
      continue;
    }
    writes.push(
      db
        .insert(alertLevelStates)
        .values(entering.map((l) => ({ alertId: alert.id, variantId: l.variantId, locationId: l.locationId, since: ctx.now() })))
        .onConflictDoNothing(),
    );
  }
  // Nothing sent and a server refused: the message is retried (its claim is released).
  if (refused !== undefined && !sentAny) throw refused;
  if (writes.length) await runBatch(db, writes);
}
