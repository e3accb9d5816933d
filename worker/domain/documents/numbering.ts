import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import type { TenantDb } from "../../../db/client";

/**
 * Document numbers: one sequence per company and document type (table document_sequences), or
 * per type and location when company_settings.separate_numbering_per_location is on. The sequence
 * moves INSIDE the document's own batch (libSQL runs a batch as one transaction), so numbers have
 * no gaps (a refused document rolls its number back) and no duplicates, whatever runs at once.
 *
 * Shape: prefix + zero-padded value ("ENT-000042"); per location, prefix + location id + "-"
 * ("ENT-3-000042"). company_settings.document_numbering may change a type's prefix and width.
 */

export interface NumberFormat {
  prefix: string;
  /** Digits of the zero-padded value (a larger value simply takes more). */
  width: number;
}

/** What each document type is numbered like until the company says otherwise. */
export const DEFAULT_NUMBER_FORMATS = {
  entry: { prefix: "ENT-", width: 6 },
  removal: { prefix: "SOR-", width: 6 },
  movement: { prefix: "MOV-", width: 6 },
  bulk_update: { prefix: "CNT-", width: 6 },
  estimate: { prefix: "DEV-", width: 6 },
  sales_order: { prefix: "CMD-", width: 6 },
  shipping_order: { prefix: "EXP-", width: 6 },
} as const satisfies Record<string, NumberFormat>;

export type NumberedDocumentType = keyof typeof DEFAULT_NUMBER_FORMATS;
export const NUMBERED_DOCUMENT_TYPES = Object.keys(DEFAULT_NUMBER_FORMATS) as NumberedDocumentType[];

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

export interface NumberRequest {
  documentType: NumberedDocumentType;
  /** The document's location: its own sequence when the company numbers per location. */
  locationId: number;
  /** A number the user typed (an import, a custom one): kept as typed, unique like any other. */
  typed?: string | null;
}

export interface AllocatedNumber {
  /** Statements to put in the document's batch BEFORE the statements that use `number`. */
  statements: BatchItem<"sqlite">[];
  /** The document's number, as SQL that later statements of the same batch may read. */
  number: SQL;
}

const setting = (expression: SQL) => sql`(select ${expression} from company_settings where id = 1)`;

function parts(request: NumberRequest) {
  const type = request.documentType;
  const fallback = DEFAULT_NUMBER_FORMATS[type];
  const perLocation = sql`coalesce(${setting(sql`separate_numbering_per_location`)}, 0)`;
  const location = sql`(case when ${perLocation} then ${BigInt(request.locationId)} else 0 end)`;
  const prefix = sql`coalesce(${setting(sql`json_extract(document_numbering, ${`$.${type}.prefix`})`)}, ${fallback.prefix})`;
  const width = sql`max(1, min(${MAX_WIDTH}, coalesce(cast(${setting(sql`json_extract(document_numbering, ${`$.${type}.width`})`)} as integer), ${fallback.width})))`;
  const head = sql`(${prefix} || (case when ${perLocation} then ${BigInt(request.locationId)} || '-' else '' end))`;
  return { type, location, width, head };
}

/** Moves a sequence by one: one upsert, no read first (a new sequence starts at 1). */
function take(db: TenantDb, type: string, location: SQL) {
  return db.run(sql`insert into document_sequences (document_type, location_id, next_value)
    select ${type}, ${location}, 2 where true
    on conflict (document_type, location_id) do update set next_value = next_value + 1`);
}

/** Moves a sequence past a value given by hand, when `when` holds, so that it never gives it again. */
function passBy(db: TenantDb, type: string, location: SQL, value: SQL, when: SQL) {
  return db.run(sql`insert into document_sequences (document_type, location_id, next_value)
    select ${type}, ${location}, ${value} + 1 where ${when}
    on conflict (document_type, location_id) do update set next_value = max(next_value, excluded.next_value)`);
}

const taken = (type: string, location: SQL) =>
  sql`(select next_value - 1 from document_sequences where document_type = ${type} and location_id = ${location})`;

/**
 * The number of a new document and the statements that take it. A generated number is the
 * sequence's value; a typed number of the sequence's very shape moves the sequence past it,
 * so that no generated number ever repeats it.
 */
export function allocateNumber(db: TenantDb, request: NumberRequest): AllocatedNumber {
  const { type, location, width, head } = parts(request);
  const typed = request.typed?.trim();
  if (typed) {
    const digits = sql`substr(${typed}, length(${head}) + 1)`;
    const value = sql`cast(${digits} as integer)`;
    const shaped = sql`substr(${typed}, 1, length(${head})) = ${head} and length(${digits}) between 1 and ${MAX_WIDTH}
      and ${digits} not glob '*[^0-9]*' and ${digits} = printf('%0*d', ${width}, ${value})`;
    return { statements: [passBy(db, type, location, value, shaped)], number: sql`${typed}` };
  }
  const number = sql`(${head} || printf('%0*d', ${width}, ${taken(type, location)}))`;
  return { statements: [take(db, type, location)], number };
}

/** Sequences of plain numbers, beside the documents': the customer number people quote. */
export type ValueSequence = "customer";

/**
 * The next value of a plain sequence (one per company), or the value typed, which moves the
 * sequence past it: the same no-gap, no-duplicate rule as document numbers.
 */
export function allocateValue(
  db: TenantDb,
  sequence: ValueSequence,
  typed?: number | null,
): { statements: BatchItem<"sqlite">[]; value: SQL } {
  const company = sql`0`;
  if (typed != null) return { statements: [passBy(db, sequence, company, sql`${BigInt(typed)}`, sql`1`)], value: sql`${BigInt(typed)}` };
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
