import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { EDIT_CUSTOMERS } from "./contact-permissions";
import { customerRow, customerView } from "./customer-queries";
import type { CustomerView } from "./customer-schemas";
import { recordId } from "./shared";

const { customers } = tenantSchema;

/** Makes a customer active or inactive. */
export async function setCustomerActive(ctx: Ctx, input: { id: unknown; active: boolean }): Promise<CustomerView> {
  requirePermission(ctx, EDIT_CUSTOMERS);
  const current = await customerRow(ctx.db, recordId(input.id));
  if (current.active !== input.active)
    await ctx.db.update(customers).set({ active: input.active, updatedAt: ctx.now() }).where(eq(customers.id, current.id));
  return customerView(ctx.db, current.id);
}
