import { assertMayAct } from "../identity/actor";
import type { Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";

/** The buyer a storefront verb acts for: a signed-in user ordering for a customer (a B2B user, or staff viewing the store as one). */
export interface Buyer {
  userId: string;
  customerId: number;
}

export function buyerOf(ctx: Pick<Ctx, "actor">): Buyer {
  const { actor } = ctx;
  assertMayAct(actor, "store");
  if (actor.kind !== "user" || !actor.customerId) throw new DomainError("forbidden");
  const customerId = Number(actor.customerId);
  if (!Number.isSafeInteger(customerId)) throw new DomainError("forbidden");
  return { userId: actor.userId, customerId };
}
