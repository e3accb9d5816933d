import { and, eq, ne, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { isCurrencyCode } from "../shared/countries";
import { Decimal } from "../shared/decimal";
import { DomainError } from "../shared/domain-error";
import { parseListQuery } from "../shared/list-query";
import { defineListRegistry, likePrefix, runList, type ListResult } from "../shared/list-query-sql";
import { fromScaledInteger, toScaledInteger, zDecimal } from "../shared/money";
import {
  asBoolean,
  conflict,
  lockedByUse,
  fieldError,
  isUniqueViolation,
  objectError,
  parseInput,
  recordId,
  runBatch,
  zFlag,
  zLabel,
} from "./common";

const { currencies, companySettings } = tenantSchema;

/** Exchange rates are exact at 8 decimals (stored as integers of 10^-8). */
export const RATE_SCALE = 8;
const ONE = Decimal.parse(1).withScale(RATE_SCALE);
// A rate must fit an exact integer once scaled (10^15 < 2^53).
const MAX_RATE = Decimal.parse("10000000");

/** A currency the company trades in (domain spec §3 'Currency'). */
export interface CurrencyView {
  id: number;
  iso: string;
  label: string;
  sign: string;
  /** How amounts are written: "{sign}{amount}", "{amount} {sign}". */
  symbol_template: string;
  /** Units of this currency per unit of the default one, as text with 8 decimals. */
  exchange_rate: string;
  is_default: boolean;
  active: boolean;
  created_at: number;
}

type CurrencyRow = typeof currencies.$inferSelect;

function view(row: CurrencyRow): CurrencyView {
  return {
    id: row.id,
    iso: row.iso,
    label: row.label,
    sign: row.sign,
    symbol_template: row.symbolTemplate,
    exchange_rate: fromScaledInteger(row.exchangeRate, RATE_SCALE).toString(),
    is_default: row.isDefault,
    active: row.active,
    created_at: row.createdAt,
  };
}

/**
 * The name, sign and way of writing amounts of a currency in a language, from the runtime's
 * Intl data: EUR in English is "Euro", "€", "{sign}{amount}"; in French "Euro", "€", "{amount} {sign}".
 */
export function currencyPresentation(iso: string, language: string = "en"): { label: string; sign: string; symbolTemplate: string } {
  const name = new Intl.DisplayNames([language], { type: "currency" }).of(iso) ?? iso;
  const parts = new Intl.NumberFormat(language, { style: "currency", currency: iso }).formatToParts(1);
  const signAt = parts.findIndex((p) => p.type === "currency");
  const numberAt = parts.findIndex((p) => p.type === "integer");
  const spaced = parts.slice(Math.min(signAt, numberAt) + 1, Math.max(signAt, numberAt)).some((p) => p.type === "literal");
  const gap = spaced ? " " : "";
  return {
    label: name.charAt(0).toLocaleUpperCase(language) + name.slice(1),
    sign: parts[signAt]?.value.trim() || iso,
    symbolTemplate: signAt >= 0 && signAt < numberAt ? `{sign}${gap}{amount}` : `{amount}${gap}{sign}`,
  };
}

const fields = {
  iso: z
    .string({ error: "required" })
    .trim()
    .min(1, "required")
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "invalid_currency")
    .refine(isCurrencyCode, "invalid_currency"),
  label: zLabel(100),
  sign: z.string({ error: "required" }).trim().min(1, "required").max(10, "too_long"),
  symbol_template: z
    .string({ error: "required" })
    .trim()
    .min(1, "required")
    .max(40, "too_long")
    .refine((v) => v.includes("{amount}"), "invalid_symbol_template"),
  exchange_rate: zDecimal(RATE_SCALE)
    .refine((v) => v.compare(Decimal.zero()) > 0, "too_small")
    .refine((v) => v.compare(MAX_RATE) <= 0, "too_large"),
  active: zFlag,
};

export const CurrencyInput = z.strictObject(
  {
    iso: fields.iso,
    label: fields.label.optional(),
    sign: fields.sign.optional(),
    symbol_template: fields.symbol_template.optional(),
    exchange_rate: fields.exchange_rate.optional(),
    active: fields.active.optional(),
  },
  objectError,
);
export type CurrencyInput = z.input<typeof CurrencyInput>;
export const UpdateCurrencyInput = CurrencyInput.partial();
export type UpdateCurrencyInput = z.input<typeof UpdateCurrencyInput>;

const usedByPrices = (id: number): SQL => sql`exists (select 1 from prices p where p.currency_id = ${id})`;

async function findRow(db: TenantDb, id: number): Promise<CurrencyRow> {
  const row = await db.query.currencies.findFirst({ where: eq(currencies.id, id) });
  if (!row) throw new DomainError("not_found");
  return row;
}

async function isUsed(db: TenantDb, id: number): Promise<boolean> {
  const [row] = await db.all<{ used: number }>(sql`select ${usedByPrices(id)} as used`);
  return asBoolean(row?.used);
}

async function assertIsoFree(db: TenantDb, iso: string, exceptId?: number) {
  const same = eq(currencies.iso, iso);
  const [taken] = await db
    .select({ id: currencies.id })
    .from(currencies)
    .where(exceptId === undefined ? same : and(same, ne(currencies.id, exceptId)))
    .limit(1);
  if (taken) throw conflict("currency_taken", "iso");
}

export async function getCurrency(db: TenantDb, rawId: unknown): Promise<CurrencyView> {
  return view(await findRow(db, recordId(rawId)));
}

/** The company's default currency, if it has one. */
export async function defaultCurrency(db: TenantDb): Promise<CurrencyView | null> {
  const row = await db.query.currencies.findFirst({ where: eq(currencies.isDefault, true) });
  return row ? view(row) : null;
}

export const currencyList = defineListRegistry({
  primaryKey: currencies.id,
  fields: {
    id: { type: "id", column: currencies.id, sortable: true },
    iso: { type: "text", column: currencies.iso, sortable: true },
    label: { type: "text", column: currencies.label, sortColumn: sql`${currencies.label} collate nocase`, sortable: true },
    active: { type: "boolean", column: currencies.active, sortable: true },
    is_default: { type: "boolean", column: currencies.isDefault, sortable: true },
    exchange_rate: { type: "decimal", scale: RATE_SCALE, column: currencies.exchangeRate, sortable: true },
    created: { type: "number", column: currencies.createdAt, sortable: true },
  },
  search: (text: string) => or(likePrefix(currencies.iso, text), likePrefix(currencies.label, text)),
});

export async function listCurrenciesPage(
  db: TenantDb,
  params: URLSearchParams | Record<string, unknown>,
): Promise<ListResult<CurrencyView>> {
  const query = parseListQuery(params, currencyList);
  const result = await runList(db, { from: currencies, registry: currencyList, query });
  return { ...result, items: result.items.map(view) };
}

/** Every currency, by label. */
export async function allCurrencies(db: TenantDb): Promise<CurrencyView[]> {
  return (await listCurrenciesPage(db, { page_size: -1 })).items;
}

const scaled = (rate: Decimal) => Number(toScaledInteger(rate, RATE_SCALE));

/** Adds a currency (never the default: see makeDefaultCurrency); label and sign default to Intl's English ones. */
export async function createCurrency(db: TenantDb, raw: unknown): Promise<CurrencyView> {
  const input = parseInput(CurrencyInput, raw);
  await assertIsoFree(db, input.iso);
  const shown = currencyPresentation(input.iso, "en");
  try {
    const [row] = await db
      .insert(currencies)
      .values({
        iso: input.iso,
        label: input.label ?? shown.label,
        sign: input.sign ?? shown.sign,
        symbolTemplate: input.symbol_template ?? shown.symbolTemplate,
        exchangeRate: scaled(input.exchange_rate ?? ONE),
        isDefault: false,
        active: input.active ?? true,
      })
      .returning();
    return view(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("currency_taken", "iso");
    throw error;
  }
}

/**
 * Changes a currency. The default one stays active (`default_currency`) and at rate 1
 * (`default_currency_rate`); the code of a currency that prices use cannot change (`in_use`).
 */
export async function updateCurrency(db: TenantDb, rawId: unknown, raw: unknown): Promise<CurrencyView> {
  const id = recordId(rawId);
  const row = await findRow(db, id);
  const input = parseInput(UpdateCurrencyInput, raw);
  if (row.isDefault && input.exchange_rate !== undefined && !input.exchange_rate.equals(ONE))
    throw fieldError("exchange_rate", "default_currency_rate");
  const deactivating = input.active === false && row.active;
  if (deactivating && row.isDefault) throw conflict("default_currency", "active");
  const changingIso = input.iso !== undefined && input.iso !== row.iso;
  if (changingIso) {
    if (await isUsed(db, id)) throw lockedByUse("iso");
    await assertIsoFree(db, input.iso!, id);
  }
  const changes = {
    ...(input.iso !== undefined ? { iso: input.iso } : {}),
    ...(input.label !== undefined ? { label: input.label } : {}),
    ...(input.sign !== undefined ? { sign: input.sign } : {}),
    ...(input.symbol_template !== undefined ? { symbolTemplate: input.symbol_template } : {}),
    ...(input.exchange_rate !== undefined ? { exchangeRate: scaled(input.exchange_rate) } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
  if (Object.keys(changes).length === 0) return view(row);
  // Rechecked in the write: the currency may have become the default, or gained prices, meanwhile.
  const guards = [
    eq(currencies.id, id),
    ...(deactivating || input.exchange_rate !== undefined
      ? [sql`(${currencies.isDefault} = 0 or ${changes.exchangeRate ?? scaled(ONE)} = ${scaled(ONE)})`]
      : []),
    ...(deactivating ? [eq(currencies.isDefault, false)] : []),
    ...(changingIso ? [sql`not ${usedByPrices(id)}`] : []),
  ];
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(currencies)
      .set(changes)
      .where(and(...guards))
      .returning({ id: currencies.id }),
  ];
  // The company settings name the default currency by its code.
  if (changingIso && row.isDefault)
    statements.push(
      db.update(companySettings).set({ defaultCurrency: input.iso!, updatedAt: Date.now() }).where(eq(companySettings.id, 1)),
    );
  let results: unknown[];
  try {
    results = await runBatch(db, statements);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("currency_taken", "iso");
    throw error;
  }
  if ((results[0] as unknown[]).length === 0) {
    const now = await findRow(db, id);
    if (now.isDefault && deactivating) throw conflict("default_currency", "active");
    if (now.isDefault) throw fieldError("exchange_rate", "default_currency_rate");
    throw lockedByUse("iso");
  }
  return view(await findRow(db, id));
}

export const enableCurrency = (db: TenantDb, rawId: unknown) => updateCurrency(db, rawId, { active: true });
export const disableCurrency = (db: TenantDb, rawId: unknown) => updateCurrency(db, rawId, { active: false });

/**
 * The statements that make a currency the default: the previous default is unset, every rate is
 * re-expressed against the new default (which gets rate 1 and is active), and the company
 * settings name its code. Empty when it already is the default.
 */
export async function defaultCurrencyStatements(db: TenantDb, row: CurrencyRow): Promise<BatchItem<"sqlite">[]> {
  if (row.isDefault && row.active && row.exchangeRate === scaled(ONE)) return [];
  const base = fromScaledInteger(row.exchangeRate, RATE_SCALE);
  const others = await db.select().from(currencies).where(ne(currencies.id, row.id));
  const smallest = Decimal.of(1n, RATE_SCALE);
  const rebased = others.map((other) => {
    let rate = fromScaledInteger(other.exchangeRate, RATE_SCALE).div(base, RATE_SCALE);
    if (rate.compare(smallest) < 0) rate = smallest;
    if (rate.compare(MAX_RATE) > 0) rate = MAX_RATE;
    return db
      .update(currencies)
      .set({ exchangeRate: scaled(rate) })
      .where(eq(currencies.id, other.id));
  });
  return [
    // Unset first: a partial unique index allows a single default at any moment.
    db
      .update(currencies)
      .set({ isDefault: false })
      .where(and(eq(currencies.isDefault, true), ne(currencies.id, row.id))),
    ...rebased,
    db
      .update(currencies)
      .set({ isDefault: true, active: true, exchangeRate: scaled(ONE) })
      .where(eq(currencies.id, row.id)),
    db.update(companySettings).set({ defaultCurrency: row.iso, updatedAt: Date.now() }).where(eq(companySettings.id, 1)),
  ];
}

/** Makes a currency the default, in one batch (see defaultCurrencyStatements). */
export async function makeDefaultCurrency(db: TenantDb, rawId: unknown): Promise<CurrencyView> {
  const row = await findRow(db, recordId(rawId));
  await runBatch(db, await defaultCurrencyStatements(db, row));
  return view(await findRow(db, row.id));
}

/** A currency of the company by its code, or null. */
export async function findCurrencyByIso(db: TenantDb, iso: string): Promise<CurrencyRow | null> {
  return (await db.query.currencies.findFirst({ where: eq(currencies.iso, iso) })) ?? null;
}

/** Deletes a currency unless it is the default (`default_currency`) or prices use it (`in_use`). */
export async function deleteCurrency(db: TenantDb, rawId: unknown): Promise<void> {
  const id = recordId(rawId);
  const row = await findRow(db, id);
  if (row.isDefault) throw conflict("default_currency");
  if (await isUsed(db, id)) throw conflict("in_use");
  const deleted = await db
    .delete(currencies)
    .where(and(eq(currencies.id, id), eq(currencies.isDefault, false), sql`not ${usedByPrices(id)}`))
    .returning({ id: currencies.id });
  if (deleted.length === 0) {
    const now = await findRow(db, id);
    throw conflict(now.isDefault ? "default_currency" : "in_use");
  }
}
