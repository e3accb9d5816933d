import { and, eq } from "drizzle-orm";
import { controlSchema, type ControlDb } from "../../../db/client";
import type { Actor } from "../identity/actor";

/** Who changes stock: the user named in the ledger, and whether that user may take stock below zero. */
export interface StockActor {
  userId: string | null;
  /** The user's own prevent_negative_inventory flag; the company's setting is read inside each write. */
  forbidsNegative: boolean;
}

/**
 * The stock side of an actor: a user's membership flag is read from the control database
 * (API tokens act for the company and carry no flag of their own).
 */
export async function stockActor(control: ControlDb, actor: Actor): Promise<StockActor> {
  if (actor.kind !== "user") return { userId: null, forbidsNegative: false };
  const { memberships } = controlSchema;
  const [row] = await control
    .select({ flag: memberships.preventNegativeInventory })
    .from(memberships)
    .where(and(eq(memberships.userId, actor.userId), eq(memberships.companyId, actor.company.id)))
    .limit(1);
  return { userId: actor.userId, forbidsNegative: row?.flag ?? false };
}
