import { and, eq, notInArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema } from "../../../db/client";
import { assertModuleFields } from "../identity/module-flags";
import { requirePermission, type Ctx } from "../shared/ctx";
import { EDIT_CUSTOMERS } from "./contact-permissions";
import { addressColumns, checkCustomerReferences, customerColumns, customerRow, customerView, numberTaken } from "./customer-queries";
import { UpdateCustomerInput, type CustomerView } from "./customer-schemas";
import { eachChecked, fieldError, isUniqueViolation, parseInput, recordId, runBatch } from "./shared";

const { customers, customerAddresses, customerTagLinks } = tenantSchema;

/** Updates what is given; `addresses` replaces the list (ids kept and updated, new ones added, others removed). */
export async function updateCustomer(ctx: Ctx, raw: { id: unknown } & Record<string, unknown>): Promise<CustomerView> {
  requirePermission(ctx, EDIT_CUSTOMERS);
  const { id, ...fields } = raw;
  const customerId = recordId(id);
  await runCustomerChanges(ctx, await planCustomerUpdate(ctx, customerId, fields));
  return customerView(ctx.db, customerId);
}

export interface UpdateCustomersOptions {
  /** Check everything, write nothing (an import's validation of every row before it writes). */
  checkOnly?: boolean;
  /** Statements written in the same batch as the changes (an import's marker of its chunk). */
  alongside?: BatchItem<"sqlite">[];
}

/**
 * Updates many customers (an import) by the rules of `updateCustomer`, all in one batch: each
 * one's faults are named under its index (`3.emails.0`), all of them in one answer.
 */
export async function updateCustomers(
  ctx: Ctx,
  changes: readonly { id: number; input: Record<string, unknown> }[],
  options: UpdateCustomersOptions = {},
): Promise<number> {
  requirePermission(ctx, EDIT_CUSTOMERS);
  const planned = await eachChecked(changes, (change) => planCustomerUpdate(ctx, change.id, change.input));
  if (!options.checkOnly) await runCustomerChanges(ctx, [...planned.flat(), ...(options.alongside ?? [])]);
  return planned.length;
}

async function runCustomerChanges(ctx: Ctx, statements: BatchItem<"sqlite">[]): Promise<void> {
  try {
    await runBatch(ctx.db, statements);
  } catch (error) {
    if (isUniqueViolation(error, "customers.number")) throw numberTaken();
    throw error;
  }
}

/** Checks a change of one customer and answers the statements that make it (run them in one batch). */
async function planCustomerUpdate(ctx: Ctx, id: number, fields: unknown): Promise<BatchItem<"sqlite">[]> {
  const { db } = ctx;
  const current = await customerRow(db, id);
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
  return statements;
}
