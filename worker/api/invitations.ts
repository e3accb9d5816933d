import { Hono } from "hono";
import { acceptInvitation, declineInvitation, listMyInvitations } from "../domain/users/company-invitations";
import { requireActor, verbCtx } from "./auth";
import { errors, type ApiOperation } from "./operation";
import { InvitationAccepted, InvitationList } from "./schemas/identity";
import type { ApiEnv } from "./types";

/** /api/v1/invitations: the companies inviting the signed-in user, to accept or decline (an API token has none: 403). */
export const invitations = new Hono<ApiEnv>()
  .get("/", requireActor(), async (c) => {
    const items = await listMyInvitations(await verbCtx(c));
    return c.json({ totalCount: items.length, items });
  })
  .post("/:id/accept", requireActor(), async (c) => {
    const joined = await acceptInvitation(await verbCtx(c), { id: c.req.param("id") });
    return c.json({ accepted: true, company: { id: joined.companyId, label: joined.companyLabel } });
  })
  .post("/:id/decline", requireActor(), async (c) => {
    await declineInvitation(await verbCtx(c), { id: c.req.param("id") });
    return c.body(null, 204);
  });

const notYours = "Not an invitation of the signed-in user (or already accepted or declined)";

export const invitationOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/invitations",
    tag: "Identity",
    summary: "The signed-in user's pending invitations to companies (not for API tokens)",
    auth: true,
    result: InvitationList,
    responses: { 200: "List", ...errors },
  },
  {
    method: "post",
    path: "/invitations/{id}/accept",
    tag: "Identity",
    summary: "Accept an invitation: the signed-in user becomes a member of the company, with the access the inviter chose",
    auth: true,
    result: InvitationAccepted,
    responses: { 200: "Accepted: the company joined", ...errors, 404: notYours, 410: "The invitation has expired" },
  },
  {
    method: "post",
    path: "/invitations/{id}/decline",
    tag: "Identity",
    summary: "Decline an invitation: it is removed",
    auth: true,
    responses: { 204: "Declined", ...errors, 404: notYours },
  },
];
