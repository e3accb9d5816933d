import { createApiToken } from "../../../worker/domain/identity/api-tokens";
import { addUser, control, inviteToCompany } from "../factories";
import type { IsolationArea } from "./types";

export const isolation: IsolationArea = {
  bodies: {
    "post /companies/switch": { company_id: "01jzzzzzzzzzzzzzzzzzzzzzzz" },
    "post /users": { email: "someone-new@example.test", first_name: "New", last_name: "Person", language: "en", permissions: [] },
    "patch /users/{id}": { prevent_negative_inventory: true },
    "post /users/{id}/invitation": {},
    "post /api-tokens": { label: "ERP", permissions: [] },
    "post /invitations/{id}/accept": {},
    "post /invitations/{id}/decline": {},
  },
  records: {
    "/users/": async (theirs) => theirs.userId,
    "/api-tokens/": async (theirs) =>
      (await createApiToken(control, { companyId: theirs.companyId, label: "theirs", permissions: [], createdBy: theirs.userId })).id,
    // An invitation of one of their people to their company: nobody of mine may accept or decline it.
    "/invitations/": async (theirs) => (await inviteToCompany(theirs.companyId, (await addUser(theirs.companyId)).userId)).id,
  },
};
