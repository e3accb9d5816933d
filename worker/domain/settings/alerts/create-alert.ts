import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { insertedId } from "../../shared/inserted-id";
import { parseInput, runBatch } from "../common";
import { AlertInput, ALERTS, type AlertView } from "./alert-schemas";
import { assertNotOnTrial, assertRecipient, seedLevelStates, view } from "./alert-shared";

const { alerts } = tenantSchema;

/**
 * Adds an alert (refused to a company on trial). A stock alert starts knowing the levels already
 * past its threshold, in the same batch: it emails the levels that cross it from now on.
 */
export async function createAlert(ctx: Ctx, raw: unknown): Promise<AlertView> {
  requirePermission(ctx, ALERTS);
  assertNotOnTrial(ctx);
  const { db } = ctx;
  const input = parseInput(AlertInput, raw);
  await assertRecipient(ctx, input.trigger_alert, input.recipient);
  const now = ctx.now();
  const active = input.active ?? true;
  const id = insertedId("alerts");
  const [inserted] = (await runBatch(
    db,
    [
      db
        .insert(alerts)
        .values({
          label: input.label,
          active,
          trigger: input.trigger_alert,
          recipient: input.recipient,
          includePdf: input.include_pdf ?? false,
          notifyAccountManager: input.notify_account_manager ?? false,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
      ...seedLevelStates(db, id, input.trigger_alert, active),
    ],
    // The key of an API request is marked with the alert in the same batch: a retry after a lost answer gets it.
    { type: "alert", id },
  )) as [(typeof alerts.$inferSelect)[]];
  return view(inserted[0]!);
}
