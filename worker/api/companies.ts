import { Hono } from "hono";
import { listUserCompanies } from "../domain/companies/list-user-companies";
import { switchCompany } from "../domain/companies/switch-company";
import { signedInUser } from "../domain/identity/actor";
import { requireActor, verbCtx } from "./auth";
import { jsonBody } from "./body";
import type { ApiEnv } from "./types";

/**
 * GET /api/v1/companies: the companies the caller may work in (an API token: its own).
 * POST /api/v1/companies/switch {company_id}: moves the signed-in session to another of them.
 */
export const companies = new Hono<ApiEnv>()
  .get("/", requireActor(), async (c) => {
    const ctx = await verbCtx(c);
    const current = ctx.actor.company.id;
    const items = await listUserCompanies(ctx);
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
  .post("/switch", requireActor({}, { readOnlyOk: true }), async (c) => {
    const ctx = await verbCtx(c);
    // API tokens belong to one company: refused before the body is read, as the verb would refuse them.
    signedInUser(ctx.actor);
    const result = await switchCompany(ctx, await jsonBody(c));
    return c.json({ switched: result.switched, company_id: result.companyId });
  });
