import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import type { TenantDb } from "../../../db/client";
import { DomainError } from "../shared/domain-error";
import { fieldError, isUniqueViolation } from "../shared/input";
import { DOCUMENT_TYPE_NAMES, DOCUMENT_TYPES, type DocumentTypeName } from "./document-types";

/**
 * Document numbers: one sequence per company and document type (table document_sequences), or
 * per type and location when company_settings.separate_numbering_per_location is on. The sequence
 * moves INSIDE the document's own batch (libSQL runs a batch as one transaction), so numbers have
 * no gaps (a refused document rolls its number back) and no duplicates, whatever runs at once.
 *
 * Shape: prefix + zero-padded value ("ENT-000042"); per location, prefix + location id + "-"
 * ("ENT-3-000042"). company_settings.document_numbering may change a type's prefix and width.
 * A typed number leaves the sequence where it is; a generated number a typed one already holds is
 * skipped (decision 039).
 */

export interface NumberFormat {
  prefix: string;
  /** Digits of the zero-padded value (a larger value simply takes more). */
  width: number;
}

export type NumberedDocumentType = DocumentTypeName;
export const NUMBERED_DOCUMENT_TYPES = DOCUMENT_TYPE_NAMES;

/** What each document type is numbered like until the company says otherwise. */
export const DEFAULT_NUMBER_FORMATS = Object.fromEntries(
  NUMBERED_DOCUMENT_TYPES.map((type) => [
    type,
    { prefix: DOCUMENT_TYPES[type].numbering.prefix, width: DOCUMENT_TYPES[type].numbering.width },
  ]),
) as Record<NumberedDocumentType, NumberFormat>;

/** What company_settings.document_numbering holds: the formats the company changed, per type. */
export type StoredNumberFormats = Partial<Record<string, Partial<NumberFormat>>>;

/** The widest value a number may carry: 15 digits stay exact wherever the number is read. */
export const MAX_WIDTH = 15;

const zNumberFormat = z.strictObject(
  {
    prefix: z
      .string({ error: "invalid" })
      .max(20, "too_long")
      .regex(/^[^\p{Cc}]*$/u, "invalid"),
    width: z.int({ error: "invalid_number" }).min(1, "too_small").max(MAX_WIDTH, "too_large"),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? "unknown_field" : "invalid") },
);

/** A change of the number formats (company settings): per type, its prefix, its width or both. */
export const NumberFormatsInput = z.strictObject(
  Object.fromEntries(NUMBERED_DOCUMENT_TYPES.map((type) => [type, zNumberFormat.partial().optional()])) as Record<
    NumberedDocumentType,
    z.ZodOptional<z.ZodObject<{ prefix: z.ZodOptional<z.ZodString>; width: z.ZodOptional<z.ZodInt> }>>
  >,
  { error: (issue) => (issue.code === "unrecognized_keys" ? "unknown_field" : "invalid") },
);

/** Every type's format as numbers are made: the company's changes over the defaults. */
export function numberFormats(stored: StoredNumberFormats): Record<NumberedDocumentType, NumberFormat> {
  return Object.fromEntries(NUMBERED_DOCUMENT_TYPES.map((type) => [type, { ...DEFAULT_NUMBER_FORMATS[type], ...stored[type] }])) as Record<
    NumberedDocumentType,
    NumberFormat
  >;
}

/** The stored formats with a change applied (types and fields not named stay as they were). */
export function changedNumberFormats(stored: StoredNumberFormats, change: z.output<typeof NumberFormatsInput>): StoredNumberFormats {
  const next: StoredNumberFormats = { ...stored };
  for (const [type, format] of Object.entries(change)) if (format) next[type] = { ...stored[type], ...format };
  return next;
}

/**
 * Refuses formats whose numbers would pass their type's longest (decision 039: an invoice keeps at
 * most 18 characters, 'invoice_number_too_long'): the prefix and the width together, plus the
 * location's id and '-' where each location numbers on its own is not counted (a value past its
 * width is refused when the number is taken: invoices/invoice-writes.ts).
 */
export function refuseLongNumberFormats(stored: StoredNumberFormats): void {
  const formats = numberFormats(stored);
  const fields: NonNullable<DomainError["fields"]> = {};
  for (const type of NUMBERED_DOCUMENT_TYPES) {
    const { prefix, width } = formats[type];
    const max = DOCUMENT_TYPES[type].numbering.maxLength;
    if (prefix.length + width > max)
      fields[`document_numbering.${type}.prefix`] = { code: type === "invoice" ? "invoice_number_too_long" : "too_long" };
  }
  if (Object.keys(fields).length) throw new DomainError("validation_failed", {}, fields);
}

export interface AllocatedNumber {
  /** Statements to put in the document's batch BEFORE the statements that use `number`. */
  statements: BatchItem<"sqlite">[];
  /** The document's number, as SQL that later statements of the same batch may read. */
  number: SQL;
  /** The new document's id, read through the unique (type, number) index once it is inserted. */
  id: SQL;
}

const setting = (expression: SQL) => sql`(select ${expression} from company_settings where id = 1)`;

/** The company's numbering as read with a document's other facts (company_settings). */
export interface KnownNumbering {
  formats: StoredNumberFormats | null;
  perLocation: boolean;
}

/** The numbering of the company settings read with a document's other facts (none read: the defaults). */
export function knownNumbering(
  settings: { documentNumbering: unknown; separateNumberingPerLocation: boolean } | undefined,
): KnownNumbering {
  return {
    formats: (settings?.documentNumbering as StoredNumberFormats | null | undefined) ?? null,
    perLocation: settings?.separateNumberingPerLocation ?? false,
  };
}

/**
 * The parts of a number of the numbering as read (the reads before the batch): constants, the SQL
 * of `parts` worked out ahead. A document made as the company changes its formats may take the
 * formats it had a moment before, as it would have a moment earlier.
 */
function knownParts(type: NumberedDocumentType, locationId: number, known: KnownNumbering) {
  const stored = known.formats?.[type];
  const prefix = typeof stored?.prefix === "string" ? stored.prefix : DEFAULT_NUMBER_FORMATS[type].prefix;
  const width = typeof stored?.width === "number" ? Math.trunc(stored.width) : DEFAULT_NUMBER_FORMATS[type].width;
  return {
    location: sql`${BigInt(known.perLocation ? locationId : 0)}`,
    width: sql`${BigInt(Math.max(1, Math.min(MAX_WIDTH, width)))}`,
    head: sql`${known.perLocation ? `${prefix}${locationId}-` : prefix}`,
  };
}

function parts(type: NumberedDocumentType, locationId: number) {
  const fallback = DEFAULT_NUMBER_FORMATS[type];
  const perLocation = sql`coalesce(${setting(sql`separate_numbering_per_location`)}, 0)`;
  const location = sql`(case when ${perLocation} then ${BigInt(locationId)} else 0 end)`;
  const prefix = sql`coalesce(${setting(sql`json_extract(document_numbering, ${`$.${type}.prefix`})`)}, ${fallback.prefix})`;
  const width = sql`max(1, min(${MAX_WIDTH}, coalesce(cast(${setting(sql`json_extract(document_numbering, ${`$.${type}.width`})`)} as integer), ${fallback.width})))`;
  const head = sql`(${prefix} || (case when ${perLocation} then ${BigInt(locationId)} || '-' else '' end))`;
  return { location, width, head };
}

/** Moves a sequence by one: one upsert, no read first (a new sequence starts at 1). */
function take(db: TenantDb, type: string, location: SQL) {
  return db.run(sql`insert into document_sequences (document_type, location_id, next_value)
    select ${type}, ${location}, 2 where true
    on conflict (document_type, location_id) do update set next_value = next_value + 1`);
}

const taken = (type: string, location: SQL) =>
  sql`(select next_value - 1 from document_sequences where document_type = ${type} and location_id = ${location})`;

/**
 * Moves a document sequence to its next value that no saved document of the type holds (a typed
 * number may): from the value it stands at, one index lookup per value held, in one upsert.
 */
function takeFree(db: TenantDb, type: NumberedDocumentType, location: SQL, format: (value: SQL) => SQL) {
  const table = sql.identifier(DOCUMENT_TYPES[type].table);
  const start = sql`coalesce((select next_value from document_sequences where document_type = ${type} and location_id = ${location}), 1)`;
  const held = sql`exists (select 1 from ${table} where type = ${type} and number = ${format(sql`v`)})`;
  const free = sql`(with recursive walk(v) as (select ${start} union all select v + 1 from walk where ${held}) select max(v) from walk)`;
  return db.run(sql`insert into document_sequences (document_type, location_id, next_value)
    select ${type}, ${location}, ${free} + 1 where true
    on conflict (document_type, location_id) do update set next_value = excluded.next_value`);
}

/**
 * The number and id of a new document of a type, and the statements that take the number. A
 * typed number is kept as typed (unique like any other) and leaves the sequence alone. With the
 * company's numbering already read (`known`), its format is written as constants.
 */
export function newDocumentNumber(
  db: TenantDb,
  type: NumberedDocumentType,
  locationId: number,
  typed?: string | null,
  known?: KnownNumbering,
): AllocatedNumber {
  const table = sql.identifier(DOCUMENT_TYPES[type].table);
  const text = typed?.trim();
  const { location, width, head } = known ? knownParts(type, locationId, known) : parts(type, locationId);
  const format = (value: SQL) => sql`(${head} || printf('%0*d', ${width}, ${value}))`;
  const [statements, number] = text ? [[], sql`${text}`] : [[takeFree(db, type, location, format)], format(taken(type, location))];
  return { statements, number, id: sql`(select id from ${table} where type = ${type} and number = ${number})` };
}

/** A save refused by the unique (type, number) index, as the error naming `number`; null for any other failure. */
export function numberTaken(type: NumberedDocumentType, error: unknown, number: string | null | undefined): DomainError | null {
  if (!isUniqueViolation(error, `${DOCUMENT_TYPES[type].table}.number`)) return null;
  const params = number ? { number } : {};
  return new DomainError("document_number_taken", params, { number: { code: "document_number_taken", params } });
}

/**
 * A saved document's number as an update changes it: `undefined` keeps it, a typed one replaces
 * it (unique, else `numberTaken`), a blank one is refused: a document always has a number.
 */
export function numberChange(number: string | null | undefined): { number?: string } {
  if (number === undefined) return {};
  if (!number?.trim()) throw fieldError("number", "required");
  return { number: number.trim() };
}

/** Sequences of plain numbers, beside the documents': the customer number people quote. */
export type ValueSequence = "customer";

/** Moves a sequence past a value given by hand, so that it never gives it again (customer numbers). */
function passBy(db: TenantDb, type: string, location: SQL, value: SQL) {
  return db.run(sql`insert into document_sequences (document_type, location_id, next_value)
    select ${type}, ${location}, ${value} + 1 where true
    on conflict (document_type, location_id) do update set next_value = max(next_value, excluded.next_value)`);
}

/**
 * The next value of a plain sequence (one per company), or the value typed, which moves the
 * sequence past it: no gap, no duplicate, as document numbers.
 */
export function allocateValue(
  db: TenantDb,
  sequence: ValueSequence,
  typed?: number | null,
): { statements: BatchItem<"sqlite">[]; value: SQL } {
  const company = sql`0`;
  if (typed != null) return { statements: [passBy(db, sequence, company, sql`${BigInt(typed)}`)], value: sql`${BigInt(typed)}` };
  return { statements: [take(db, sequence, company)], value: taken(sequence, company) };
}

/** Takes `count` values of a plain sequence at once (a bulk import), and gives the first. */
export async function allocateValues(db: TenantDb, sequence: ValueSequence, count: number): Promise<number> {
  const [row] = await db.all<{ first: number }>(sql`insert into document_sequences (document_type, location_id, next_value)
    values (${sequence}, 0, ${BigInt(count + 1)})
    on conflict (document_type, location_id) do update set next_value = next_value + ${BigInt(count)}
    returning next_value - ${BigInt(count)} as first`);
  return Number(row!.first);
}
