import { and, asc, eq, exists, inArray, notExists, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { DomainError, type FieldErrors } from "../shared/domain-error";
import { parseListQuery, type ParseListOptions } from "../shared/list-query";
import { defineListRegistry, likePrefix, runList, type ListResult } from "../shared/list-query-sql";
import { assertPlainText } from "../shared/plain-text";
import { conflict, inputError, isForeignKeyViolation, isUniqueViolation, labelTaken, recordId, strictInput, zLabel } from "./shared";

const { attributes, attributeOptions, productAttributes, variants } = tenantSchema;

/** More options than any product could combine into variants (at most 250 per product). */
export const MAX_OPTIONS = 500;

export interface AttributeOptionView {
  id: number;
  label: string;
  position: number;
}

/** A variant attribute (size, colour…) with its options in order. */
export interface AttributeView {
  id: number;
  label: string;
  options: AttributeOptionView[];
  created_at: number;
}

// Options may be sent as plain labels ("S") or as objects ({ id?, label }).
const asOptionObject = (item: unknown) => (typeof item === "string" ? { label: item } : item);
const zOptionId = z.preprocess(
  (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: "invalid" }).int("invalid").positive("invalid").max(Number.MAX_SAFE_INTEGER, "invalid"),
);

function optionList<T extends z.ZodType<{ label: string }>>(item: T) {
  return z
    .array(z.preprocess(asOptionObject, item), { error: "required" })
    .min(1, "required")
    .max(MAX_OPTIONS, "too_long")
    .superRefine((items, ctx) => {
      // Option labels are unique within their attribute, case aside.
      const seen = new Set<string>();
      items.forEach((option, i) => {
        const key = option.label.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: "custom", message: "duplicate_option", path: [i] });
        seen.add(key);
      });
    });
}

export const CreateAttributeInput = strictInput({
  label: zLabel,
  options: optionList(strictInput({ label: zLabel })),
});
export type CreateAttributeInput = z.input<typeof CreateAttributeInput>;

/** `options` is the full new list in order: items with an id are kept (renamed, moved), without one added, missing ones removed. */
export const UpdateAttributeInput = strictInput({
  label: zLabel.optional(),
  options: optionList(strictInput({ id: zOptionId.optional(), label: zLabel })).optional(),
});
export type UpdateAttributeInput = z.input<typeof UpdateAttributeInput>;

/** Parses, naming an option's label error `options.N` (the option itself) rather than `options.N.label`. */
function parse<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  assertPlainText(raw);
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const error = inputError(parsed.error);
  const fields: FieldErrors = {};
  for (const [key, value] of Object.entries(error.fields ?? {})) fields[key.replace(/^(options\.\d+)\.label$/, "$1")] ??= value;
  throw new DomainError("validation_failed", {}, fields);
}

export const attributeList = defineListRegistry({
  primaryKey: attributes.id,
  fields: {
    id: { type: "id", column: attributes.id },
    label: { type: "text", column: attributes.label, sortColumn: sql`${attributes.label} collate nocase`, sortable: true },
    created: { type: "number", column: attributes.createdAt, sortable: true, filterable: false },
  },
  search: (text: string) => likePrefix(attributes.label, text),
});

async function optionsOf(db: TenantDb, attributeIds: number[]): Promise<Map<number, AttributeOptionView[]>> {
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
const view = (row: AttributeRow, options: AttributeOptionView[]): AttributeView => ({
  id: row.id,
  label: row.label,
  options,
  created_at: row.createdAt,
});

/** The company's attributes with their options, through the list query engine (filter label__Contains; sort label, created). */
export async function listAttributes(
  db: TenantDb,
  raw: URLSearchParams | Record<string, unknown>,
  options?: ParseListOptions,
): Promise<ListResult<AttributeView>> {
  const query = parseListQuery(raw, attributeList, options);
  const result = await runList(db, { from: attributes, registry: attributeList, query });
  const ids = result.items.map((row) => row.id);
  const byAttribute = await optionsOf(db, ids);
  return { ...result, items: result.items.map((row) => view(row, byAttribute.get(row.id) ?? [])) };
}

export async function getAttribute(db: TenantDb, rawId: unknown): Promise<AttributeView> {
  const id = recordId(rawId);
  const row = await db.query.attributes.findFirst({ where: eq(attributes.id, id) });
  if (!row) throw new DomainError("not_found");
  return view(row, (await optionsOf(db, [id])).get(id) ?? []);
}

const taken = () => conflict("attribute_label_taken", "label");

/** A unique index refused the write: the attribute's label, or (a concurrent edit) an option's. */
function uniqueConflict(error: unknown): DomainError | undefined {
  if (!isUniqueViolation(error)) return undefined;
  return isUniqueViolation(error, "attribute_options") ? new DomainError("conflict") : taken();
}

type Batch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/** Creates an attribute and its options (in the order given) in one batch. */
export async function createAttribute(db: TenantDb, raw: unknown): Promise<AttributeView> {
  const input = parse(CreateAttributeInput, raw);
  if (await labelTaken(db, attributes, input.label)) throw taken();
  // The options find their attribute by its label: unique, and known before the batch runs.
  const attributeId = sql`(select ${attributes.id} from ${attributes} where ${attributes.label} = ${input.label} collate nocase)`;
  try {
    const [[row]] = await db.batch([
      db.insert(attributes).values({ label: input.label }).returning(),
      db.insert(attributeOptions).values(input.options.map((option, i) => ({ attributeId, label: option.label, position: i + 1 }))),
    ]);
    return getAttribute(db, row!.id);
  } catch (error) {
    throw uniqueConflict(error) ?? error;
  }
}

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
export async function updateAttribute(db: TenantDb, rawId: unknown, raw: unknown): Promise<AttributeView> {
  const current = await getAttribute(db, rawId);
  const input = parse(UpdateAttributeInput, raw);
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
    await getAttribute(db, current.id);
    throw optionInUse(null);
  }
  return getAttribute(db, current.id);
}

/** `in_use` naming the `options` field, with the option (label and id) when known. */
function optionInUse(option: { id: number; label: string } | null): DomainError {
  if (!option) return new DomainError("in_use", {}, { options: { code: "in_use" } });
  const params = { label: option.label, id: option.id };
  return new DomainError("in_use", params, { options: { code: "option_in_use", params } });
}

/** Deletes an attribute and its options, unless a product uses it or a variant one of its options (`in_use`). */
export async function deleteAttribute(db: TenantDb, rawId: unknown): Promise<void> {
  const id = recordId(rawId);
  const options = db.select({ id: attributeOptions.id }).from(attributeOptions).where(eq(attributeOptions.attributeId, id));
  // The checks and the delete are one statement: nothing can start using the attribute in between.
  const deleted = await db
    .delete(attributes)
    .where(
      and(
        eq(attributes.id, id),
        notExists(
          db
            .select({ one: sql`1` })
            .from(productAttributes)
            .where(eq(productAttributes.attributeId, id)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(variants)
            .where(or(inArray(variants.option1Id, options), inArray(variants.option2Id, options), inArray(variants.option3Id, options))),
        ),
      ),
    )
    .returning({ id: attributes.id });
  if (deleted.length > 0) return;
  await getAttribute(db, id);
  throw new DomainError("in_use");
}
