import { and, asc, eq, exists, inArray, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { DomainError, type FieldErrors } from "../../shared/domain-error";
import { EDIT_PRODUCTS, isForeignKeyViolation, labelTaken } from "../shared";
import { parseAttributeInput, UpdateAttributeInput, type AttributeView } from "./attribute-schemas";
import { findAttribute, taken, uniqueConflict } from "./attribute-shared";

const { attributes, attributeOptions, variants } = tenantSchema;

type Batch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/** Whether a variant uses this option: variants name up to three options. */
function usedByVariant(optionId: typeof attributeOptions.id) {
  return exists(
    sql`(select 1 from ${variants} where ${or(eq(variants.option1Id, optionId), eq(variants.option2Id, optionId), eq(variants.option3Id, optionId))})`,
  );
}

/**
 * Renames an attribute and replaces its list of options, in one batch. An option a variant
 * uses cannot be removed (`in_use`, field `options`); ids must be this attribute's options.
 */
export async function updateAttribute(ctx: Ctx, raw: { id: unknown } & Record<string, unknown>): Promise<AttributeView> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const { id, ...fields } = raw;
  const current = await findAttribute(db, id);
  const input = parseAttributeInput(UpdateAttributeInput, fields);
  if (input.label !== undefined && input.label !== current.label && (await labelTaken(db, attributes, input.label, current.id)))
    throw taken();

  const writes: BatchItem<"sqlite">[] = [];
  if (input.label !== undefined && input.label !== current.label)
    writes.push(db.update(attributes).set({ label: input.label }).where(eq(attributes.id, current.id)));

  if (input.options) {
    const existing = new Set(current.options.map((o) => o.id));
    const seenIds = new Set<number>();
    const fields: FieldErrors = {};
    input.options.forEach((option, i) => {
      if (option.id === undefined) return;
      if (!existing.has(option.id)) fields[`options.${i}.id`] = { code: "unknown_option" };
      else if (seenIds.has(option.id)) fields[`options.${i}.id`] = { code: "duplicate_option" };
      seenIds.add(option.id);
    });
    if (Object.keys(fields).length) throw new DomainError("validation_failed", {}, fields);

    const removed = current.options.filter((o) => !seenIds.has(o.id)).map((o) => o.id);
    const kept = [...seenIds];
    if (removed.length) {
      const [used] = await db
        .select({ id: attributeOptions.id, label: attributeOptions.label })
        .from(attributeOptions)
        .where(and(inArray(attributeOptions.id, removed), usedByVariant(attributeOptions.id)))
        .orderBy(asc(attributeOptions.position))
        .limit(1);
      if (used) throw optionInUse(used);
      // A variant taking one of them after the check makes the foreign key refuse the whole batch.
      writes.push(
        db.delete(attributeOptions).where(and(eq(attributeOptions.attributeId, current.id), inArray(attributeOptions.id, removed))),
      );
    }
    // Labels move between kept options (S and M swapped): free them all first, as the unique index checks each row.
    if (kept.length)
      writes.push(
        db
          .update(attributeOptions)
          .set({ label: sql`char(1) || ${attributeOptions.id}` })
          .where(and(eq(attributeOptions.attributeId, current.id), inArray(attributeOptions.id, kept))),
      );
    input.options.forEach((option, i) => {
      if (option.id !== undefined)
        writes.push(
          db
            .update(attributeOptions)
            .set({ label: option.label, position: i + 1 })
            .where(and(eq(attributeOptions.id, option.id), eq(attributeOptions.attributeId, current.id))),
        );
    });
    const added = input.options.flatMap((option, i) =>
      option.id === undefined ? [{ attributeId: current.id, label: option.label, position: i + 1 }] : [],
    );
    if (added.length) writes.push(db.insert(attributeOptions).values(added));
  }

  if (writes.length === 0) return current;
  try {
    await db.batch(writes as Batch);
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw uniqueConflict(error) ?? error;
    // The attribute itself went meanwhile (not_found), or a variant took a removed option.
    await findAttribute(db, current.id);
    throw optionInUse(null);
  }
  return findAttribute(db, current.id);
}

/** `in_use` naming the `options` field, with the option (label and id) when known. */
function optionInUse(option: { id: number; label: string } | null): DomainError {
  if (!option) return new DomainError("in_use", {}, { options: { code: "in_use" } });
  const params = { label: option.label, id: option.id };
  return new DomainError("in_use", params, { options: { code: "option_in_use", params } });
}
