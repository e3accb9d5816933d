import { sql } from "drizzle-orm";
import { controlSchema, keptSelect, type ControlDb } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { READ_CUSTOMERS } from "./contact-permissions";
import { accountManagersQuery } from "./customer-queries";

export interface AccountManagerChoice {
  id: string;
  name: string;
}

// The customer list and form read them at every visit: built once per isolate.
const readAccountManagers = keptSelect((control: ControlDb) => {
  const { users } = controlSchema;
  return accountManagersQuery(control, sql.placeholder("companyId") as unknown as string).orderBy(
    users.firstName,
    users.lastName,
    users.id,
  );
});

/** The company's account representatives, for the customer form and the customer's page. */
export async function listAccountManagers(ctx: Ctx): Promise<AccountManagerChoice[]> {
  requirePermission(ctx, READ_CUSTOMERS);
  const rows = await readAccountManagers(ctx.control, { companyId: ctx.actor.company.id });
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim() || r.email }));
}
