import { and, eq, inArray, or, sql, type SQLWrapper } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { AddressSnapshot } from "../../../db/schema/tenant/sales";
import { computeDocument } from "../documents/lines/compute-document";
import { discountPastBound } from "../documents/lines/discounts";
import { boundsIssues } from "../documents/lines/storable";
import type { ComputedDocument, DocumentInput, KitPriceType, LineInput, TaxInput } from "../documents/lines/types";
import { priceReads, pricesFrom, type PriceRows, EXCHANGE_RATE_SCALE } from "../products/prices-of-variants";
import { RATE_SCALE } from "../products/product-view";
import { WEIGHT_SCALE, GRAMS_SCALE } from "../products/weights";
import { Decimal } from "../shared/decimal";
import { FieldIssues } from "../shared/input";
import { fromScaledInteger, PRICE_SCALE, QUANTITY_SCALE, toScaledInteger } from "../shared/money";
import type { SalesLineInput } from "./sales-schemas";

/**
 * From the lines a user or the API sends to the rows a sales document stores: the catalogue is
 * read in ONE batch for all lines (with the customer, the location and the company's settings),
 * the line engine totals them, and every amount becomes a scaled integer. Same inputs, same cents.
 */

const t = tenantSchema;

export interface DocumentTerms {
  customerId: number;
  locationId: number;
  lines: readonly SalesLineInput[];
  globalDiscount?: string | null;
  globalDiscountType?: "percentage" | "amount" | null;
  /** Decimal text, in the document's currency. */
  shippingCost?: string | null;
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

/** The variants the lines name by id, by SKU or through a pack, as a subquery the whole batch reads. */
function wantedVariants(db: TenantDb, lines: readonly SalesLineInput[]): SQLWrapper {
  const ids = unique(lines.map((l) => l.variant_id));
  const skus = unique(lines.map((l) => l.sku));
  const packIds = unique(lines.map((l) => l.pack_id));
  return db
    .select({ id: t.variants.id })
    .from(t.variants)
    .where(
      or(
        inArray(t.variants.id, ids),
        // SKUs compare as people type them (the unique index is collate nocase).
        inArray(sql`${t.variants.sku} collate nocase`, skus),
        inArray(t.variants.id, db.select({ id: t.packs.variantId }).from(t.packs).where(inArray(t.packs.id, packIds))),
      ),
    );
}

function catalogueReads(db: TenantDb, terms: DocumentTerms) {
  const wanted = wantedVariants(db, terms.lines);
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
    db.select().from(t.taxGroupMembers),
    db
      .select({
        id: t.services.id,
        label: t.services.label,
        price: t.services.price,
        taxCharged: t.services.taxCharged,
        taxId: t.services.taxId,
      })
      .from(t.services)
      .where(inArray(t.services.id, unique(terms.lines.map((l) => l.service_id)))),
    db.select().from(t.companySettings).where(eq(t.companySettings.id, 1)),
    db.select().from(t.customers).where(eq(t.customers.id, terms.customerId)),
    db
      .select()
      .from(t.customerAddresses)
      .where(
        and(
          eq(t.customerAddresses.customerId, terms.customerId),
          or(eq(t.customerAddresses.defaultBilling, true), eq(t.customerAddresses.defaultShipping, true)),
        ),
      ),
    db.select({ id: t.locations.id, active: t.locations.active }).from(t.locations).where(eq(t.locations.id, terms.locationId)),
    ...priceReads(db, wanted),
  ] as const;
}

type Reads = ReturnType<typeof catalogueReads>;
type Rows = { [K in keyof Reads]: Awaited<Reads[K]> };
type VariantRow = Rows[0][number];
type CustomerAddress = Rows[7][number];

export type SalesLineRow = Omit<typeof t.salesDocumentLines.$inferInsert, "documentId" | "id">;

/** A document as the engine computed it, ready to store. */
export interface PricedDocument {
  computed: ComputedDocument;
  /** What the engine was given (each line's catalogue facts): a line editor recomputes the same totals from it. */
  input: DocumentInput;
  customer: Rows[6][number];
  currency: string;
  exchangeRate: number;
  priceLevelId: number | null;
  taxModel: "us" | "global";
  taxType: "tax_exclusive" | "tax_inclusive";
  taxPriority: "product" | "document";
  estimateExpirationDays: number;
  timezone: string;
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
export async function priceDocument(db: TenantDb, terms: DocumentTerms, options: { bounded?: boolean } = {}): Promise<PricedDocument> {
  // Unbounded: a saved document opened in its editor, whatever it holds (its figures are not stored again).
  const bounded = options.bounded ?? true;
  const scaled = bounded ? storable : (value: string, scale: number) => Number(toScaledInteger(Decimal.parse(value), scale));
  const rows = (await db.batch(catalogueReads(db, terms))) as unknown as Rows;
  const [variants, variantTaxes, , , services, settingsRows, customers, addresses, locations] = rows;
  const priceRows = rows.slice(9) as unknown as PriceRows;
  const issues = new FieldIssues();
  const customer = customers[0];
  if (!customer) issues.add("customer_id", "unknown_customer");
  if (!locations[0]) issues.add("location_id", "unknown_location");
  issues.throwIfAny();
  const settings = settingsRows[0]!;
  const [, , currencies] = priceRows;
  const currency =
    currencies.find((c) => c.id === customer!.currencyId) ??
    currencies.find((c) => c.isDefault) ??
    currencies.find((c) => c.iso === settings.defaultCurrency);
  const isDefaultCurrency = !currency || currency.isDefault;
  const rate = currency ? fromScaledInteger(currency.rate, EXCHANGE_RATE_SCALE) : Decimal.parse(1);
  const tax = taxBook(rows[2], rows[3]);
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

  const terms0 = {
    customer: {
      price_level_id: customer!.priceLevelId,
      currency_id: currency?.id ?? null,
      discount_rate: dec(customer!.discountRate, RATE_SCALE),
    },
  };
  const wantedPrices: { variantId: number; packId: number | null }[] = [];
  const resolved: Resolved[] = [];
  if (bounded && discountPastBound(terms.globalDiscount, terms.globalDiscountType)) issues.add("global_discount", "too_large");
  terms.lines.forEach((line, i) => {
    const lid = line.lid ?? String(i + 1);
    if (bounded && discountPastBound(line.discount, line.discount_type)) issues.add(`lines.${i}.discount`, "too_large");
    const money = { discount: line.discount ?? null, discount_type: line.discount_type ?? null, description: line.description ?? null };
    const quantity = line.quantity == null ? null : dec(line.quantity, QUANTITY_SCALE);
    const base = { variantId: null, packId: null, packLabel: null, serviceId: null, sku: null, stocked: false };
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
    wantedPrices.push({ variantId: variant.id, packId: pack?.id ?? null });
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

  // Catalogue prices for the lines that did not give one, in the customer's level and currency.
  const prices = pricesFrom(priceRows, terms0, wantedPrices);
  let k = 0;
  for (const line of resolved) {
    if (line.variantId === null || line.input.component_of_lid) continue;
    const price = prices[k++]!;
    line.input.price ??= price.amount.toString();
    if (line.input.kind === "kit")
      line.input.kit_price_type = (price.source === "kit" ? "components" : "price_level") satisfies KitPriceType;
  }

  const document: DocumentInput = {
    currency: currency?.iso ?? settings.defaultCurrency,
    tax_model: settings.taxModel,
    tax_type: customer!.taxType ?? settings.taxType,
    tax_priority: settings.taxPriority,
    global_discount: terms.globalDiscount ?? null,
    global_discount_type: terms.globalDiscountType ?? null,
    shipping_cost: terms.shippingCost ?? null,
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
    customer: customer!,
    currency: document.currency!,
    exchangeRate: Number(toScaledInteger(rate, EXCHANGE_RATE_SCALE)),
    priceLevelId: prices[0]?.priceLevelId ?? customer!.priceLevelId ?? settings.defaultSellingPriceLevelId ?? null,
    taxModel: document.tax_model,
    taxType: document.tax_type,
    taxPriority: document.tax_priority,
    estimateExpirationDays: settings.estimateExpirationDays,
    timezone: settings.timezone,
    billingAddress: addressSnapshot(
      addresses.find((a) => a.defaultBilling),
      customer!.label,
    ),
    shippingAddress: addressSnapshot(
      addresses.find((a) => a.defaultShipping),
      customer!.label,
    ),
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
