import { Hono } from "hono";
import { effectiveStatus } from "../domain/identity/actor";
import { requireActor } from "./auth";
import type { ApiEnv } from "./types";

/** GET /api/v1/me: the caller and the company it acts in (platform spec §3 'User'). */
export const me = new Hono<ApiEnv>().get("/", requireActor({}, { b2b: true }), (c) => {
  const actor = c.get("ctx").actor!;
  const company = {
    id: actor.company.id,
    label: actor.company.label,
    status: effectiveStatus(actor.company),
    frozen: actor.company.frozen,
  };
  if (actor.kind !== "user") return c.json({ kind: "api_token", company, permissions: actor.permissions });
  return c.json({
    kind: actor.kind,
    user: {
      id: actor.userId,
      email: actor.email,
      first_name: actor.firstName,
      last_name: actor.lastName,
      display_name: `${actor.firstName} ${actor.lastName}`.trim(),
      language: actor.language,
      timezone: actor.timezone,
      is_admin: actor.isAdmin,
      send_to_wizard: actor.sendToWizard,
      b2b_user: actor.customerId !== null,
      customer_id: actor.customerId,
    },
    company,
    permissions: actor.permissions,
  });
});
