import { Decimal } from "../../shared/decimal";
import { PRICE_SCALE, QUANTITY_SCALE } from "../../shared/money";
import { discountAmount, discountAsShown, NO_DISCOUNT, readDiscount, type Discount } from "./discounts";
import { componentQuantity, kitTakesDiscount } from "./kits";
import { minus, type InputReader } from "./rounding";
import { NO_TAXES, taxesThatApply, type TaxBook, type TaxSet } from "./taxes";
import type { DocumentInput, LineInput, LineKind } from "./types";
import { lineWeight, NO_WEIGHT } from "./weights";

export const LINE_KINDS: readonly LineKind[] = ["variant", "pack", "kit", "service", "text", "deposit"];

/** A line read and priced, before the global discount and the taxes. */
export interface LineItem {
  input: LineInput;
  kind: LineKind;
  componentOf: string | null;
  /** Whether the line carries money: components and text lines do not (the kit line does). */
  priced: boolean;
  quantity: Decimal;
  packQuantity: Decimal;
  units: Decimal;
  price: Decimal;
  cost: Decimal;
  discount: Discount;
  discountEditable: boolean;
  amount: Decimal;
  discountAmount: Decimal;
  total: Decimal;
  ecotax: Decimal;
  ecotaxAmount: Decimal;
  costAmount: Decimal;
  weight: Decimal;
  taxes: TaxSet;
}

export interface LineContext {
  read: InputReader;
  book: TaxBook;
  document: DocumentInput;
  decimals: number;
  /** Line index by lid. */
  byLid: ReadonlyMap<string, number>;
}

const ONE = Decimal.parse("1").round(QUANTITY_SCALE);

const zeros = new Map<number, Decimal>();
const zeroAt = (scale: number) => {
  let zero = zeros.get(scale);
  if (!zero) zeros.set(scale, (zero = Decimal.zero(scale)));
  return zero;
};

function emptyItem(line: LineInput, kind: LineKind, decimals: number): LineItem {
  const zero = zeroAt(decimals);
  return {
    input: line,
    kind,
    componentOf: null,
    priced: false,
    quantity: zeroAt(QUANTITY_SCALE),
    packQuantity: ONE,
    units: zeroAt(QUANTITY_SCALE),
    price: zeroAt(PRICE_SCALE),
    cost: zeroAt(PRICE_SCALE),
    discount: NO_DISCOUNT,
    discountEditable: false,
    amount: zero,
    discountAmount: zero,
    total: zero,
    ecotax: zeroAt(PRICE_SCALE),
    ecotaxAmount: zero,
    costAmount: zero,
    weight: NO_WEIGHT,
    taxes: NO_TAXES,
  };
}

/** A kit's component: its kit's quantity times the requirement, a weight and a cost, no money of its own. */
function readComponent(line: LineInput, field: string, kit: LineItem | undefined, context: LineContext): LineItem {
  const { read, decimals } = context;
  const item = emptyItem(line, line.kind, decimals);
  item.componentOf = line.component_of_lid ?? null;
  if (!kit || kit.kind !== "kit" || kit.componentOf !== null || line.kind !== "variant") {
    read.fail(`${field}.component_of_lid`, "invalid");
    return item;
  }
  const required = read.decimal(line.required_quantity, `${field}.required_quantity`, QUANTITY_SCALE, { fallback: "1", positive: true });
  item.quantity = componentQuantity(kit.quantity, required);
  item.units = item.quantity;
  item.price = read.nonNegative(line.price, `${field}.price`, PRICE_SCALE, "0");
  item.cost = read.nonNegative(line.cost, `${field}.cost`, PRICE_SCALE, "0");
  item.costAmount = item.quantity.mul(item.cost).round(decimals);
  item.weight = lineWeight(line, item.units, field, read);
  return item;
}

/**
 * A deposit line: one unit at its price, which is negative when the line deducts a deposit from
 * a later invoice; no discount, cost, ecotax nor weight; taxed at its own taxes.
 */
function readDeposit(item: LineItem, line: LineInput, field: string, context: LineContext): LineItem {
  const { read, decimals, document } = context;
  item.quantity = ONE;
  item.units = ONE;
  item.price = read.decimal(line.price, `${field}.price`, PRICE_SCALE);
  item.amount = item.price.round(decimals);
  item.total = item.amount;
  item.taxes = context.book.taxSet(
    taxesThatApply(line.taxes, line.taxable !== false, document.tax_priority, document.document_taxes),
    document.tax_priority === "document" && document.document_taxes ? "document_taxes" : `${field}.taxes`,
  );
  return item;
}

/** Reads line `index`; a component needs its kit in `items` already. */
export function readLine(line: LineInput, index: number, context: LineContext, items: readonly (LineItem | undefined)[]): LineItem {
  const { read, decimals, document } = context;
  const field = `lines.${index}`;
  const kind = LINE_KINDS.includes(line.kind) ? line.kind : null;
  if (!kind) {
    read.fail(`${field}.kind`, "invalid");
    return emptyItem(line, "text", decimals);
  }
  if (kind === "text") return emptyItem(line, kind, decimals);
  if (line.component_of_lid !== undefined && line.component_of_lid !== null) {
    const kitIndex = context.byLid.get(line.component_of_lid);
    return readComponent(line, field, kitIndex === undefined ? undefined : items[kitIndex], context);
  }

  const item = emptyItem(line, kind, decimals);
  item.priced = true;
  if (kind === "deposit") return readDeposit(item, line, field, context);
  item.quantity = read.nonNegative(line.quantity, `${field}.quantity`, QUANTITY_SCALE);
  if (kind === "pack") item.packQuantity = read.decimal(line.pack_quantity, `${field}.pack_quantity`, QUANTITY_SCALE, { positive: true });
  item.units = kind === "pack" ? item.quantity.mul(item.packQuantity).round(QUANTITY_SCALE) : item.quantity;
  item.price = read.nonNegative(line.price, `${field}.price`, PRICE_SCALE, "0");
  item.cost = read.nonNegative(line.cost, `${field}.cost`, PRICE_SCALE, "0");
  item.discountEditable = kind !== "kit" || kitTakesDiscount(line);
  item.discount = item.discountEditable
    ? readDiscount(line.discount, line.discount_type, (text, scale) => read.parse(text, scale))
    : NO_DISCOUNT;
  item.amount = item.quantity.mul(item.price).round(decimals);
  item.discountAmount = discountAmount(item.amount, item.discount, decimals);
  item.discount = discountAsShown(item.discount, item.amount);
  item.total = minus(item.amount, item.discountAmount);
  item.ecotax = read.nonNegative(line.ecotax, `${field}.ecotax`, PRICE_SCALE, "0");
  if (document.use_ecotax !== false && !item.ecotax.isZero()) item.ecotaxAmount = item.units.mul(item.ecotax).round(decimals);
  if (!item.cost.isZero()) item.costAmount = item.quantity.mul(item.cost).round(decimals);
  item.weight = lineWeight(line, item.units, field, read);
  const documentRules = document.tax_priority === "document" && document.document_taxes;
  item.taxes = context.book.taxSet(
    taxesThatApply(line.taxes, line.taxable !== false, document.tax_priority, document.document_taxes),
    documentRules ? "document_taxes" : `${field}.taxes`,
  );
  return item;
}
