import { Hono } from "hono";
import { z } from "zod";
import { ALERT_TRIGGERS, ALERTS, AlertInput, UpdateAlertInput, type AlertView } from "../domain/settings/alerts/alert-schemas";
import { alertList } from "../domain/settings/alerts/alert-shared";
import { createAlert } from "../domain/settings/alerts/create-alert";
import { deleteAlert } from "../domain/settings/alerts/delete-alert";
import { getAlert } from "../domain/settings/alerts/get-alert";
import { listAlertsPage } from "../domain/settings/alerts/list-alerts";
import { updateAlert } from "../domain/settings/alerts/update-alert";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { answer, id, page, timestamp } from "./schemas/common";
import type { ApiEnv } from "./types";

// Alerts are settings of the alerts module: read and changed with settings and the alerts flag.
const TAG = "Settings";
const write = {
  ...errors,
  403: "A permission is missing, the company is frozen, or it is on trial (alerts_not_available_in_trial)",
  422: "Invalid input",
};

export const Alert = answer<AlertView>()(
  { id: "Alert", description: "Who is emailed when stock runs low, a sales order comes in or the store receives an access request" },
  z.object({
    id,
    label: z.string(),
    active: z.boolean(),
    trigger_alert: z.enum(ALERT_TRIGGERS),
    recipient: z.string().meta({
      description: "A user of the company (their id), or account_representative: the account representative of the order's customer",
    }),
    include_pdf: z.boolean().meta({ description: "The order's PDF attached (sales order triggers)" }),
    notify_account_manager: z.boolean().meta({ description: "The customer's account representative emailed too (sales order triggers)" }),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);

export const alertOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/alerts",
    tag: TAG,
    summary: "The company's alerts (list parameters: filters label, active, trigger_alert; sort; search)",
    auth: true,
    permissions: ALERTS,
    list: alertList,
    result: page(Alert),
    responses: { 200: "One page of the list", 401: errors[401], 403: errors[403], 422: "Invalid list parameters" },
  },
  {
    method: "post",
    path: "/alerts",
    tag: TAG,
    summary: "Add an alert (not available to trial accounts)",
    auth: true,
    permissions: ALERTS,
    body: AlertInput,
    result: Alert,
    responses: { 201: "Created", ...write },
  },
  {
    method: "get",
    path: "/alerts/{id}",
    tag: TAG,
    summary: "One alert",
    auth: true,
    permissions: ALERTS,
    result: Alert,
    responses: { 200: "The alert", ...errors },
  },
  {
    method: "patch",
    path: "/alerts/{id}",
    tag: TAG,
    summary: "Change an alert (not available to trial accounts)",
    auth: true,
    permissions: ALERTS,
    body: UpdateAlertInput,
    result: Alert,
    responses: { 200: "Updated", ...write },
  },
  {
    method: "delete",
    path: "/alerts/{id}",
    tag: TAG,
    summary: "Delete an alert",
    auth: true,
    permissions: ALERTS,
    responses: { 204: "Deleted", ...errors },
  },
];

/** /api/v1/alerts: settings of the alerts module. */
export const alerts = new Hono<ApiEnv>()
  .get("/", requireActor(ALERTS), async (c) => c.json(await listAlertsPage(await verbCtx(c), new URL(c.req.url).searchParams)))
  .post("/", requireActor(ALERTS), async (c) => c.json(await createAlert(await verbCtx(c), await jsonBody(c)), 201))
  .get("/:id", requireActor(ALERTS), async (c) => c.json(await getAlert(await verbCtx(c), { id: c.req.param("id") })))
  // The id comes from the path, last: a body cannot name another alert.
  .patch("/:id", requireActor(ALERTS), async (c) =>
    c.json(await updateAlert(await verbCtx(c), await bodyWith(c, { id: c.req.param("id") }))),
  )
  .delete("/:id", requireActor(ALERTS), async (c) => {
    await deleteAlert(await verbCtx(c), { id: c.req.param("id") });
    return c.body(null, 204);
  });
