import { and, eq } from "drizzle-orm";
import { controlSchema, tenantSchema } from "../../../db/client";
import { recordId } from "../shared/input";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { changeCart, type CartStore } from "./cart-store";

const { memberships } = controlSchema;

/** Staff acting as a customer in the store hold b2b_portal; choosing the customer needs view_customers too. */
export const VIEW_AS_CUSTOMER = { allOf: ["b2b_portal", "view_customers"] } as const;

function setViewedCustomer(ctx: Ctx, customerId: string | null) {
  if (ctx.actor.kind !== "user") throw new DomainError("forbidden");
  return ctx.control
    .update(memberships)
    .set({ customerId })
    .where(and(eq(memberships.userId, ctx.actor.userId), eq(memberships.companyId, ctx.actor.company.id)));
}

/**
 * A staff user with b2b_portal enters the store as one of the company's customers (platform spec
 * §4): until they leave it, they are confined to the store and see it as that customer's buyers do.
 */
export async function viewStoreAsCustomer(ctx: Ctx, input: { customer_id: unknown }): Promise<{ customerId: number }> {
  requirePermission(ctx, VIEW_AS_CUSTOMER);
  const customerId = recordId(input.customer_id);
  const { customers } = tenantSchema;
  const [customer] = await ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).limit(1);
  if (!customer) throw new DomainError("not_found");
  await setViewedCustomer(ctx, String(customer.id));
  return { customerId: customer.id };
}

/**
 * Leave store (platform spec §4): the staff user is no longer any customer, and the cart they
 * filled meanwhile is emptied.
 */
export async function leaveStore(ctx: Ctx, input: { cart: CartStore }): Promise<void> {
  // Staff leave from inside the store, where they act for a customer.
  requirePermission(ctx, { allOf: ["b2b_portal"] }, "anywhere");
  await changeCart(input.cart, async () => ({ lines: [] }));
  await setViewedCustomer(ctx, null);
}
