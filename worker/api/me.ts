import { Hono } from "hono";
import { requireActor } from "./auth";
import type { ApiEnv } from "./types";

/** GET /api/v1/me: the caller and the company it acts in. */
export const me = new Hono<ApiEnv>().get("/", requireActor(), (c) => {
  const actor = c.get("ctx").actor!;
  const company = { id: actor.company.id, label: actor.company.label, status: actor.company.status, frozen: actor.company.frozen };
  if (actor.kind === "api_token") return c.json({ kind: actor.kind, company, permissions: actor.permissions });
  return c.json({
    kind: actor.kind,
    user: { id: actor.userId, email: actor.email, first_name: actor.firstName, last_name: actor.lastName, language: actor.language },
    company,
    permissions: actor.permissions,
  });
});
