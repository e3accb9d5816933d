import { createApiToken } from "../../../worker/domain/identity/api-tokens";
import { control } from "../factories";
import type { IsolationArea } from "./types";

export const isolation: IsolationArea = {
  bodies: {
    "post /companies/switch": { company_id: "01jzzzzzzzzzzzzzzzzzzzzzzz" },
    "post /users": { email: "someone-new@example.test", first_name: "New", last_name: "Person", language: "en", permissions: [] },
    "patch /users/{id}": { first_name: "Changed" },
    "post /users/{id}/invitation": {},
    "post /api-tokens": { label: "ERP", permissions: [] },
  },
  records: {
    "/users/": async (theirs) => theirs.userId,
    "/api-tokens/": async (theirs) => (await createApiToken(control, { companyId: theirs.companyId, label: "theirs", permissions: [] })).id,
  },
};
