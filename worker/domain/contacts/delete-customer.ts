import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { DELETE_ASKS, requireAcknowledged } from "../shared/acknowledgements";
import { requirePermission, type Ctx } from "../shared/ctx";
import { EDIT_CUSTOMERS } from "./contact-permissions";
import { customerRow } from "./customer-queries";
import { recordId } from "./shared";

const { customers, customerAddresses, customerTagLinks } = tenantSchema;

/** Deletes a customer with its addresses and tag links, once the consequences are acknowledged. */
export async function deleteCustomer(ctx: Ctx, input: { id: unknown; acknowledged: readonly string[] }): Promise<void> {
  requirePermission(ctx, EDIT_CUSTOMERS);
  const { db } = ctx;
  const current = await customerRow(db, recordId(input.id));
  requireAcknowledged(input.acknowledged, DELETE_ASKS.customer);
  // Sales documents will refer to customers: refuse with `in_use` (409) here once they exist.
  await db.batch([
    db.delete(customerTagLinks).where(eq(customerTagLinks.customerId, current.id)),
    db.delete(customerAddresses).where(eq(customerAddresses.customerId, current.id)),
    db.delete(customers).where(eq(customers.id, current.id)),
  ]);
}
