import { knownNumbering, type KnownNumbering } from "../documents/numbering";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { keptReads, tenantSchema, type TenantDb } from "../../../db/client";
import type { AddressSnapshot } from "../../../db/schema/tenant/sales";
import { computeDocument } from "../documents/lines/compute-document";
import { discountPastBound } from "../documents/lines/discounts";
import { boundsIssues } from "../documents/lines/storable";
import type { ComputedDocument, DocumentInput, KitPriceType, LineInput, TaxInput, TaxType } from "../documents/lines/types";
import {
  priceReads,
  pricesFrom,
  type PriceItem,
  type PriceRows,
  type VariantPrice,
  EXCHANGE_RATE_SCALE,
} from "../products/prices-of-variants";
import { RATE_SCALE } from "../products/product-view";
import { WEIGHT_SCALE, GRAMS_SCALE } from "../products/weights";
import { Decimal } from "../shared/decimal";
import { FieldIssues } from "../shared/input";
import { inJsonList } from "../shared/in-ids";
import { todayIn } from "../stock/common";
import { fromScaledInteger, PRICE_SCALE, QUANTITY_SCALE, toScaledInteger } from "../shared/money";
import type { DocumentLine, SalesLineInput } from "./sales-schemas";

/**
 * From the lines a user or the API sends to the rows a document stores, in two steps: the reads
 * (`readPricingFacts`: the catalogue for all lines, the party, the location and the company's
 * settings, in ONE batch) and a pure pricing step (`priceFromFacts`: no database) where the line
 * engine totals them and every amount becomes a scaled integer. Same inputs, same cents.
 */

const t = tenantSchema;

/** A document's counterparty: a customer (sales documents) or a supplier (purchase documents). */
export interface Party {
  kind: "customer" | "supplier";
  id: number;
}

export interface DocumentTerms {
  party: Party;
  locationId: number;
  lines: readonly DocumentLine[];
  globalDiscount?: string | null;
  globalDiscountType?: "percentage" | "amount" | null;
  /** Decimal text, in the document's currency and tax type. */
  shippingCost?: string | null;
  /** The document's taxes (simple taxes or groups): the shipping's, and with tax priority "document" every taxable line's. */
  documentTaxIds?: readonly number[] | null;
  /** The document's date (YYYY-MM-DD), for the price rules' dates; else the company's today at `now`. */
  date?: string | null;
  /** Milliseconds: when the document is priced, for its date when it names none (a rule with dates needs one of the two). */
  now?: number;
}

const dec = (units: number, scale: number) => fromScaledInteger(units, scale).toString();
/** A figure as stored: a safe integer, or a bug (boundsIssues refuses what would not be one). */
function storable(value: string, scale: number): number {
  const units = toScaledInteger(Decimal.parse(value), scale);
  if (units > MAX_SAFE || units < -MAX_SAFE) throw new RangeError(`${value} cannot be stored exactly at scale ${scale}`);
  return Number(units);
}
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const unique = <T>(values: readonly (T | null | undefined)[]) => [...new Set(values.filter((v): v is T => v !== null && v !== undefined))];

/**
 * The reads a document's pricing needs, built once per isolate (keptReads): the lines' variants,
 * SKUs, packs and services, the party and the location are its placeholders. Every pricing of a
 * document sends the same 18 statements; building them from drizzle's pieces each time was a
 * tenth of a sales order's Worker CPU.
 */
const keptPricingReads = keptReads((db: TenantDb) => {
  const p = {
    variantIds: sql.placeholder("variantIds"),
    skus: sql.placeholder("skus"),
    packIds: sql.placeholder("packIds"),
    serviceIds: sql.placeholder("serviceIds"),
    customerId: sql.placeholder("customerId"),
    supplierId: sql.placeholder("supplierId"),
    locationId: sql.placeholder("locationId"),
  };
  // The variants the lines name by id, by SKU or through a pack, as a subquery the whole batch reads.
  const wanted = db
    .select({ id: t.variants.id })
    .from(t.variants)
    .where(
      or(
        inJsonList(t.variants.id, p.variantIds),
        // SKUs compare as people type them (the unique index is collate nocase).
        inJsonList(sql`${t.variants.sku} collate nocase`, p.skus),
        inArray(t.variants.id, db.select({ id: t.packs.variantId }).from(t.packs).where(inJsonList(t.packs.id, p.packIds))),
      ),
    );
  const parts = db.select({ id: t.components.componentVariantId }).from(t.components).where(inArray(t.components.parentVariantId, wanted));
  return [
    db
      .select({
        id: t.variants.id,
        sku: t.variants.sku,
        label: t.variants.label,
        productLabel: t.products.label,
        isKit: t.variants.isKit,
        trackInventory: t.variants.trackInventory,
        taxable: t.variants.taxable,
        ecotax: t.variants.ecotax,
        weightAmount: t.variants.weightAmount,
        weightUnit: t.variants.weightUnit,
        movingAverageCost: t.variants.movingAverageCost,
        initialCost: t.variants.initialCost,
      })
      .from(t.variants)
      .innerJoin(t.products, eq(t.products.id, t.variants.productId))
      .where(or(inArray(t.variants.id, wanted), inArray(t.variants.id, parts))),
    db
      .select({ variantId: t.variantTaxes.variantId, taxId: t.variantTaxes.taxId })
      .from(t.variantTaxes)
      .where(inArray(t.variantTaxes.variantId, wanted)),
    db.select({ id: t.taxes.id, label: t.taxes.label, rate: t.taxes.rate }).from(t.taxes),
    db.select({ groupId: t.taxGroupMembers.groupId, taxId: t.taxGroupMembers.taxId }).from(t.taxGroupMembers),
    db
      .select({
        id: t.services.id,
        label: t.services.label,
        price: t.services.price,
        taxCharged: t.services.taxCharged,
        taxId: t.services.taxId,
      })
      .from(t.services)
      .where(inJsonList(t.services.id, p.serviceIds)),
    db
      .select({
        defaultCurrency: t.companySettings.defaultCurrency,
        taxModel: t.companySettings.taxModel,
        taxType: t.companySettings.taxType,
        taxPriority: t.companySettings.taxPriority,
        defaultTaxId: t.companySettings.defaultTaxId,
        defaultSellingPriceLevelId: t.companySettings.defaultSellingPriceLevelId,
        defaultPurchasingPriceLevelId: t.companySettings.defaultPurchasingPriceLevelId,
        estimateExpirationDays: t.companySettings.estimateExpirationDays,
        timezone: t.companySettings.timezone,
        documentNumbering: t.companySettings.documentNumbering,
        separateNumberingPerLocation: t.companySettings.separateNumberingPerLocation,
      })
      .from(t.companySettings)
      .where(eq(t.companySettings.id, 1)),
    db
      .select({
        id: t.customers.id,
        label: t.customers.label,
        currencyId: t.customers.currencyId,
        priceLevelId: t.customers.priceLevelId,
        discountRate: t.customers.discountRate,
        taxType: t.customers.taxType,
        minimumOrderAmount: t.customers.minimumOrderAmount,
        creditLimit: t.customers.creditLimit,
      })
      .from(t.customers)
      .where(eq(t.customers.id, p.customerId)),
    db
      .select()
      .from(t.customerAddresses)
      .where(
        and(
          eq(t.customerAddresses.customerId, p.customerId),
          or(eq(t.customerAddresses.defaultBilling, true), eq(t.customerAddresses.defaultShipping, true)),
        ),
      ),
    db.select({ id: t.locations.id, active: t.locations.active }).from(t.locations).where(eq(t.locations.id, p.locationId)),
    db.select().from(t.suppliers).where(eq(t.suppliers.id, p.supplierId)),
    ...priceReads(db, wanted, p.customerId),
  ] as const;
});

/** The reads a document's pricing needs, as statements of one batch (a caller may add its own to it). */
export function pricingReads(db: TenantDb, terms: DocumentTerms) {
  const { lines } = terms;
  return keptPricingReads(db, {
    variantIds: JSON.stringify(unique(lines.map((l) => l.variant_id))),
    skus: JSON.stringify(unique(lines.map((l) => l.sku))),
    packIds: JSON.stringify(unique(lines.map((l) => l.pack_id))),
    serviceIds: JSON.stringify(unique(lines.map((l) => l.service_id))),
    // Ids are positive: 0 reads nothing, so both party reads keep their place in the batch.
    customerId: terms.party.kind === "customer" ? terms.party.id : 0,
    supplierId: terms.party.kind === "supplier" ? terms.party.id : 0,
    locationId: terms.locationId,
  });
}

type Reads = ReturnType<typeof pricingReads>;
type Rows = { [K in keyof Reads]: Awaited<Reads[K]> };
type VariantRow = Rows[0][number];
type CustomerAddress = Rows[7][number];
const PRICE_READS_AT = 10;

/** The party as pricing and the rules read it, whichever kind it is. */
export interface PartyFacts {
  kind: Party["kind"];
  id: number;
  label: string;
  currencyId: number | null;
  /** A customer's own level (else the company's default selling one); a supplier's, else the company's default purchasing one. */
  priceLevelId: number | null;
  /** Percent at RATE_SCALE; a supplier has none. */
  discountRate: number;
  taxType: TaxType | null;
  minimumOrderAmount: number | null;
  creditLimit: number | null;
  billingAddress: AddressSnapshot | null;
  shippingAddress: AddressSnapshot | null;
}

/** What the pure pricing step reads: plain rows, no database. */
export interface PricingFacts {
  /** Null: the party was not found. */
  party: PartyFacts | null;
  locationFound: boolean;
  settings: Rows[5][number];
  variants: readonly VariantRow[];
  variantTaxes: readonly { variantId: number; taxId: number }[];
  taxes: readonly { id: number; label: string; rate: number | null }[];
  taxGroupMembers: readonly { groupId: number; taxId: number }[];
  services: readonly Rows[4][number][];
  prices: PriceRows;
}

/** The facts from the rows `pricingReads` gave. */
export function pricingFactsFrom(rows: readonly unknown[], party: Party): PricingFacts {
  const r = rows as unknown as Rows;
  const [variants, variantTaxes, taxes, members, services, settings, customers, addresses, locations, suppliers] = r;
  return {
    party: party.kind === "customer" ? customerFacts(customers[0], addresses) : supplierFacts(suppliers[0], settings[0]!),
    locationFound: locations.length > 0,
    settings: settings[0]!,
    variants,
    variantTaxes,
    taxes,
    taxGroupMembers: members,
    services,
    prices: r.slice(PRICE_READS_AT) as unknown as PriceRows,
  };
}

function customerFacts(customer: Rows[6][number] | undefined, addresses: readonly CustomerAddress[]): PartyFacts | null {
  if (!customer) return null;
  return {
    kind: "customer",
    ...customer,
    billingAddress: addressSnapshot(
      addresses.find((a) => a.defaultBilling),
      customer.label,
    ),
    shippingAddress: addressSnapshot(
      addresses.find((a) => a.defaultShipping),
      customer.label,
    ),
  };
}

function supplierFacts(supplier: Rows[9][number] | undefined, settings: Rows[5][number]): PartyFacts | null {
  if (!supplier) return null;
  return {
    kind: "supplier",
    id: supplier.id,
    label: supplier.name,
    currencyId: supplier.defaultCurrencyId,
    priceLevelId: supplier.defaultPriceLevelId ?? settings.defaultPurchasingPriceLevelId,
    discountRate: 0,
    taxType: null,
    minimumOrderAmount: null,
    creditLimit: null,
    billingAddress: addressSnapshot({ ...supplier, label: null }, supplier.name),
    shippingAddress: null,
  };
}

/** The pricing facts of a document, read in ONE round trip. */
export async function readPricingFacts(db: TenantDb, terms: DocumentTerms): Promise<PricingFacts> {
  return pricingFactsFrom(await db.batch(pricingReads(db, terms)), terms.party);
}

export type SalesLineRow = Omit<typeof t.salesDocumentLines.$inferInsert, "documentId" | "id">;

/** A document as the engine computed it, ready to store. */
export interface PricedDocument {
  computed: ComputedDocument;
  /** What the engine was given (each line's catalogue facts): a line editor recomputes the same totals from it. */
  input: DocumentInput;
  party: PartyFacts;
  currency: string;
  /** The company's default currency (credit limits are in it). */
  companyCurrency: string;
  exchangeRate: number;
  priceLevelId: number | null;
  taxModel: "us" | "global";
  taxType: "tax_exclusive" | "tax_inclusive";
  taxPriority: "product" | "document";
  documentTaxIds: number[];
  /** Each simple tax of the shipping, as stored. */
  shippingTaxes: { id: number; rate: string; amount: string }[];
  estimateExpirationDays: number;
  timezone: string;
  /** How the company numbers documents, read with the prices: a new document's number is then written as constants. */
  numbering: KnownNumbering;
  billingAddress: AddressSnapshot | null;
  shippingAddress: AddressSnapshot | null;
  /** The totals as stored (scaled integers). */
  totals: Pick<
    typeof t.salesDocuments.$inferInsert,
    | "subtotal"
    | "globalDiscount"
    | "globalDiscountType"
    | "globalDiscountAmount"
    | "shippingCost"
    | "shippingTaxAmount"
    | "totalExclTax"
    | "taxTotal"
    | "total"
    | "totalUnits"
    | "totalEcotax"
    | "totalWeight"
  >;
  lines: SalesLineRow[];
  /** Units each stocked variant takes from the location (kits through their components), with the line that names it. */
  units: { variantId: number; units: number; field: string }[];
}

/** A customer's address as a document keeps it (its lines at the time), under the customer's name unless it has its own. */
export function addressSnapshot(
  address: Pick<CustomerAddress, "label" | "address1" | "address2" | "postalCode" | "city" | "province" | "country"> | undefined,
  label: string,
): AddressSnapshot | null {
  if (!address) return null;
  const lines = [address.address1, address.address2, [address.postalCode, address.city].filter(Boolean).join(" "), address.province].filter(
    (l): l is string => Boolean(l && l.trim()),
  );
  return { label: address.label ?? label, lines, country: address.country };
}

/** The shipping's taxes: the document's when it names some, else the company's default tax, else none (a store cart's too). */
export function shippingTaxesOf(documentTaxes: readonly TaxInput[], defaultTax: TaxInput | null): TaxInput[] {
  return documentTaxes.length > 0 ? [...documentTaxes] : defaultTax ? [defaultTax] : [];
}

/** A tax as the engine reads it: a simple tax with its rate, or a group with its members (the store cart reads them so too). */
export function taxBook(
  taxes: readonly { id: number; label: string; rate: number | null }[],
  members: readonly { groupId: number; taxId: number }[],
) {
  const simple = (id: number): TaxInput | null => {
    const tax = taxes.find((x) => x.id === id);
    if (!tax || tax.rate === null) return null;
    return { id, label: tax.label, rate: dec(tax.rate, RATE_SCALE) };
  };
  return (id: number | null): TaxInput | null => {
    if (id === null) return null;
    const tax = taxes.find((x) => x.id === id);
    if (!tax) return null;
    if (tax.rate !== null) return simple(id);
    const parts = members.filter((m) => m.groupId === id).flatMap((m) => simple(m.taxId) ?? []);
    return { id, label: tax.label, taxes: parts as { id: number; rate: string }[] };
  };
}

interface Resolved {
  input: LineInput;
  variantId: number | null;
  packId: number | null;
  packLabel: string | null;
  serviceId: number | null;
  sku: string | null;
  stocked: boolean;
}

/** Reads the catalogue and prices a document's lines: throws `validation_failed` naming `lines.N.<field>` for what it cannot find. */
export async function priceDocument(db: TenantDb, terms: DocumentTerms, options: PricingOptions = {}): Promise<PricedDocument> {
  return priceFromFacts(await readPricingFacts(db, terms), terms, options);
}

export interface PricingOptions {
  /** False: a saved document opened in its editor, whatever it holds (its figures are not stored again). */
  bounded?: boolean;
}

/**
 * The pure pricing step: the facts read, the terms asked, the priced document (no database).
 * Catalogue prices come from the party's level and currency; a customer's discount comes off them.
 */
export function priceFromFacts(facts: PricingFacts, terms: DocumentTerms, options: PricingOptions = {}): PricedDocument {
  const bounded = options.bounded ?? true;
  const scaled = bounded ? storable : (value: string, scale: number) => Number(toScaledInteger(Decimal.parse(value), scale));
  const { variants, variantTaxes, services, settings, party } = facts;
  const priceRows = facts.prices;
  const issues = new FieldIssues();
  if (!party) {
    if (terms.party.kind === "customer") issues.add("customer_id", "unknown_customer");
    else issues.add("supplier_id", "unknown_supplier");
  }
  if (!facts.locationFound) issues.add("location_id", "unknown_location");
  issues.throwIfAny();
  const [, , currencies] = priceRows;
  const defaultCurrency = currencies.find((c) => c.isDefault) ?? currencies.find((c) => c.iso === settings.defaultCurrency);
  const currency = currencies.find((c) => c.id === party!.currencyId) ?? defaultCurrency;
  const isDefaultCurrency = !currency || currency.isDefault;
  const rate = currency ? fromScaledInteger(currency.rate, EXCHANGE_RATE_SCALE) : Decimal.parse(1);
  const tax = taxBook(facts.taxes, facts.taxGroupMembers);
  const taxesOf = (variantId: number) => variantTaxes.filter((x) => x.variantId === variantId).flatMap((x) => tax(x.taxId) ?? []);
  const variantBy = (line: SalesLineInput, i: number): VariantRow | null => {
    const packVariant = line.pack_id != null ? priceRows[6].find((p) => p.id === line.pack_id) : undefined;
    if (line.pack_id != null && !packVariant) issues.add(`lines.${i}.pack_id`, "unknown_pack");
    const id = line.variant_id ?? packVariant?.variantId;
    const found =
      id != null
        ? variants.find((v) => v.id === id)
        : line.sku
          ? variants.find((v) => v.sku.toLowerCase() === line.sku!.toLowerCase())
          : undefined;
    if (!found) issues.add(`lines.${i}.${line.sku && line.variant_id == null ? "sku" : "variant_id"}`, "unknown_variant");
    else if (packVariant && packVariant.variantId !== found.id) issues.add(`lines.${i}.pack_id`, "unknown_pack");
    return found ?? null;
  };
  const costOf = (v: VariantRow) => dec(v.movingAverageCost || v.initialCost, PRICE_SCALE);

  // The document's taxes, and the shipping's (shippingTaxesOf).
  const documentTaxIds: number[] = [];
  const documentTaxes: TaxInput[] = [];
  (terms.documentTaxIds ?? []).forEach((id, i) => {
    if (documentTaxIds.includes(id)) return;
    const found = tax(id);
    if (!found) return issues.add(`document_tax_ids.${i}`, "unknown_tax");
    documentTaxIds.push(id);
    documentTaxes.push(found);
  });
  const shippingTaxes = shippingTaxesOf(documentTaxes, tax(settings.defaultTaxId));

  const wantedPrices: PriceItem[] = [];
  const resolved: Resolved[] = [];
  if (bounded && discountPastBound(terms.globalDiscount, terms.globalDiscountType)) issues.add("global_discount", "too_large");
  terms.lines.forEach((line, i) => {
    const lid = line.lid ?? String(i + 1);
    if (bounded && discountPastBound(line.discount, line.discount_type)) issues.add(`lines.${i}.discount`, "too_large");
    const money = { discount: line.discount ?? null, discount_type: line.discount_type ?? null, description: line.description ?? null };
    const quantity = line.quantity == null ? null : dec(line.quantity, QUANTITY_SCALE);
    const base = { variantId: null, packId: null, packLabel: null, serviceId: null, sku: null, stocked: false };
    if (line.deposit) {
      const taxes = line.deposit.taxes.map((x) => ({ id: x.id, label: tax(x.id)?.label ?? "", rate: x.rate }));
      resolved.push({ ...base, input: { lid, kind: "deposit", price: line.deposit.price, description: money.description, taxes } });
      return;
    }
    if (line.service_id != null) {
      const service = services.find((s) => s.id === line.service_id);
      if (!service) return issues.add(`lines.${i}.service_id`, "unknown_service");
      if (quantity === null) issues.add(`lines.${i}.quantity`, "required");
      // A service is priced in the default currency: other currencies take the exchange rate.
      const price =
        line.price ??
        fromScaledInteger(service.price, PRICE_SCALE)
          .mul(isDefaultCurrency ? Decimal.parse(1) : rate)
          .round(PRICE_SCALE);
      const taxes = tax(service.taxId);
      resolved.push({
        ...base,
        serviceId: service.id,
        input: {
          lid,
          kind: "service",
          quantity,
          price: price.toString(),
          ...money,
          description: money.description ?? service.label,
          taxes: taxes ? [taxes] : [],
          taxable: service.taxCharged,
        },
      });
      return;
    }
    if (line.variant_id == null && line.sku == null && line.pack_id == null) {
      if (!line.description) return issues.add(`lines.${i}.variant_id`, "required");
      resolved.push({ ...base, input: { lid, kind: "text", description: line.description } });
      return;
    }
    const variant = variantBy(line, i);
    if (!variant) return;
    if (quantity === null) issues.add(`lines.${i}.quantity`, "required");
    const pack = line.pack_id != null ? priceRows[6].find((p) => p.id === line.pack_id) : undefined;
    const kind = pack ? "pack" : variant.isKit ? "kit" : "variant";
    // The line's units of the variant: what a price rule's quantity break counts.
    const units =
      quantity === null
        ? null
        : pack
          ? Decimal.parse(quantity).mul(fromScaledInteger(pack.quantity, QUANTITY_SCALE))
          : Decimal.parse(quantity);
    wantedPrices.push({ variantId: variant.id, packId: pack?.id ?? null, units });
    resolved.push({
      ...base,
      variantId: variant.id,
      packId: pack?.id ?? null,
      packLabel: pack?.label ?? null,
      sku: variant.sku,
      stocked: variant.trackInventory && kind !== "kit",
      input: {
        lid,
        kind,
        quantity,
        pack_quantity: pack ? dec(pack.quantity, QUANTITY_SCALE) : null,
        price: line.price?.toString() ?? null,
        cost: pack
          ? Decimal.parse(costOf(variant)).mul(fromScaledInteger(pack.quantity, QUANTITY_SCALE)).round(PRICE_SCALE).toString()
          : costOf(variant),
        ...money,
        description: money.description ?? variant.label,
        taxes: taxesOf(variant.id),
        taxable: variant.taxable,
        ecotax: dec(variant.ecotax, PRICE_SCALE),
        weight_amount: dec(variant.weightAmount, WEIGHT_SCALE),
        weight_unit: variant.weightUnit,
      },
    });
    if (kind !== "kit") return;
    for (const part of priceRows[5].filter((c) => c.parentId === variant.id)) {
      const component = variants.find((v) => v.id === part.variantId)!;
      resolved.push({
        ...base,
        variantId: component.id,
        sku: component.sku,
        stocked: component.trackInventory,
        input: {
          lid: `${lid}.${component.id}`,
          kind: "variant",
          component_of_lid: lid,
          required_quantity: dec(part.quantity, QUANTITY_SCALE),
          cost: costOf(component),
          description: component.label,
          weight_amount: dec(component.weightAmount, WEIGHT_SCALE),
          weight_unit: component.weightUnit,
        },
      });
    }
  });
  issues.throwIfAny();

  // Catalogue prices for the lines that did not give one, in the party's level and currency.
  const date = terms.date ?? (terms.now !== undefined ? todayIn(settings.timezone, new Date(terms.now)) : null);
  const prices = partyPrices(facts, currency?.id ?? null, wantedPrices, date);
  let k = 0;
  for (const line of resolved) {
    if (line.variantId === null || line.input.component_of_lid) continue;
    const price = prices[k++]!;
    line.input.price ??= price.amount.toString();
    if (line.input.kind === "kit")
      line.input.kit_price_type = (
        price.source === "kit" ? "components" : price.source === "rule" ? "advanced_price" : "price_level"
      ) satisfies KitPriceType;
  }

  const document: DocumentInput = {
    currency: currency?.iso ?? settings.defaultCurrency,
    tax_model: settings.taxModel,
    tax_type: party!.taxType ?? settings.taxType,
    tax_priority: settings.taxPriority,
    document_taxes: documentTaxes.length > 0 ? documentTaxes : null,
    global_discount: terms.globalDiscount ?? null,
    global_discount_type: terms.globalDiscountType ?? null,
    shipping_cost: terms.shippingCost ?? null,
    shipping_taxes: shippingTaxes,
    lines: resolved.map((r) => r.input),
  };
  const computed = computeDocument(document);
  for (const issue of bounded ? boundsIssues(computed) : []) {
    if (issue.line === null) issues.add("lines", "total_too_large", { max: issue.max });
    else {
      const field = `lines.${lineIndexOf(terms, resolved, ownerOf(computed, issue.line))}.${issue.field}`;
      if (issue.field === "quantity") issues.add(field, "too_large");
      else issues.add(field, "total_too_large", { max: issue.max });
    }
  }
  issues.throwIfAny();
  return {
    computed,
    input: document,
    party: party!,
    currency: document.currency!,
    companyCurrency: defaultCurrency?.iso ?? settings.defaultCurrency,
    exchangeRate: Number(toScaledInteger(rate, EXCHANGE_RATE_SCALE)),
    priceLevelId:
      prices[0]?.priceLevelId ?? party!.priceLevelId ?? (party!.kind === "customer" ? settings.defaultSellingPriceLevelId : null),
    taxModel: document.tax_model,
    taxType: document.tax_type,
    taxPriority: document.tax_priority,
    documentTaxIds,
    shippingTaxes: computed.shipping_taxes,
    estimateExpirationDays: settings.estimateExpirationDays,
    timezone: settings.timezone,
    numbering: knownNumbering(settings),
    billingAddress: party!.billingAddress,
    shippingAddress: party!.shippingAddress,
    totals: {
      subtotal: scaled(computed.subtotal, PRICE_SCALE),
      globalDiscount: scaled(computed.global_discount, PRICE_SCALE),
      globalDiscountType: computed.global_discount_type,
      globalDiscountAmount: scaled(computed.global_discount_amount, PRICE_SCALE),
      shippingCost: scaled(computed.shipping_cost, PRICE_SCALE),
      shippingTaxAmount: scaled(computed.shipping_tax_amount, PRICE_SCALE),
      totalExclTax: scaled(computed.total_excl_tax, PRICE_SCALE),
      taxTotal: scaled(computed.tax_total, PRICE_SCALE),
      total: scaled(computed.total, PRICE_SCALE),
      totalUnits: scaled(computed.total_units, QUANTITY_SCALE),
      totalEcotax: scaled(computed.total_ecotax, PRICE_SCALE),
      totalWeight: scaled(computed.total_weight, GRAMS_SCALE),
    },
    lines: computed.lines.map((line, i) => {
      const r = resolved[i]!;
      return {
        position: i,
        lid: line.lid,
        kind: line.kind,
        componentOfLid: line.component_of_lid,
        variantId: r.variantId,
        packId: r.packId,
        packLabel: r.packLabel,
        serviceId: r.serviceId,
        sku: r.sku,
        description: line.description,
        quantity: scaled(line.quantity, QUANTITY_SCALE),
        units: scaled(line.units, QUANTITY_SCALE),
        // What the line would reserve; the writer keeps it only for an order that reserves stock.
        committedUnits: r.stocked && r.variantId !== null ? scaled(line.units, QUANTITY_SCALE) : 0,
        packQuantity: scaled(line.pack_quantity, QUANTITY_SCALE),
        requiredQuantity: r.input.required_quantity ? scaled(r.input.required_quantity, QUANTITY_SCALE) : null,
        price: scaled(line.price, PRICE_SCALE),
        cost: scaled(line.cost, PRICE_SCALE),
        discount: scaled(line.discount, PRICE_SCALE),
        discountType: line.discount_type,
        discountAmount: scaled(line.discount_amount, PRICE_SCALE),
        taxes: line.taxes,
        taxAmount: scaled(line.tax_amount, PRICE_SCALE),
        ecotax: scaled(line.ecotax_amount, PRICE_SCALE),
        weight: scaled(line.weight, GRAMS_SCALE),
        total: scaled(line.total, PRICE_SCALE),
        totalExclTax: scaled(line.total_excl_tax, PRICE_SCALE),
        totalInclTax: scaled(line.total_incl_tax, PRICE_SCALE),
      };
    }),
    units: computed.lines.flatMap((line, i) => {
      const r = resolved[i]!;
      if (!r.stocked || r.variantId === null) return [];
      return [
        {
          variantId: r.variantId,
          units: scaled(line.units, QUANTITY_SCALE),
          field: `lines.${lineIndexOf(terms, resolved, ownerOf(computed, i))}.quantity`,
        },
      ];
    }),
  };
}

/** The engine's line a caller's line stands for: a component's kit, else itself. */
function ownerOf(computed: ComputedDocument, index: number): number {
  const kit = computed.lines[index]!.component_of_lid;
  return kit ? computed.lines.findIndex((l) => l.lid === kit) : index;
}

/** The index in the caller's lines of a resolved line (components were added after their kit). */
function lineIndexOf(terms: DocumentTerms, resolved: readonly Resolved[], index: number): number {
  const lid = resolved[index]!.input.lid;
  const found = terms.lines.findIndex((l, i) => (l.lid ?? String(i + 1)) === lid);
  return found < 0 ? index : found;
}

/**
 * The catalogue prices of the wanted variants for the party: a customer's level (else the
 * company's selling one), or the price rule that applies to it on the document's date for the
 * line's units, less its discount per unit; a supplier's purchasing level, no rule, no discount, and no
 * catalogue price at all when neither it nor the company names a purchasing level.
 */
function partyPrices(facts: PricingFacts, currencyId: number | null, wanted: readonly PriceItem[], date: string | null): VariantPrice[] {
  const party = facts.party!;
  if (party.kind === "customer")
    return pricesFrom(
      facts.prices,
      {
        customer: {
          id: party.id,
          price_level_id: party.priceLevelId,
          currency_id: currencyId,
          discount_rate: dec(party.discountRate, RATE_SCALE),
        },
        date,
      },
      wanted,
    );
  if (party.priceLevelId === null)
    return wanted.map(() => ({
      amount: Decimal.zero(PRICE_SCALE),
      source: "none",
      priceLevelId: null,
      priceLevelType: null,
      currencyId,
      exchangeRate: null,
      priceRuleId: null,
    }));
  return pricesFrom(facts.prices, { priceLevelId: party.priceLevelId, currencyId, customer: null }, wanted);
}
