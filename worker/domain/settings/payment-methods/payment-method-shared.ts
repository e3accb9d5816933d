import { and, eq, getTableColumns, ne, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../../db/client";
import { DomainError } from "../../shared/domain-error";
import { defineListRegistry, likePrefix } from "../../shared/list-query-sql";
import { conflict, fieldError, isUniqueViolation } from "../common";
import type { PaymentMethodView } from "./payment-method-schemas";

// What the payment method verbs share: the row's view, its look-ups and the label's key.
const { paymentMethods } = tenantSchema;

/**
 * The label as two people would read it the same: case, accents and repeated spaces aside
 * ("Chèque", "CHEQUE" and "cheque" are one method). SQLite's NOCASE folds ASCII letters only,
 * so the key is made here and held unique by its index.
 */
export function labelKey(label: string): string {
  return label.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** The key of a label that zod accepted; a label of accents alone has none (`invalid`). */
export function keyOf(label: string): string {
  const key = labelKey(label);
  if (!key) throw fieldError("label", "invalid");
  return key;
}

type Row = typeof paymentMethods.$inferSelect;
export const selection = getTableColumns(paymentMethods);

export function view(row: Row): PaymentMethodView {
  return {
    id: row.id,
    label: row.label,
    pos: row.pos,
    quickbooks_id: row.quickbooksId,
    active: row.active,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export async function findRow(db: TenantDb, id: number): Promise<Row> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id)).limit(1);
  if (!row) throw new DomainError("not_found");
  return row;
}

/** A friendly refusal before the write; the unique index decides between writers racing past it. */
export async function assertLabelFree(db: TenantDb, key: string, exceptId?: number) {
  const same = eq(paymentMethods.labelKey, key);
  const [taken] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(exceptId === undefined ? same : and(same, ne(paymentMethods.id, exceptId)))
    .limit(1);
  if (taken) throw labelTaken();
}

export const labelTaken = () => conflict("payment_method_label_taken", "label");

/** The write's own refusal when another method took the label in between. */
export function rethrowLabelTaken(error: unknown): never {
  if (isUniqueViolation(error, "payment_methods.label_key")) throw labelTaken();
  throw error;
}

export const paymentMethodList = defineListRegistry({
  primaryKey: paymentMethods.id,
  fields: {
    id: { type: "id", column: paymentMethods.id, sortable: true },
    label: { type: "text", column: paymentMethods.label, sortColumn: sql`${paymentMethods.label} collate nocase`, sortable: true },
    pos: { type: "boolean", column: paymentMethods.pos, sortable: true },
    active: { type: "boolean", column: paymentMethods.active, sortable: true },
    quickbooks_id: { type: "text", column: paymentMethods.quickbooksId },
    created: { type: "number", column: paymentMethods.createdAt, sortable: true },
    updated: { type: "number", column: paymentMethods.updatedAt, sortable: true },
  },
  search: (text: string) => likePrefix(paymentMethods.label, text),
});
