import { Hono } from "hono";
import { listUserCompanies } from "../domain/companies/list-user-companies";
import { switchCompany } from "../domain/companies/switch-company";
import { effectiveStatus } from "../domain/identity/actor";
import { DomainError } from "../domain/shared/domain-error";
import { requireActor } from "./auth";
import { jsonBody } from "./body";
import type { ApiEnv } from "./types";

/**
 * GET /api/v1/companies: the companies the caller may work in (an API token: its own).
 * POST /api/v1/companies/switch {company_id}: moves the signed-in session to another of them.
 */
export const companies = new Hono<ApiEnv>()
  .get("/", requireActor(), async (c) => {
    const { actor, control } = c.get("ctx");
    const current = actor!.company.id;
    const items =
      actor!.kind === "user"
        ? await listUserCompanies(control, actor!.userId)
        : [
            {
              id: current,
              label: actor!.company.label,
              status: effectiveStatus(actor!.company),
              frozen: actor!.company.frozen,
              isAdmin: false,
            },
          ];
    return c.json({
      totalCount: items.length,
      items: items.map((i) => ({
        id: i.id,
        label: i.label,
        status: i.status,
        frozen: i.frozen,
        is_admin: i.isAdmin,
        current: i.id === current,
      })),
    });
  })
  .post("/switch", requireActor(), async (c) => {
    const { actor, control } = c.get("ctx");
    // API tokens belong to one company; only a signed-in user's session can move.
    if (actor!.kind !== "user") throw new DomainError("forbidden");
    const result = await switchCompany(control, actor!, await jsonBody(c));
    return c.json({ switched: result.switched, company_id: result.companyId });
  });
