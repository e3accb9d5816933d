import { controlSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { READ_CUSTOMERS } from "./contact-permissions";
import { accountManagersQuery } from "./customer-queries";

export interface AccountManagerChoice {
  id: string;
  name: string;
}

/** The company's account representatives, for the customer form and the customer's page. */
export async function listAccountManagers(ctx: Ctx): Promise<AccountManagerChoice[]> {
  requirePermission(ctx, READ_CUSTOMERS);
  const { users } = controlSchema;
  const rows = await accountManagersQuery(ctx).orderBy(users.firstName, users.lastName, users.id);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim() || r.email }));
}
