import { asc, sql } from "drizzle-orm";
import { keptSelect, tenantSchema, type TenantDb } from "../../../db/client";
import { moduleAllows } from "../identity/module-flags";
import { requirePermission, type Ctx } from "../shared/ctx";
import { READ_CUSTOMERS } from "./contact-permissions";
import type { CustomerView } from "./customer-schemas";
import { listAccountManagers } from "./list-account-managers";
import { referenceOptions } from "./shared";

const { customerTags } = tenantSchema;

// The customer list and form read them at every visit: built once per isolate.
const readTags = keptSelect((db: TenantDb) =>
  db
    .select({ id: customerTags.id, label: customerTags.label })
    .from(customerTags)
    .orderBy(sql`${customerTags.label} collate nocase`, asc(customerTags.id)),
);

/**
 * The choices of the customer form: selling price levels, currencies, customer tags and account
 * managers (null when the caller lacks their module: the form has no such field). The customer
 * being edited keeps its own choices even if made inactive since.
 */
export async function customerFormOptions(ctx: Ctx, input: { current?: CustomerView } = {}) {
  requirePermission(ctx, READ_CUSTOMERS);
  const { db } = ctx;
  const { current } = input;
  const [refs, tags, accountManagers] = await Promise.all([
    referenceOptions(db, "selling", { priceLevelId: current?.price_level_id, currencyId: current?.currency_id }),
    readTags(db),
    moduleAllows(ctx.actor.permissions, "customer", "account_manager_id") ? listAccountManagers(ctx) : null,
  ]);
  return { ...refs, tags, accountManagers };
}

/**
 * What the customer list filters by: selling price levels, currencies and customer tags. The list
 * offers no account manager filter, and so does not read them (they are in the control database: a
 * round trip of their own).
 */
export async function customerListFilters(ctx: Ctx) {
  requirePermission(ctx, READ_CUSTOMERS);
  const [refs, tags] = await Promise.all([referenceOptions(ctx.db, "selling"), readTags(ctx.db)]);
  return { ...refs, tags };
}
