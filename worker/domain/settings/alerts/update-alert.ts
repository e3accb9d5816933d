import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { DomainError } from "../../shared/domain-error";
import { parseInput, recordId, runBatch } from "../common";
import { ALERTS, UpdateAlertInput, type AlertView } from "./alert-schemas";
import { assertNotOnTrial, assertRecipient, findRow, seedLevelStates, view } from "./alert-shared";

const { alerts } = tenantSchema;

/**
 * Changes an alert: what the input names, the rest kept (refused to a company on trial). A change
 * of its trigger or an activation starts its memory of the levels past the threshold again.
 */
export async function updateAlert(ctx: Ctx, raw: { id: unknown } & Record<string, unknown>): Promise<AlertView> {
  requirePermission(ctx, ALERTS);
  const { db } = ctx;
  const { id: rawId, ...fields } = raw;
  const id = recordId(rawId);
  const row = await findRow(db, id);
  assertNotOnTrial(ctx);
  const input = parseInput(UpdateAlertInput, fields);
  const trigger = input.trigger_alert ?? row.trigger;
  const recipient = input.recipient ?? row.recipient;
  const active = input.active ?? row.active;
  if (trigger !== row.trigger || recipient !== row.recipient) await assertRecipient(ctx, trigger, recipient);
  const changes = {
    ...(input.label !== undefined ? { label: input.label } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
    ...(input.trigger_alert !== undefined ? { trigger: input.trigger_alert } : {}),
    ...(input.recipient !== undefined ? { recipient: input.recipient } : {}),
    ...(input.include_pdf !== undefined ? { includePdf: input.include_pdf } : {}),
    ...(input.notify_account_manager !== undefined ? { notifyAccountManager: input.notify_account_manager } : {}),
  };
  if (Object.keys(changes).length === 0) return view(row);
  const reseed = trigger !== row.trigger || active !== row.active;
  const [updated] = (await runBatch(db, [
    db
      .update(alerts)
      .set({ ...changes, updatedAt: ctx.now() })
      .where(eq(alerts.id, id))
      .returning(),
    ...(reseed ? seedLevelStates(db, id, trigger, active) : []),
  ])) as [(typeof row)[]];
  // Deleted since it was read (its memory went with it).
  if (!updated[0]) throw new DomainError("not_found");
  return view(updated[0]);
}
