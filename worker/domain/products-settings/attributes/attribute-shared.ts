import { asc, eq, inArray, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../../db/client";
import { DomainError } from "../../shared/domain-error";
import { defineListRegistry, likePrefix } from "../../shared/list-query-sql";
import { conflict, isUniqueViolation, recordId } from "../shared";
import type { AttributeOptionView, AttributeView } from "./attribute-schemas";

// What the attribute verbs share: the views with their options, the look-up and the conflicts.
const { attributes, attributeOptions } = tenantSchema;

export const attributeList = defineListRegistry({
  primaryKey: attributes.id,
  fields: {
    id: { type: "id", column: attributes.id },
    label: { type: "text", column: attributes.label, sortColumn: sql`${attributes.label} collate nocase`, sortable: true },
    created: { type: "number", column: attributes.createdAt, sortable: true, filterable: false },
  },
  search: (text: string) => likePrefix(attributes.label, text),
});

export async function optionsOf(db: TenantDb, attributeIds: number[]): Promise<Map<number, AttributeOptionView[]>> {
  const byAttribute = new Map<number, AttributeOptionView[]>(attributeIds.map((id) => [id, []]));
  if (attributeIds.length === 0) return byAttribute;
  const rows = await db
    .select()
    .from(attributeOptions)
    .where(inArray(attributeOptions.attributeId, attributeIds))
    .orderBy(asc(attributeOptions.position), asc(attributeOptions.id));
  for (const row of rows) byAttribute.get(row.attributeId)?.push({ id: row.id, label: row.label, position: row.position });
  return byAttribute;
}

type AttributeRow = typeof attributes.$inferSelect;
export const view = (row: AttributeRow, options: AttributeOptionView[]): AttributeView => ({
  id: row.id,
  label: row.label,
  options,
  created_at: row.createdAt,
});

export async function findAttribute(db: TenantDb, rawId: unknown): Promise<AttributeView> {
  const id = recordId(rawId);
  const row = await db.query.attributes.findFirst({ where: eq(attributes.id, id) });
  if (!row) throw new DomainError("not_found");
  return view(row, (await optionsOf(db, [id])).get(id) ?? []);
}

export const taken = () => conflict("attribute_label_taken", "label");

/** A unique index refused the write: the attribute's label, or (a concurrent edit) an option's. */
export function uniqueConflict(error: unknown): DomainError | undefined {
  if (!isUniqueViolation(error)) return undefined;
  return isUniqueViolation(error, "attribute_options") ? new DomainError("conflict") : taken();
}
