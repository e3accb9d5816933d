import { and, eq, ne, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema, type TenantDb } from "../../../../db/client";
import { Decimal } from "../../shared/decimal";
import { DomainError } from "../../shared/domain-error";
import { defineListRegistry, likePrefix } from "../../shared/list-query-sql";
import { fromScaledInteger, toScaledInteger } from "../../shared/money";
import { asBoolean, conflict } from "../common";
import { MAX_RATE, ONE, RATE_SCALE, type CurrencyView } from "./currency-schemas";

// What the currency verbs share: the row's view, its look-ups and the rules written into their writes.
const { currencies, companySettings } = tenantSchema;

export type CurrencyRow = typeof currencies.$inferSelect;

export function view(row: CurrencyRow): CurrencyView {
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

export const usedByPrices = (id: number): SQL => sql`exists (select 1 from prices p where p.currency_id = ${id})`;

export async function findRow(db: TenantDb, id: number): Promise<CurrencyRow> {
  const row = await db.query.currencies.findFirst({ where: eq(currencies.id, id) });
  if (!row) throw new DomainError("not_found");
  return row;
}

export async function isUsed(db: TenantDb, id: number): Promise<boolean> {
  const [row] = await db.all<{ used: number }>(sql`select ${usedByPrices(id)} as used`);
  return asBoolean(row?.used);
}

export async function assertIsoFree(db: TenantDb, iso: string, exceptId?: number) {
  const same = eq(currencies.iso, iso);
  const [taken] = await db
    .select({ id: currencies.id })
    .from(currencies)
    .where(exceptId === undefined ? same : and(same, ne(currencies.id, exceptId)))
    .limit(1);
  if (taken) throw conflict("currency_taken", "iso");
}

export const scaled = (rate: Decimal) => Number(toScaledInteger(rate, RATE_SCALE));

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

/**
 * The statements that make a currency the default: the previous default is unset, every rate is
 * re-expressed against the new default (which gets rate 1 and is active), and the company
 * settings name its code. Empty when it already is the default.
 */
export async function defaultCurrencyStatements(db: TenantDb, row: CurrencyRow, now: number): Promise<BatchItem<"sqlite">[]> {
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
    db.update(companySettings).set({ defaultCurrency: row.iso, updatedAt: now }).where(eq(companySettings.id, 1)),
  ];
}

/** A currency of the company by its code, or null. */
export async function findCurrencyByIso(db: TenantDb, iso: string): Promise<CurrencyRow | null> {
  return (await db.query.currencies.findFirst({ where: eq(currencies.iso, iso) })) ?? null;
}
