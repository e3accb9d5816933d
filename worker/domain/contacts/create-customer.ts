import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema } from "../../../db/client";
import { allocateValue } from "../documents/numbering";
import { assertModuleFields } from "../identity/module-flags";
import { requirePermission, type Ctx } from "../shared/ctx";
import { EDIT_CUSTOMERS } from "./contact-permissions";
import { addressColumns, checkCustomerReferences, customerColumns, customerViews, numberTaken, type CustomerRow } from "./customer-queries";
import { CreateCustomerInput, type CustomerView } from "./customer-schemas";
import { fieldError, isUniqueViolation, parseInput, runBatch } from "./shared";

const { customers, customerAddresses, customerTagLinks } = tenantSchema;

/** Creates a customer with its addresses and tags in one batch; the number is the next free one unless given. */
export async function createCustomer(ctx: Ctx, raw: unknown): Promise<CustomerView> {
  requirePermission(ctx, EDIT_CUSTOMERS);
  const { db } = ctx;
  const input = parseInput(CreateCustomerInput, raw);
  assertModuleFields(ctx.actor, "customer", input);
  const addresses = input.addresses.map((a, i) => {
    if (a.id !== undefined) throw fieldError(`addresses.${i}.id`, "unknown_address");
    return a;
  });
  await checkCustomerReferences(ctx, input);
  // The next customer number is taken inside the batch (a typed one moves the sequence past it).
  const numbered = allocateValue(db, "customer", input.number);
  const insert = db
    .insert(customers)
    .values({ ...customerColumns(input), label: input.label, number: numbered.value as unknown as number })
    .returning();
  const newId = sql`(select ${customers.id} from ${customers} where ${customers.number} = ${numbered.value})`;
  const statements: BatchItem<"sqlite">[] = [
    ...numbered.statements,
    insert,
    ...addresses.map((a) => db.insert(customerAddresses).values({ ...addressColumns(a), customerId: newId })),
    ...input.tag_ids.map((tagId) => db.insert(customerTagLinks).values({ customerId: newId, tagId })),
  ];
  try {
    const created = (await runBatch(db, statements))[numbered.statements.length] as CustomerRow[];
    return (await customerViews(db, created))[0]!;
  } catch (error) {
    if (isUniqueViolation(error, "customers.number")) throw numberTaken();
    throw error;
  }
}
