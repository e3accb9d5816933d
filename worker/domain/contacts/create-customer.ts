import { inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema } from "../../../db/client";
import { allocateValue } from "../documents/numbering";
import { assertModuleFields } from "../identity/module-flags";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { insertedId } from "../shared/inserted-id";
import { EDIT_CUSTOMERS } from "./contact-permissions";
import { addressColumns, checkCustomerReferences, customerColumns, customerViews, numberTaken, type CustomerRow } from "./customer-queries";
import { CreateCustomerInput, type CustomerView, type ParsedCustomer } from "./customer-schemas";
import { eachChecked, fieldError, isUniqueViolation, parseInput, runBatch } from "./shared";

const { customers, customerAddresses, customerTagLinks } = tenantSchema;

type ParsedNew = ParsedCustomer & { label: string; addresses: NonNullable<ParsedCustomer["addresses"]>; tag_ids: number[] };

function parseNew(ctx: Ctx, raw: unknown): ParsedNew {
  const input = parseInput(CreateCustomerInput, raw) as ParsedNew;
  assertModuleFields(ctx.actor, "customer", input);
  input.addresses.forEach((a, i) => {
    if (a.id !== undefined) throw fieldError(`addresses.${i}.id`, "unknown_address");
  });
  return input;
}

/**
 * One customer's statements: its number taken inside the batch (a typed one moves the sequence
 * past it), the row, its addresses and tags, and `after(id)` (the batch's expression of its id).
 */
function customerStatements(
  ctx: Ctx,
  input: ParsedNew,
  after?: (id: SQL<number>) => BatchItem<"sqlite">,
): { statements: BatchItem<"sqlite">[]; insertAt: number } {
  const { db } = ctx;
  const numbered = allocateValue(db, "customer", input.number);
  const newId = sql<number>`(select ${customers.id} from ${customers} where ${customers.number} = ${numbered.value})`;
  const statements = [
    ...numbered.statements,
    db
      .insert(customers)
      .values({ ...customerColumns(input), label: input.label, number: numbered.value as unknown as number })
      .returning(),
    ...input.addresses.map((a) => db.insert(customerAddresses).values({ ...addressColumns(a), customerId: newId })),
    ...input.tag_ids.map((tagId) => db.insert(customerTagLinks).values({ customerId: newId, tagId })),
    ...(after ? [after(newId)] : []),
  ];
  return { statements, insertAt: numbered.statements.length };
}

/** Creates a customer with its addresses and tags in one batch; the number is the next free one unless given. */
export async function createCustomer(ctx: Ctx, raw: unknown): Promise<CustomerView> {
  requirePermission(ctx, EDIT_CUSTOMERS);
  const input = parseNew(ctx, raw);
  await checkCustomerReferences(ctx, input);
  const { statements, insertAt } = customerStatements(ctx, input);
  try {
    const created = (await runBatch(ctx.db, statements, { type: "customer", id: insertedId("customers") }))[insertAt] as CustomerRow[];
    return (await customerViews(ctx.db, created))[0]!;
  } catch (error) {
    if (isUniqueViolation(error, "customers.number")) throw numberTaken();
    throw error;
  }
}

export interface CreateCustomersOptions {
  /** Check everything, write nothing (an import's validation of every row before it writes). */
  checkOnly?: boolean;
  /** Statements written in the same batch as the customers (an import's marker of its chunk). */
  alongside?: BatchItem<"sqlite">[];
  /** A statement after each customer, given the batch's expression of its id (an import's record of it). */
  after?: (id: SQL<number>) => BatchItem<"sqlite">;
}

/**
 * Creates many customers (an import) by the rules of `createCustomer`, all in one batch: each
 * one's faults are named under its index (`3.emails.0`), all of them in one answer. A number
 * typed twice among them, or taken already, is `customer_number_taken` on each.
 */
export async function createCustomers(ctx: Ctx, raws: readonly unknown[], options: CreateCustomersOptions = {}): Promise<number[]> {
  requirePermission(ctx, EDIT_CUSTOMERS);
  const { db } = ctx;
  const inputs = await eachChecked(raws, (raw) => parseNew(ctx, raw));
  // The typed numbers at once; the other references once per distinct value (they repeat).
  const typed = inputs.flatMap((input) => (input.number !== undefined ? [input.number] : []));
  const taken = new Set<number>();
  for (let at = 0; at < typed.length; at += 500)
    for (const row of await db
      .select({ number: customers.number })
      .from(customers)
      .where(inArray(customers.number, typed.slice(at, at + 500))))
      taken.add(row.number);
  const seen = new Set<number>();
  const checked = new Map<string, Promise<void>>();
  const once = (key: string, check: () => Promise<void>) => {
    if (!checked.has(key)) checked.set(key, check());
    return checked.get(key)!;
  };
  await eachChecked(inputs, async (input) => {
    if (input.number !== undefined) {
      if (taken.has(input.number) || seen.has(input.number)) throw numberTaken();
      seen.add(input.number);
    }
    const { number: _number, ...others } = input;
    await once(JSON.stringify([others.price_level_id, others.currency_id, others.account_manager_id, [...others.tag_ids].sort()]), () =>
      checkCustomerReferences(ctx, {
        price_level_id: others.price_level_id,
        currency_id: others.currency_id,
        account_manager_id: others.account_manager_id,
        tag_ids: others.tag_ids,
      }),
    );
  });
  if (options.checkOnly) return [];
  const perCustomer = inputs.map((input) => customerStatements(ctx, input, options.after));
  let results: unknown[];
  try {
    results = await runBatch(db, [...perCustomer.flatMap((c) => c.statements), ...(options.alongside ?? [])]);
  } catch (error) {
    if (isUniqueViolation(error, "customers.number")) throw new DomainError("customer_number_taken");
    throw error;
  }
  const ids: number[] = [];
  let k = 0;
  for (const own of perCustomer) {
    ids.push((results[k + own.insertAt] as CustomerRow[])[0]!.id);
    k += own.statements.length;
  }
  return ids;
}
