import { and, eq, notInArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema } from "../../../db/client";
import { assertModuleFields } from "../identity/module-flags";
import { requirePermission, type Ctx } from "../shared/ctx";
import { EDIT_CUSTOMERS } from "./contact-permissions";
import { addressColumns, checkCustomerReferences, customerColumns, customerRow, customerView, numberTaken } from "./customer-queries";
import { UpdateCustomerInput, type CustomerView } from "./customer-schemas";
import { fieldError, isUniqueViolation, parseInput, recordId, runBatch } from "./shared";

const { customers, customerAddresses, customerTagLinks } = tenantSchema;

/** Updates what is given; `addresses` replaces the list (ids kept and updated, new ones added, others removed). */
export async function updateCustomer(ctx: Ctx, raw: { id: unknown } & Record<string, unknown>): Promise<CustomerView> {
  requirePermission(ctx, EDIT_CUSTOMERS);
  const { db } = ctx;
  const { id, ...fields } = raw;
  const current = await customerRow(db, recordId(id));
  const input = parseInput(UpdateCustomerInput, fields);
  assertModuleFields(ctx.actor, "customer", input, { account_manager_id: current.accountManagerId });
  await checkCustomerReferences(ctx, input, current);

  const statements: BatchItem<"sqlite">[] = [
    db
      .update(customers)
      .set({ ...customerColumns(input), updatedAt: ctx.now() })
      .where(eq(customers.id, current.id)),
  ];
  if (input.tag_ids !== undefined)
    statements.push(
      db.delete(customerTagLinks).where(eq(customerTagLinks.customerId, current.id)),
      ...input.tag_ids.map((tagId) => db.insert(customerTagLinks).values({ customerId: current.id, tagId })),
    );
  if (input.addresses !== undefined) {
    const existing = await db
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, current.id));
    const own = new Set(existing.map((a) => a.id));
    input.addresses.forEach((a, i) => {
      if (a.id !== undefined && !own.has(a.id)) throw fieldError(`addresses.${i}.id`, "unknown_address");
    });
    const kept = input.addresses.flatMap((a) => (a.id !== undefined ? [a.id] : []));
    statements.push(
      // Defaults are cleared first: the one-default indexes must hold after every statement.
      db
        .update(customerAddresses)
        .set({ defaultBilling: false, defaultShipping: false })
        .where(eq(customerAddresses.customerId, current.id)),
      db
        .delete(customerAddresses)
        .where(and(eq(customerAddresses.customerId, current.id), kept.length ? notInArray(customerAddresses.id, kept) : undefined)),
      ...input.addresses.map((a) =>
        a.id !== undefined
          ? db
              .update(customerAddresses)
              .set(addressColumns(a))
              .where(and(eq(customerAddresses.id, a.id), eq(customerAddresses.customerId, current.id)))
          : db.insert(customerAddresses).values({ ...addressColumns(a), customerId: current.id }),
      ),
    );
  }
  try {
    await runBatch(db, statements);
  } catch (error) {
    if (isUniqueViolation(error, "customers.number")) throw numberTaken();
    throw error;
  }
  return customerView(db, current.id);
}
