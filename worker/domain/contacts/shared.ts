import { and, eq, inArray, sql, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import { keptReads, tenantSchema, type TenantDb } from "../../../db/client";
import { Decimal } from "../shared/decimal";
import type { FieldErrorCode } from "../shared/domain-error";
import { fieldError, zCountry, zOptionalText as zText } from "../shared/input";
import { fromScaledInteger, zDecimal } from "../shared/money";

const { priceLevels, currencies } = tenantSchema;

export {
  conflict,
  eachChecked,
  fieldError,
  isUniqueViolation,
  parseInput,
  recordId,
  runBatch,
  strictInput,
  zCountry,
  zFlag,
} from "../shared/input";
/** Optional text: blank becomes null. */
export { zText };

/** Every field of a shape optional: the body of a partial update. */
export function optionalShape<T extends Record<string, z.ZodType>>(shape: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as { [K in keyof T]: z.ZodOptional<T[K]> };
}

export const zName = (max = 200) => z.string({ error: "required" }).trim().min(1, "required").max(max, "too_long");

/** An optional email: blank becomes null, anything else must be an address. */
export const zOptionalEmail = z
  .string({ error: "invalid" })
  .trim()
  .max(320, "too_long")
  .nullable()
  .transform((v) => v || null)
  .pipe(z.email("invalid_email").nullable());

export const zPhone = z
  .string({ error: "invalid" })
  .trim()
  .max(40, "too_long")
  .regex(/^([+0-9 ().\-/]{3,})?$/, "invalid_phone")
  .nullable()
  .transform((v) => v || null);

/** An http(s) address; blank becomes null. */
export const zUrl = z
  .string({ error: "invalid" })
  .trim()
  .max(500, "too_long")
  .nullable()
  .transform((v) => v || null)
  .refine((v) => v === null || isHttpUrl(v), "invalid_url");

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** A whole number of days (terms, lead times), 0 to 3650. */
export const zDays = z.number({ error: "invalid_number" }).int("invalid_number").min(0, "too_small").max(3650, "too_large");

/** A reference to another record: a positive integer, else the field's own `unknown_<thing>` code. */
export const zRef = (code: FieldErrorCode) => z.number({ error: code }).int(code).positive(code).max(Number.MAX_SAFE_INTEGER, code);

export const zIdList = (code: FieldErrorCode, max = 100) =>
  z
    .array(zRef(code), { error: "invalid" })
    .max(max, "too_long")
    .transform((ids) => [...new Set(ids)]);

/**
 * A decimal (string or number) at `scale` decimals, from `min` to `max`. Empty input is null
 * when `nullable`. The scaled integer must stay exact in a JSON number, hence the bound.
 */
export function zBoundedDecimal(scale: number, options: { min: number; max: number; nullable?: boolean }) {
  const base = z
    .union([z.string(), z.number()], { error: "invalid_number" })
    .pipe(zDecimal(scale, { min: options.min }))
    // zod may still run this after the decimal was refused: only a Decimal is compared.
    .refine((v) => !(v instanceof Decimal) || v.compare(Decimal.parse(options.max)) <= 0, "too_large");
  if (!options.nullable) return base;
  return z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), base.nullable());
}

/** Exact text of a stored scaled integer ("12.5000"), null stays null. */
export function decimalText(units: number | null, scale: number): string | null {
  return units === null ? null : fromScaledInteger(units, scale).toString();
}

/** Address parts shared by suppliers and employees (customers hold several, with more parts). */
export const addressFields = {
  address1: zText(200),
  address2: zText(200),
  city: zText(100),
  postal_code: zText(20),
  province: zText(100),
  country: zCountry,
};

export interface AddressView {
  address1: string | null;
  address2: string | null;
  city: string | null;
  postal_code: string | null;
  province: string | null;
  country: string | null;
}

export function addressView(row: {
  address1: string | null;
  address2: string | null;
  city: string | null;
  postalCode: string | null;
  province: string | null;
  country: string | null;
}): AddressView {
  return {
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    postal_code: row.postalCode,
    province: row.province,
    country: row.country,
  };
}

/** Address columns from parsed input: only the parts given (a partial update leaves the others). */
export function addressChanges(input: Partial<Record<keyof typeof addressFields, string | null>>) {
  return {
    ...(input.address1 !== undefined ? { address1: input.address1 } : {}),
    ...(input.address2 !== undefined ? { address2: input.address2 } : {}),
    ...(input.city !== undefined ? { city: input.city } : {}),
    ...(input.postal_code !== undefined ? { postalCode: input.postal_code } : {}),
    ...(input.province !== undefined ? { province: input.province } : {}),
    ...(input.country !== undefined ? { country: input.country } : {}),
  };
}

/** A price level of the given type; a newly chosen one must be active too. */
export async function assertPriceLevel(db: TenantDb, field: string, id: number, type: "selling" | "purchasing") {
  const [found] = await db
    .select({ id: priceLevels.id })
    .from(priceLevels)
    .where(and(eq(priceLevels.id, id), eq(priceLevels.type, type), eq(priceLevels.active, true)))
    .limit(1);
  if (!found) throw fieldError(field, "unknown_price_level");
}

/** An active currency of the company. */
export async function assertCurrency(db: TenantDb, field: string, id: number) {
  const [found] = await db
    .select({ id: currencies.id })
    .from(currencies)
    .where(and(eq(currencies.id, id), eq(currencies.active, true)))
    .limit(1);
  if (!found) throw fieldError(field, "unknown_currency");
}

/** Every id names a row of the tag table, else `unknown_tag` on `tag_ids`. */
export async function assertTags(db: TenantDb, table: typeof tenantSchema.customerTags | typeof tenantSchema.supplierTags, ids: number[]) {
  if (ids.length === 0) return;
  const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  if (found.length !== ids.length) throw fieldError("tag_ids", "unknown_tag");
}

/** Choices of the contact forms: active price levels of one type and active currencies (plus the ones already chosen). */
function referenceReads(
  db: TenantDb,
  levelType: "selling" | "purchasing",
  keep: { priceLevelId?: number | null; currencyId?: number | null },
) {
  const levelWhere = keep.priceLevelId
    ? sql`(${priceLevels.active} = 1 or ${priceLevels.id} = ${keep.priceLevelId})`
    : eq(priceLevels.active, true);
  const currencyWhere = keep.currencyId
    ? sql`(${currencies.active} = 1 or ${currencies.id} = ${keep.currencyId})`
    : eq(currencies.active, true);
  return [
    db
      .select({ id: priceLevels.id, label: priceLevels.label })
      .from(priceLevels)
      .where(and(eq(priceLevels.type, levelType), levelWhere))
      .orderBy(sql`${priceLevels.label} collate nocase`, priceLevels.id),
    db
      .select({ id: currencies.id, label: currencies.label, iso: currencies.iso })
      .from(currencies)
      .where(currencyWhere)
      .orderBy(currencies.iso),
  ] as const;
}

// Without a contact's own choices to keep (lists, new contacts), the reads are built once per isolate.
const activeReferenceReads = {
  selling: keptReads((db: TenantDb) => referenceReads(db, "selling", {})),
  purchasing: keptReads((db: TenantDb) => referenceReads(db, "purchasing", {})),
};

export async function referenceOptions(
  db: TenantDb,
  levelType: "selling" | "purchasing",
  keep: { priceLevelId?: number | null; currencyId?: number | null } = {},
) {
  const [levels, currencyRows] = await db.batch(
    keep.priceLevelId || keep.currencyId ? referenceReads(db, levelType, keep) : activeReferenceReads[levelType](db),
  );
  return { priceLevels: levels, currencies: currencyRows };
}

/** The distinct ids a set of rows names, without nulls. */
const named = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null))];

/**
 * The price levels and currencies some contacts name, as two statements to run in the same batch
 * as the contacts' other lookups.
 */
export function levelAndCurrencyLookups(
  db: TenantDb,
  levelIds: (number | null)[] | SQLWrapper,
  currencyIds: (number | null)[] | SQLWrapper,
) {
  // A subquery (a list page's lookups) is used as is; an empty list matches no row.
  const ids = (given: (number | null)[] | SQLWrapper) => {
    if (!Array.isArray(given)) return given;
    const list = named(given);
    return list.length ? list : [0];
  };
  const levels = ids(levelIds);
  const currencyList = ids(currencyIds);
  return [
    db
      .select({ id: tenantSchema.priceLevels.id, label: tenantSchema.priceLevels.label })
      .from(tenantSchema.priceLevels)
      .where(inArray(tenantSchema.priceLevels.id, levels)),
    db
      .select({ id: tenantSchema.currencies.id, iso: tenantSchema.currencies.iso, label: tenantSchema.currencies.label })
      .from(tenantSchema.currencies)
      .where(inArray(tenantSchema.currencies.id, currencyList)),
  ] as const;
}
