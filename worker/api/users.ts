import { Hono, type MiddlewareHandler } from "hono";
import { hasPermissions } from "../domain/identity/permissions";
import { DomainError } from "../domain/shared/domain-error";
import { getUser, inviteUser, listUsers, resendInvitation, updateUser } from "../domain/users/users";
import { mailDeps } from "../integrations/mail/mail-deps";
import { requireActor } from "./auth";
import { jsonBody } from "./body";
import type { ApiEnv } from "./types";

const SETTINGS = { allOf: ["settings"] } as const;

/** One's own record needs no permission; anyone else's needs settings. */
const selfOrSettings: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const actor = c.get("ctx").actor!;
  const self = actor.kind === "user" && actor.userId === c.req.param("id");
  if (!self && !hasPermissions(actor.permissions, SETTINGS)) throw new DomainError("forbidden");
  await next();
};

/** /api/v1/users: the company's staff users (B2B users are not listed here). */
export const users = new Hono<ApiEnv>()
  .get("/", requireActor(SETTINGS), async (c) => {
    const { actor, control } = c.get("ctx");
    const items = await listUsers(control, actor!.company.id);
    return c.json({ totalCount: items.length, items });
  })
  .post("/", requireActor(SETTINGS), async (c) => {
    const ctx = c.get("ctx");
    // Either way an email goes out: a password link to a new account, an invitation to accept to an existing one.
    const { user } = await inviteUser({ control: ctx.control, ...mailDeps(ctx, c.req.raw) }, ctx.actor!, await jsonBody(c));
    return c.json({ ...user, invitation_sent: true }, 201);
  })
  .get("/:id", requireActor(), selfOrSettings, async (c) => {
    const { actor, control } = c.get("ctx");
    return c.json(await getUser(control, actor!.company.id, c.req.param("id")));
  })
  .patch("/:id", requireActor(), selfOrSettings, async (c) => {
    const { actor, control } = c.get("ctx");
    return c.json(await updateUser(control, actor!, c.req.param("id"), await jsonBody(c)));
  })
  .post("/:id/invitation", requireActor(SETTINGS), async (c) => {
    const ctx = c.get("ctx");
    await resendInvitation({ control: ctx.control, ...mailDeps(ctx, c.req.raw) }, ctx.actor!, c.req.param("id"));
    return c.json({ invitation_sent: true }, 202);
  });
