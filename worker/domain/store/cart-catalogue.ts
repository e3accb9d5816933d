import { and, asc, desc, eq, sql } from "drizzle-orm";
import { inIds } from "../shared/in-ids";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { TaxInput, TaxPriority, TaxModel, TaxType } from "../documents/lines/types";
import { priceReads, pricesFrom, type PriceRows, type PriceTerms } from "../products/prices-of-variants";
import { RATE_SCALE } from "../products/product-view";
import { can, type Ctx } from "../shared/ctx";
import { Decimal } from "../shared/decimal";
import { DomainError } from "../shared/domain-error";
import { fromScaledInteger, PRICE_SCALE, QUANTITY_SCALE } from "../shared/money";
import { shippingTaxesOf, taxBook } from "../sales/sales-lines";
import type { Buyer } from "./buyer";
import { pooledAvailableSql, pooledIncomingSql } from "../stock/availability";
import { todayIn } from "../stock/common";
import { cartKey, divide, type CartItem } from "./cart-rules";
import { sellableVariant } from "./sellable";
import { storeSettingsOf, type StoreSettings } from "./settings/store-settings";
import { lastShippingCostRead } from "./store-shipping-cost";

const t = tenantSchema;

/** A line as the cart Durable Object keeps it: what was chosen, never a price (prices are read again each time). */
export interface StoredCartLine {
  key: string;
  variantId: number;
  packId: number | null;
  /** Decimal text. */
  quantity: string;
}

export interface CartLineFacts {
  sku: string;
  label: string;
  productLabel: string;
  packLabel: string | null;
  /** The price at the store's recommended price level, when it names one and the line has a price there. */
  recommendedPrice: Decimal | null;
  /** The variant's taxes, as the line engine reads them (the order's lines take the same). */
  taxes: TaxInput[];
  taxable: boolean;
  /** Per unit of the variant. */
  ecotax: Decimal;
}

export interface CartCatalogue {
  /** Each wanted line described as the catalogue has it now, quantity 0, by cart key. */
  items: Map<string, CartItem>;
  facts: Map<string, CartLineFacts>;
  /** Units the store may sell of each variant (and of each kit, through its components), before the cart. */
  available: Map<number, Decimal>;
  /** Units of each variant on their way to where the store sells from. */
  incoming: Map<number, Decimal>;
  discountRate: Decimal;
  /**
   * The buyer's price of one line unit (a pack's for a pack line) for a line of `quantity`, before
   * the customer's discount: the one price function, as a sales order of the cart prices its line
   * (a price rule's quantity break counts the line's units, its dates the company's today).
   */
  priceAt: (item: Pick<CartItem, "variantId" | "packId" | "packQuantity">, quantity: Decimal) => Decimal;
  currencyId: number | null;
  /** The ISO code of the buyer's currency, for showing prices. */
  currency: string | null;
  locationId: number | null;
  /** The store's settings, read in the same round trip. */
  settings: StoreSettings;
  /** How the buyer's orders are taxed: the company's model and priority, the customer's tax type (else the company's). */
  /** The shipping's taxes are those of an order (sales-lines.ts shippingTaxesOf): the company's default tax. */
  taxTerms: { taxModel: TaxModel; taxType: TaxType; taxPriority: TaxPriority; shippingTaxes: TaxInput[] };
  /** The shipping cost of the customer's last order not cancelled, for a store that charges it again. */
  lastShippingCost: Decimal | null;
}

/** The location the store sells from: the first active shipping location, else the first active one. */
export function storeLocation(db: TenantDb) {
  return db
    .select({ id: t.locations.id })
    .from(t.locations)
    .where(eq(t.locations.active, true))
    .orderBy(desc(t.locations.shipping), asc(t.locations.id))
    .limit(1);
}

/**
 * What is left of these variants and of their components (a kit's): at the store's location
 * (`here`) and in all its active locations (`everywhere`), for a store that sells from all of them.
 * The variants and their components make one list: a single IN lets the stock's index serve it.
 */
export function storeStockRead(db: TenantDb, ids: number[]) {
  const withParts = sql`select ${t.variants.id} from ${t.variants} where ${inIds(t.variants.id, ids)}
    union select ${t.components.componentVariantId} from ${t.components} where ${inIds(t.components.parentVariantId, ids)}`;
  const atStore = sql`${t.stockLevels.locationId} = (${storeLocation(db)})`;
  // Available and incoming as every screen counts them (stock/availability.ts).
  return db
    .select({
      variantId: t.stockLevels.variantId,
      here: sql<number>`${pooledAvailableSql(t.stockLevels, atStore)}`,
      everywhere: sql<number>`${pooledAvailableSql()}`,
      // Units on their way (purchase orders not yet received), for a store that displays them.
      incomingHere: sql<number>`${pooledIncomingSql(atStore)}`,
      incomingEverywhere: sql<number>`${pooledIncomingSql()}`,
    })
    .from(t.stockLevels)
    .innerJoin(t.locations, and(eq(t.locations.id, t.stockLevels.locationId), eq(t.locations.active, true)))
    .where(sql`${t.stockLevels.variantId} in (${withParts})`)
    .groupBy(t.stockLevels.variantId);
}

const q = (units: number) => fromScaledInteger(units, QUANTITY_SCALE);

interface StoreTermsRow {
  companySettings: string;
  currencies: string;
  priceLevels: string;
  customer: string;
  locationId: number | null;
  storeSettings: string | null;
  taxes: string;
  taxGroupMembers: string;
  lastShippingCost: number | null;
}

/**
 * What every cart and catalogue read needs besides its variants, in one statement (each part a JSON
 * value): the company's default price level and currency, its currencies and price levels (what
 * priceReads reads of them), the buyer's customer terms, the store's location and its settings.
 * Six small statements cost six times drizzle's building and the database's answering.
 */
function storeTermsRead(db: TenantDb, customerId: number) {
  const { companySettings: cs, currencies: cur, priceLevels: pl, customers: cu, storeSettings: ss, taxes: tx, taxGroupMembers: tg } = t;
  return db.all<StoreTermsRow>(sql`select
    (select json_group_array(json_object('level', ${cs.defaultSellingPriceLevelId}, 'iso', ${cs.defaultCurrency},
      'taxModel', ${cs.taxModel}, 'taxType', ${cs.taxType}, 'taxPriority', ${cs.taxPriority}, 'defaultTaxId', ${cs.defaultTaxId},
      'timezone', ${cs.timezone})) from ${cs}) as companySettings,
    (select json_group_array(json_object('id', ${cur.id}, 'iso', ${cur.iso}, 'isDefault', ${cur.isDefault}, 'rate', ${cur.exchangeRate})) from ${cur}) as currencies,
    (select json_group_array(json_object('id', ${pl.id}, 'type', ${pl.type})) from ${pl}) as priceLevels,
    (select json_group_array(json_object('priceLevelId', ${cu.priceLevelId}, 'currencyId', ${cu.currencyId}, 'discountRate', ${cu.discountRate},
      'taxType', ${cu.taxType})) from ${cu} where ${cu.id} = ${customerId}) as customer,
    (${storeLocation(db)}) as locationId,
    (select ${ss.settings} from ${ss} limit 1) as storeSettings,
    (select json_group_array(json_object('id', ${tx.id}, 'label', ${tx.label}, 'rate', ${tx.rate})) from ${tx}) as taxes,
    (select json_group_array(json_object('groupId', ${tg.groupId}, 'taxId', ${tg.taxId})) from ${tg}) as taxGroupMembers,
    (${lastShippingCostRead(db, customerId)}) as lastShippingCost`);
}

/** The terms read back in the shapes of the reads they replace. */
function readTerms(row: StoreTermsRow | undefined) {
  const list = <T>(text: string | undefined): T[] => JSON.parse(text ?? "[]") as T[];
  return {
    companySettings: list<{
      level: number | null;
      iso: string;
      taxModel: TaxModel;
      taxType: TaxType;
      taxPriority: TaxPriority;
      defaultTaxId: number | null;
      timezone: string;
    }>(row?.companySettings),
    currencies: list<{ id: number; iso: string; isDefault: number; rate: number }>(row?.currencies).map((c) => ({
      ...c,
      isDefault: Boolean(c.isDefault),
    })),
    priceLevels: list<{ id: number; type: "selling" | "purchasing" }>(row?.priceLevels),
    customer: list<{ priceLevelId: number | null; currencyId: number | null; discountRate: number; taxType: TaxType | null }>(
      row?.customer,
    ),
    locationId: row?.locationId ?? null,
    storeSettings: row?.storeSettings ? (JSON.parse(row.storeSettings) as Record<string, unknown>) : null,
    taxes: list<{ id: number; label: string; rate: number | null }>(row?.taxes),
    taxGroupMembers: list<{ groupId: number; taxId: number }>(row?.taxGroupMembers),
    lastShippingCost: row?.lastShippingCost ?? null,
  };
}

/** The buyer's customer as the cart prices for it. */
export interface CartCustomer {
  id: number;
  priceLevelId: number | null;
  currencyId: number | null;
}

/** The price terms of a cart: the customer's level, currency and price rules on the day, before its discount. */
export function cartPriceTerms(customer: CartCustomer, date: string | null): PriceTerms {
  // The discount comes off each unit afterwards, as on the order (cart-totals.ts, cart-rules.ts cartTotal).
  return {
    customer: { id: customer.id, price_level_id: customer.priceLevelId, currency_id: customer.currencyId, discount_rate: null },
    date,
  };
}

/**
 * The cart's price of one line unit for a line of some quantity, pure: the one price function with
 * the line's units (a pack's quantity × packs) for the price rules' quantity breaks.
 */
export function cartPricer(rows: PriceRows, customer: CartCustomer, date: string | null): CartCatalogue["priceAt"] {
  const terms = cartPriceTerms(customer, date);
  return (item, quantity) =>
    pricesFrom(rows, terms, [{ variantId: item.variantId, packId: item.packId, units: quantity.mul(item.packQuantity) }])[0]!.amount;
}

/**
 * Reads, in one round trip, what the cart needs of the lines it names: the variants (those the
 * store sells, sellable.ts; the others are left out), their packs and components, the buyer's prices (its
 * customer's price level, currency and discount) and the stock left at the store's location.
 * That is the first active shipping location, else the first active one. The store's settings
 * come in the same round trip.
 */
export async function readCartCatalogue(
  ctx: Ctx,
  buyer: Buyer,
  wanted: readonly { variantId: number; packId: number | null }[],
): Promise<CartCatalogue> {
  const { db } = ctx;
  const ids = [...new Set(wanted.map((w) => w.variantId))];
  // The price function's own reads of prices, components and price rules (the buyer's tags with them).
  const [, , , , pricesRead, partsRead, , ruleTermsRead, ruleVariantsRead] = priceReads(db, ids, buyer.customerId);
  // The variants and packs are read once each, with what priceReads would read of them besides
  // what the cart shows, whether sold or not: the pricing sees all, the cart only what is sold.
  const byVariant = [
    db
      .select({
        id: t.variants.id,
        sku: t.variants.sku,
        label: t.variants.label,
        productLabel: t.products.label,
        minimumQuantity: t.variants.minimumQuantity,
        trackInventory: t.variants.trackInventory,
        isKit: t.variants.isKit,
        isPackaging: t.variants.isPackaging,
        kitDiscountRate: t.products.kitDiscountRate,
        sold: sql<number>`${sellableVariant()}`,
        taxable: t.variants.taxable,
        ecotax: t.variants.ecotax,
        taxIds: sql<string>`(select json_group_array(${t.variantTaxes.taxId}) from ${t.variantTaxes} where ${t.variantTaxes.variantId} = ${t.variants.id})`,
      })
      .from(t.variants)
      .innerJoin(t.products, eq(t.products.id, t.variants.productId))
      .where(inIds(t.variants.id, ids)),
    pricesRead,
    partsRead,
    db
      .select({ id: t.packs.id, variantId: t.packs.variantId, label: t.packs.label, quantity: t.packs.quantity, active: t.packs.active })
      .from(t.packs)
      .where(inIds(t.packs.variantId, ids)),
    storeStockRead(db, ids),
    ruleTermsRead,
    ruleVariantsRead,
  ] as const;
  // An empty cart has nothing to read by variant: only the terms go.
  const answers = (await db.batch([storeTermsRead(db, buyer.customerId), ...(ids.length > 0 ? byVariant : [])] as unknown as Parameters<
    typeof db.batch
  >[0])) as unknown as unknown[];
  const terms = readTerms((answers[0] as StoreTermsRow[])[0]);
  const [allVariants, priceRowsOfVariants, partRows, allPacks, stockRows, ruleTermRows, ruleVariantRows] = (
    ids.length > 0 ? answers.slice(1) : byVariant.map(() => [])
  ) as [
    Awaited<(typeof byVariant)[0]>,
    Awaited<(typeof byVariant)[1]>,
    Awaited<(typeof byVariant)[2]>,
    Awaited<(typeof byVariant)[3]>,
    Awaited<(typeof byVariant)[4]>,
    Awaited<(typeof byVariant)[5]>,
    Awaited<(typeof byVariant)[6]>,
  ];
  const variantPriceRows = allVariants.map((v) => ({ id: v.id, isKit: v.isKit, kitDiscountRate: v.kitDiscountRate }));
  const variantRows = allVariants.filter((v) => Boolean(v.sold));
  const packPriceRows = allPacks.map((p) => ({ id: p.id, variantId: p.variantId, quantity: p.quantity, label: p.label }));
  const packRows = allPacks.filter((p) => p.active);
  // The rows priceReads gives, its settings, currencies and levels read with the store's terms.
  const priceRows: PriceRows = [
    variantPriceRows,
    terms.companySettings,
    terms.currencies,
    terms.priceLevels,
    priceRowsOfVariants,
    partRows,
    packPriceRows,
    ruleTermRows,
    ruleVariantRows,
  ];
  const settings = storeSettingsOf(terms.storeSettings);
  // A closed store takes no cart change nor order from its buyers; staff may still look at it.
  if (!settings.status && !can(ctx, { allOf: ["b2b_portal"] })) throw new DomainError("store_closed");
  const [customer] = terms.customer;
  if (!customer) throw new DomainError("forbidden");
  const discountRate = fromScaledInteger(customer.discountRate, RATE_SCALE);

  const available = new Map<number, Decimal>(
    stockRows.map((s) => [s.variantId, q(Number(settings.use_stock_from_all_locations ? s.everywhere : s.here))]),
  );
  const incoming = new Map<number, Decimal>(
    stockRows.map((s) => [s.variantId, q(Number(settings.use_stock_from_all_locations ? s.incomingEverywhere : s.incomingHere))]),
  );
  const componentsOf = (id: number) =>
    priceRows[5].filter((c) => c.parentId === id).map((c) => ({ variantId: c.variantId, quantity: q(c.quantity) }));
  const items = new Map<string, CartItem>();
  const facts = new Map<string, CartLineFacts>();
  const tax = taxBook(terms.taxes, terms.taxGroupMembers);
  const known = wanted.filter((w) => variantRows.some((v) => v.id === w.variantId));
  const date = todayIn(terms.companySettings[0]?.timezone ?? "UTC", new Date(ctx.now()));
  const priceAt = cartPricer(
    priceRows,
    { id: buyer.customerId, priceLevelId: customer.priceLevelId, currencyId: customer.currencyId },
    date,
  );
  const unitsOf = (packId: number | null, quantity: Decimal) =>
    packId === null ? quantity : quantity.mul(q(allPacks.find((p) => p.id === packId)?.quantity ?? 0));
  // A line shown before the cart holds it is priced for one of it.
  const one = Decimal.parse(1);
  const prices = pricesFrom(
    priceRows,
    cartPriceTerms({ id: buyer.customerId, priceLevelId: customer.priceLevelId, currencyId: customer.currencyId }, date),
    known.map((w) => ({ variantId: w.variantId, packId: w.packId, units: unitsOf(w.packId, one) })),
  );
  // The store's recommended (retail) price beside the buyer's own, in the buyer's currency, when it names a level.
  const recommendedLevel = settings.recommended_price_level_id;
  const recommended =
    recommendedLevel !== null && priceRows[3].some((l) => l.id === recommendedLevel)
      ? pricesFrom(
          priceRows,
          { priceLevelId: recommendedLevel, currencyId: prices[0]?.currencyId ?? customer.currencyId },
          known.map((w) => ({ variantId: w.variantId, packId: w.packId })),
        )
      : null;
  known.forEach((w, i) => {
    const variant = variantRows.find((v) => v.id === w.variantId)!;
    const pack = w.packId === null ? null : packRows.find((p) => p.id === w.packId && p.variantId === w.variantId);
    if (pack === undefined) return;
    const components = componentsOf(variant.id);
    if (variant.isKit && !available.has(variant.id)) {
      // A kit holds no stock of its own: as many kits as its scarcest component allows.
      let kits: Decimal | null = null;
      for (const c of components) {
        const fits = divide(available.get(c.variantId) ?? Decimal.zero(0), c.quantity).floor;
        if (kits === null || fits.compare(kits) < 0) kits = fits;
      }
      available.set(variant.id, kits ?? Decimal.zero(0));
    }
    const key = cartKey(variant.id, w.packId);
    items.set(key, {
      key,
      variantId: variant.id,
      packId: w.packId,
      packQuantity: pack ? q(pack.quantity) : Decimal.parse(1),
      quantity: Decimal.zero(QUANTITY_SCALE),
      minimumQuantity: q(variant.minimumQuantity),
      trackInventory: variant.trackInventory,
      isKit: variant.isKit,
      isPackaging: variant.isPackaging,
      components: variant.isPackaging ? components : [],
      price: prices[i]!.amount,
    });
    facts.set(key, {
      sku: variant.sku,
      label: variant.label,
      productLabel: variant.productLabel,
      packLabel: pack?.label ?? null,
      recommendedPrice: recommended?.[i]?.source === "none" ? null : (recommended?.[i]?.amount ?? null),
      taxes: (JSON.parse(variant.taxIds) as number[]).flatMap((id) => tax(id) ?? []),
      taxable: variant.taxable,
      ecotax: fromScaledInteger(variant.ecotax, PRICE_SCALE),
    });
  });
  const currencyId = prices[0]?.currencyId ?? customer.currencyId;
  const currencies = priceRows[2];
  const currency =
    currencies.find((c) => c.id === currencyId) ??
    currencies.find((c) => c.isDefault) ??
    currencies.find((c) => c.iso === priceRows[1][0]?.iso);
  return {
    items,
    facts,
    available,
    incoming,
    discountRate,
    priceAt,
    currencyId,
    currency: currency?.iso ?? null,
    locationId: terms.locationId,
    settings,
    taxTerms: {
      taxModel: terms.companySettings[0]?.taxModel ?? "global",
      taxType: customer.taxType ?? terms.companySettings[0]?.taxType ?? "tax_exclusive",
      taxPriority: terms.companySettings[0]?.taxPriority ?? "product",
      shippingTaxes: shippingTaxesOf([], tax(terms.companySettings[0]?.defaultTaxId ?? null)),
    },
    lastShippingCost: terms.lastShippingCost === null ? null : fromScaledInteger(terms.lastShippingCost, PRICE_SCALE),
  };
}
