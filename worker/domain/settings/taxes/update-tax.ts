import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { conflict, fieldError, isUniqueViolation, parseInput, recordId, runBatch, SETTINGS } from "../common";
import { UpdateTaxInput, type TaxView } from "./tax-schemas";
import { assertLabelFree, checkMembers, findRow, scaled, taxView } from "./tax-shared";

const { taxes, taxGroupMembers } = tenantSchema;

/**
 * Changes a tax. Its kind is fixed at creation (`cannot_change`); a simple tax changes its
 * rate, a group its taxes.
 */
export async function updateTax(ctx: Ctx, raw: { id: unknown } & Record<string, unknown>): Promise<TaxView> {
  requirePermission(ctx, SETTINGS);
  const { db } = ctx;
  const { id: rawId, ...fields } = raw;
  const id = recordId(rawId);
  const row = await findRow(db, id);
  const input = parseInput(UpdateTaxInput, fields);
  if (input.kind !== undefined && input.kind !== row.kind) throw fieldError("kind", "cannot_change");
  let members: number[] | undefined;
  if (row.kind === "simple") {
    if (input.rate === null) throw fieldError("rate", "required");
    if (input.tax_ids?.length) throw fieldError("tax_ids", "invalid");
  } else {
    if (input.rate !== undefined && input.rate !== null) throw fieldError("rate", "invalid");
    if (input.tax_ids !== undefined) members = await checkMembers(db, input.tax_ids);
  }
  if (input.label !== undefined && input.label !== row.label) await assertLabelFree(db, input.label, id);
  const changes = {
    ...(input.label !== undefined ? { label: input.label } : {}),
    ...(input.abbreviation !== undefined ? { abbreviation: input.abbreviation } : {}),
    ...(input.rate !== undefined && input.rate !== null ? { rate: scaled(input.rate) } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
  const statements: BatchItem<"sqlite">[] = [
    ...(Object.keys(changes).length ? [db.update(taxes).set(changes).where(eq(taxes.id, id))] : []),
    ...(members
      ? [
          db.delete(taxGroupMembers).where(eq(taxGroupMembers.groupId, id)),
          db.insert(taxGroupMembers).values(members.map((taxId) => ({ groupId: id, taxId }))),
        ]
      : []),
  ];
  try {
    await runBatch(db, statements);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("tax_label_taken", "label");
    throw error;
  }
  return taxView(db, id);
}
