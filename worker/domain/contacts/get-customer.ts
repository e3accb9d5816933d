import { requirePermission, type Ctx } from "../shared/ctx";
import { READ_CUSTOMERS } from "./contact-permissions";
import { customerView } from "./customer-queries";
import type { CustomerView } from "./customer-schemas";
import { recordId } from "./shared";

/** One customer with its addresses and tags. */
export async function getCustomer(ctx: Ctx, input: { id: unknown }): Promise<CustomerView> {
  requirePermission(ctx, READ_CUSTOMERS);
  return customerView(ctx.db, recordId(input.id));
}
