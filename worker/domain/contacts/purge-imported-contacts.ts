import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { isForeignKeyViolation } from "../shared/input";
import { EDIT_CUSTOMERS, EDIT_SUPPLIERS } from "./contact-permissions";

const { customers, customerAddresses, customerTagLinks, salesDocuments, storeAccessRequests, suppliers, supplierTagLinks, variants } =
  tenantSchema;

/** Deletes those of `ids` it may, in one batch, or one by one when a reference turns up meanwhile. */
async function purge(ids: number[], remove: (ids: number[]) => Promise<unknown>): Promise<number[]> {
  if (ids.length === 0) return [];
  try {
    await remove(ids);
    return ids;
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
  }
  const deleted: number[] = [];
  for (const id of ids)
    try {
      await remove([id]);
      deleted.push(id);
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
    }
  return deleted;
}

/**
 * Undoes the customers an import made: those nothing has used since (no sales document, no store
 * access asked or given) are deleted with their addresses and tags; the others are kept.
 */
export async function purgeImportedCustomers(ctx: Ctx, ids: number[]): Promise<{ deleted: number[]; kept: number[] }> {
  requirePermission(ctx, EDIT_CUSTOMERS);
  const { db } = ctx;
  if (ids.length === 0) return { deleted: [], kept: [] };
  const used = sql`(exists (select 1 from ${salesDocuments} where ${salesDocuments.customerId} = ${customers.id})
    or exists (select 1 from ${storeAccessRequests} where ${storeAccessRequests.customerId} = ${customers.id}))`;
  const keptRows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(inArray(customers.id, ids), or(ne(customers.b2bAccess, "none"), used)));
  const kept = new Set(keptRows.map((r) => r.id));
  const deleted = await purge(
    ids.filter((id) => !kept.has(id)),
    (chunk) =>
      db.batch([
        db.delete(customerTagLinks).where(inArray(customerTagLinks.customerId, chunk)),
        db.delete(customerAddresses).where(inArray(customerAddresses.customerId, chunk)),
        // The rule again, so that a document made meanwhile keeps its customer.
        db.delete(customers).where(and(inArray(customers.id, chunk), eq(customers.b2bAccess, "none"), sql`not ${used}`)),
      ]),
  );
  const gone = new Set(deleted);
  return { deleted, kept: ids.filter((id) => !gone.has(id)) };
}

/** Undoes the suppliers an import made: those no product names as its supplier since are deleted with their tags. */
export async function purgeImportedSuppliers(ctx: Ctx, ids: number[]): Promise<{ deleted: number[]; kept: number[] }> {
  requirePermission(ctx, EDIT_SUPPLIERS);
  const { db } = ctx;
  if (ids.length === 0) return { deleted: [], kept: [] };
  const used = sql`exists (select 1 from ${variants} where ${variants.supplierId} = ${suppliers.id})`;
  const keptRows = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(inArray(suppliers.id, ids), used));
  const kept = new Set(keptRows.map((r) => r.id));
  const deleted = await purge(
    ids.filter((id) => !kept.has(id)),
    (chunk) =>
      db.batch([
        db.delete(supplierTagLinks).where(inArray(supplierTagLinks.supplierId, chunk)),
        db.delete(suppliers).where(and(inArray(suppliers.id, chunk), sql`not ${used}`)),
      ]),
  );
  const gone = new Set(deleted);
  return { deleted, kept: ids.filter((id) => !gone.has(id)) };
}
