import type { Ctx } from "../../shared/ctx";
import { requirePermission } from "../../shared/ctx";
import { alertRecipientChoices, type AlertRecipientChoice } from "./alert-choices";
import { ALERTS, type AlertView } from "./alert-schemas";
import { onTrial } from "./alert-shared";
import { listAlertsPage } from "./list-alerts";

export interface AlertsPageView {
  /** The company is on trial: the page shows the spec's message instead of the alerts. */
  trial: boolean;
  alerts: AlertView[];
  recipients: AlertRecipientChoice[];
}

/** What the alerts settings page shows: the alerts and the users they may email, or only that a trial has none. */
export async function alertsPageView(ctx: Ctx): Promise<AlertsPageView> {
  requirePermission(ctx, ALERTS);
  if (onTrial(ctx)) return { trial: true, alerts: [], recipients: [] };
  const [alerts, recipients] = await Promise.all([listAlertsPage(ctx, { page_size: -1 }), alertRecipientChoices(ctx)]);
  return { trial: false, alerts: alerts.items, recipients };
}
