import { eq, sql, type Placeholder, type SQLWrapper } from "drizzle-orm";
import { inIds } from "../shared/in-ids";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { Decimal } from "../shared/decimal";
import { DomainError } from "../shared/domain-error";
import { fromScaledInteger, PRICE_SCALE, QUANTITY_SCALE } from "../shared/money";
import type { PriceLevelType } from "./price-access";
import { lessPercent, resolvePrice, type PriceSource, type PricingCustomer, type StoredPrice } from "./pricing";
import { RATE_SCALE } from "./product-view";
import { RATE_SCALE as CURRENCY_RATE_SCALE } from "../settings/currencies/currency-schemas";
import { applicableRules, rulePrice, type RuleRow, type RuleVariant } from "./price-rules/rule-engine";

const t = tenantSchema;

/** Exchange rates are stored at the currencies' scale. */
export const EXCHANGE_RATE_SCALE = CURRENCY_RATE_SCALE;

/** Where a set of prices is asked: the same level, currency and customer for every item of a document. */
export interface PriceTerms {
  /** Default: the customer's, else the company's default selling level. */
  priceLevelId?: number | null;
  /** Default: the customer's, else the default currency. */
  currencyId?: number | null;
  customer?: PricingCustomer | null;
  /** Default: the currency's own rate. */
  exchangeRate?: Decimal | string | null;
  /**
   * The document's date in the company's calendar (YYYY-MM-DD), for the price rules' dates: null,
   * a rule with dates does not apply. Rules price a customer's items only (`customer.id`).
   */
  date?: string | null;
}

export interface PriceItem {
  variantId: number;
  packId?: number | null;
  /** Units of the variant the line holds (a pack's quantity × packs), for the price rules' quantity breaks; default 0. */
  units?: Decimal | null;
}

export interface VariantPrice {
  amount: Decimal;
  source: PriceSource;
  priceLevelId: number | null;
  priceLevelType: PriceLevelType | null;
  currencyId: number | null;
  exchangeRate: Decimal | null;
  /** The price rule that priced the item, if one did. */
  priceRuleId: number | null;
}

/**
 * The reads the prices of some variants need, as statements a caller may put in its own batch
 * (a document reads its whole catalogue at once): the variants, their packs, their kits'
 * components, every price of them and of those components, the company's defaults, the
 * currencies and the price levels.
 */
export function priceReads(db: TenantDb, variantIds: readonly number[] | SQLWrapper, customerId: number | Placeholder | null = null) {
  const ids = Array.isArray(variantIds) ? [...new Set(variantIds as readonly number[])] : (variantIds as SQLWrapper);
  // The variants and their components as one list: a single IN lets the prices' index serve it
  // (an OR of two INs makes SQLite scan every price).
  const withComponents = sql`select ${t.variants.id} from ${t.variants} where ${inIds(t.variants.id, ids)}
    union select ${t.components.componentVariantId} from ${t.components} where ${inIds(t.components.parentVariantId, ids)}`;
  return [
    db
      .select({ id: t.variants.id, isKit: t.variants.isKit, kitDiscountRate: t.products.kitDiscountRate })
      .from(t.variants)
      .innerJoin(t.products, eq(t.products.id, t.variants.productId))
      .where(inIds(t.variants.id, ids)),
    db.select({ level: t.companySettings.defaultSellingPriceLevelId, iso: t.companySettings.defaultCurrency }).from(t.companySettings),
    db
      .select({ id: t.currencies.id, iso: t.currencies.iso, isDefault: t.currencies.isDefault, rate: t.currencies.exchangeRate })
      .from(t.currencies),
    db.select({ id: t.priceLevels.id, type: t.priceLevels.type }).from(t.priceLevels),
    db
      .select({
        variantId: t.prices.variantId,
        packId: t.prices.packId,
        priceLevelId: t.prices.priceLevelId,
        currencyId: t.prices.currencyId,
        amount: t.prices.amount,
      })
      .from(t.prices)
      .where(sql`${t.prices.variantId} in (${withComponents})`),
    db
      .select({ parentId: t.components.parentVariantId, variantId: t.components.componentVariantId, quantity: t.components.quantity })
      .from(t.components)
      .where(inIds(t.components.parentVariantId, ids)),
    db
      .select({ id: t.packs.id, variantId: t.packs.variantId, quantity: t.packs.quantity, label: t.packs.label })
      .from(t.packs)
      .where(inIds(t.packs.variantId, ids)),
    priceRuleTermsRead(db, customerId),
    priceRuleVariantsRead(db, ids),
  ] as const;
}

/**
 * The active price rules with their link rows, and the tags of the customer asked (none for 0 or
 * null), as one statement of JSON values: the price function reads them with every catalogue read.
 */
export function priceRuleTermsRead(db: TenantDb, customerId: number | Placeholder | null) {
  const { priceRules: r, priceRuleTargets: pt, customerTagLinks: ct } = t;
  return db.all<{ rules: string; customerTags: string }>(sql`select
    (select json_group_array(json_object('id', ${r.id}, 'number', ${r.number}, 'selection', ${r.selection}, 'priceType', ${r.priceType},
      'basePriceLevelId', ${r.basePriceLevelId}, 'operator', ${r.operator}, 'value', ${r.value}, 'rounding', ${r.rounding},
      'dateFrom', ${r.dateFrom}, 'dateTo', ${r.dateTo}, 'minimumQuantity', ${r.minimumQuantity},
      'targets', (select json_group_array(json_array(${pt.kind}, ${pt.targetId})) from ${pt} where ${pt.ruleId} = ${r.id})))
      from ${r} where ${r.active}) as rules,
    (select json_group_array(${ct.tagId}) from ${ct} where ${ct.customerId} = ${customerId ?? 0}) as customerTags`);
}

/** What the price rules' selections look at of these variants: product, brand, the product's tags, the options. */
export function priceRuleVariantsRead(db: TenantDb, ids: readonly number[] | SQLWrapper) {
  return db
    .select({
      id: t.variants.id,
      productId: t.variants.productId,
      brandId: t.products.brandId,
      option1Id: t.variants.option1Id,
      option2Id: t.variants.option2Id,
      option3Id: t.variants.option3Id,
      tagIds: sql<string>`(select json_group_array(${t.productTagLinks.tagId}) from ${t.productTagLinks} where ${t.productTagLinks.productId} = ${t.products.id})`,
    })
    .from(t.variants)
    .innerJoin(t.products, eq(t.products.id, t.variants.productId))
    .where(inIds(t.variants.id, ids));
}

type Reads = ReturnType<typeof priceReads>;
type ReadRows = { [K in keyof Reads]: Awaited<Reads[K]> };
/**
 * The rows `priceReads` gives, in its order. The price rules' two (the last ones) may be left out
 * by a caller that prices without rules: then no rule applies.
 */
export type PriceRows = [
  ReadRows[0],
  ReadRows[1],
  ReadRows[2],
  ReadRows[3],
  ReadRows[4],
  ReadRows[5],
  ReadRows[6],
  ReadRows[7]?,
  ReadRows[8]?,
];

type RuleFacts = { rules: RuleRow[]; customerTags: number[]; variants: Map<number, RuleVariant> };
// Read once per set of rows: a cart prices each of its lines apart, for its own quantity.
const ruleFactsRead = new WeakMap<PriceRows, RuleFacts>();

/** The price rules and the rule facts of the variants from their rows. */
function ruleFactsFrom(rows: PriceRows): RuleFacts {
  const known = ruleFactsRead.get(rows);
  if (known) return known;
  const terms = rows[7]?.[0];
  const rules = JSON.parse(terms?.rules ?? "[]") as RuleRow[];
  const customerTags = JSON.parse(terms?.customerTags ?? "[]") as number[];
  const variants = new Map<number, RuleVariant>(
    (rows[8] ?? []).map((v) => [
      v.id,
      {
        id: v.id,
        productId: v.productId,
        brandId: v.brandId,
        tagIds: JSON.parse(v.tagIds) as number[],
        optionIds: [v.option1Id, v.option2Id, v.option3Id].filter((o): o is number => o !== null),
      },
    ]),
  );
  const facts = { rules, customerTags, variants };
  ruleFactsRead.set(rows, facts);
  return facts;
}

const storedPrice = (p: { priceLevelId: number; currencyId: number; amount: number }): StoredPrice => ({
  price_level_id: p.priceLevelId,
  currency_id: p.currencyId,
  amount: fromScaledInteger(p.amount, PRICE_SCALE),
});

/**
 * The calculated price of each item (platform spec §7) from the rows `priceReads` gave: pure.
 * A pack without a price of its own costs its quantity times the unit price. For a customer, the
 * first price rule that applies (price-rules/rule-engine.ts: its quantity break counts the item's
 * units, its dates the terms' date) replaces that price; the customer's discount comes last, per
 * unit. An unknown variant or pack is `not_found`.
 */
export function pricesFrom(rows: PriceRows, terms: PriceTerms, items: readonly PriceItem[]): VariantPrice[] {
  const [variants, settings, currencies, levels, prices, parts, packs] = rows;
  const setting = settings[0];
  const defaultCurrency = currencies.find((c) => c.isDefault) ?? currencies.find((c) => c.iso === setting?.iso) ?? null;
  const priceLevelId = terms.priceLevelId ?? terms.customer?.price_level_id ?? setting?.level ?? null;
  const currencyId = terms.currencyId ?? terms.customer?.currency_id ?? defaultCurrency?.id ?? null;
  const level = levels.find((l) => l.id === priceLevelId);
  const currency = currencies.find((c) => c.id === currencyId);
  if (priceLevelId !== null && !level) throw new DomainError("validation_failed", {}, { price_level_id: { code: "unknown_price_level" } });
  if (currencyId !== null && !currency) throw new DomainError("validation_failed", {}, { currency_id: { code: "unknown_currency" } });
  const exchangeRate =
    terms.exchangeRate !== undefined && terms.exchangeRate !== null
      ? Decimal.parse(terms.exchangeRate.toString())
      : currency
        ? fromScaledInteger(currency.rate, EXCHANGE_RATE_SCALE)
        : null;
  const defaultCurrencyId = defaultCurrency?.id ?? null;
  const unitPricesOf = (id: number) => prices.filter((p) => p.variantId === id && p.packId === null).map(storedPrice);
  // Rules price what a customer buys (selling prices), never a supplier's purchasing prices.
  const customerId = terms.customer?.id ?? null;
  const rules = customerId !== null && level?.type !== "purchasing" ? ruleFactsFrom(rows) : null;
  const rate = currencyId !== null && currencyId !== defaultCurrencyId ? (exchangeRate ?? Decimal.parse(1)) : Decimal.parse(1);

  /** The price of the variant (or its pack) in a level, before any rule or discount. */
  const levelPrice = (levelId: number | null, variant: PriceRows[0][number], pack: PriceRows[6][number] | null) => {
    const common = { priceLevelId: levelId, currencyId, defaultCurrencyId, exchangeRate };
    const kit = variant.isKit
      ? {
          discountRate: fromScaledInteger(variant.kitDiscountRate, RATE_SCALE),
          components: parts
            .filter((c) => c.parentId === variant.id)
            .map((c) => {
              const own = resolvePrice({ ...common, prices: unitPricesOf(c.variantId) });
              return { quantity: fromScaledInteger(c.quantity, QUANTITY_SCALE), price: own.source === "none" ? null : own.amount };
            }),
        }
      : null;
    const base = resolvePrice({ ...common, prices: unitPricesOf(variant.id), kit });
    if (!pack) return base;
    const own = resolvePrice({ ...common, prices: prices.filter((p) => p.packId === pack.id).map(storedPrice) });
    return own.source !== "none"
      ? own
      : { ...base, amount: base.amount.mul(fromScaledInteger(pack.quantity, QUANTITY_SCALE)).round(PRICE_SCALE) };
  };

  return items.map(({ variantId, packId = null, units = null }) => {
    const variant = variants.find((v) => v.id === variantId);
    if (!variant) throw new DomainError("not_found");
    const pack = packId === null ? null : packs.find((p) => p.id === packId && p.variantId === variantId);
    if (pack === undefined) throw new DomainError("not_found");
    let base: { amount: Decimal; source: PriceSource } = levelPrice(priceLevelId, variant, pack);
    let priceRuleId: number | null = null;
    const facts = rules?.variants.get(variantId);
    if (rules && facts) {
      const occasion = {
        customer: { id: customerId!, tagIds: rules.customerTags },
        units: units ?? Decimal.zero(0),
        date: terms.date ?? null,
      };
      const money = { rate, packQuantity: pack ? fromScaledInteger(pack.quantity, QUANTITY_SCALE) : Decimal.parse(1) };
      for (const rule of applicableRules(rules.rules, facts, occasion)) {
        const basis =
          rule.priceType === "set" ? null : rule.basePriceLevelId === null ? base : levelPrice(rule.basePriceLevelId, variant, pack);
        const amount = rulePrice(rule, basis && basis.source !== "none" ? basis.amount : null, money);
        if (amount === null) continue;
        base = { amount, source: "rule" };
        priceRuleId = rule.id;
        break;
      }
    }
    const discount = terms.customer?.discount_rate;
    const amount = base.source !== "none" && discount != null ? lessPercent(base.amount, discount).round(PRICE_SCALE) : base.amount;
    return { amount, source: base.source, priceLevelId, priceLevelType: level?.type ?? null, currencyId, exchangeRate, priceRuleId };
  });
}

/** The prices of several variants or packs in one round trip. */
export async function pricesOfVariants(db: TenantDb, terms: PriceTerms, items: readonly PriceItem[]): Promise<VariantPrice[]> {
  const rows = (await db.batch(
    priceReads(
      db,
      items.map((i) => i.variantId),
      terms.customer?.id ?? null,
    ),
  )) as unknown as PriceRows;
  return pricesFrom(rows, terms, items);
}
