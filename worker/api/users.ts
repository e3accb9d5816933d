import { Hono, type MiddlewareHandler } from "hono";
import { getUser } from "../domain/users/get-user";
import { inviteUser } from "../domain/users/invite-user";
import { listUsers } from "../domain/users/list-users";
import { resendInvitation } from "../domain/users/resend-invitation";
import { requireSelfOrManager } from "../domain/users/staff";
import { updateUser } from "../domain/users/update-user";
import { mailDeps } from "../integrations/mail/mail-deps";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import type { ApiEnv } from "./types";

const SETTINGS = { allOf: ["settings"] } as const;

// Refused before the body is read, as the verb would refuse it.
const selfOrSettings: MiddlewareHandler<ApiEnv> = async (c, next) => {
  requireSelfOrManager({ actor: c.get("ctx").actor! }, c.req.param("id") ?? "");
  await next();
};

/** /api/v1/users: the company's staff users (B2B users are not listed here). One's own record needs no permission. */
export const users = new Hono<ApiEnv>()
  .get("/", requireActor(SETTINGS), async (c) => {
    const items = await listUsers(await verbCtx(c));
    return c.json({ totalCount: items.length, items });
  })
  .post("/", requireActor(SETTINGS), async (c) => {
    // Either way an email goes out: a password link to a new account, an invitation to accept to an existing one.
    const { user } = await inviteUser(await verbCtx(c), { ...(await jsonBody(c)), ...mailDeps(c.get("ctx"), c.req.raw) });
    return c.json({ ...user, invitation_sent: true }, 201);
  })
  .get("/:id", requireActor(), selfOrSettings, async (c) => c.json(await getUser(await verbCtx(c), { id: c.req.param("id") })))
  .patch("/:id", requireActor(), selfOrSettings, async (c) =>
    c.json(await updateUser(await verbCtx(c), await bodyWith(c, { id: c.req.param("id") }))),
  )
  .post("/:id/invitation", requireActor(SETTINGS), async (c) => {
    await resendInvitation(await verbCtx(c), { id: c.req.param("id"), ...mailDeps(c.get("ctx"), c.req.raw) });
    return c.json({ invitation_sent: true }, 202);
  });
