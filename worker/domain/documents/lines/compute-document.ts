/**
 * The line engine (decision 018): one pure function from a document's lines and settings to its
 * amounts, the same on the server, in the browser while a line is typed, and in the store cart.
 * No database, no I/O, no floating point: decimal strings in, decimal strings out.
 */
import { Decimal } from "../../shared/decimal";
import { currencyDecimals, PRICE_SCALE, QUANTITY_SCALE } from "../../shared/money";
import { GRAMS_SCALE } from "../../products/weights";
import { discountAmount, discountAsShown, readDiscount } from "./discounts";
import { readLine, type LineItem } from "./line-items";
import { allocate, InputReader, minus, plus, sumAt } from "./rounding";
import { computeTaxes, TaxBook, taxesThatApply, type TaxedItem } from "./taxes";
import { taxAmounts, TaxTotals, withAndWithoutTax, writeLines } from "./totals";
import type { ComputedDocument, DocumentInput } from "./types";

const MAX_CURRENCY_DECIMALS = 4;
const TAX_MODELS = ["us", "global"];
const TAX_TYPES = ["tax_exclusive", "tax_inclusive"];
const TAX_PRIORITIES = ["product", "document"];

function documentDecimals(input: DocumentInput, read: InputReader): number {
  const given = input.currency_decimals;
  if (given === undefined || given === null) return currencyDecimals(input.currency ?? "");
  if (Number.isInteger(given) && given >= 0 && given <= MAX_CURRENCY_DECIMALS) return given;
  read.fail("currency_decimals", "invalid");
  return 2;
}

function readSettings(input: DocumentInput, read: InputReader): void {
  if (!TAX_MODELS.includes(input.tax_model)) read.fail("tax_model", "invalid");
  if (!TAX_TYPES.includes(input.tax_type)) read.fail("tax_type", "invalid");
  if (!TAX_PRIORITIES.includes(input.tax_priority)) read.fail("tax_priority", "invalid");
  if (!Array.isArray(input.lines)) read.fail("lines", "invalid");
}

/** Line index by lid; a lid missing or used twice is refused. */
function indexLids(input: DocumentInput, read: InputReader): Map<string, number> {
  const byLid = new Map<string, number>();
  input.lines.forEach((line, i) => {
    if (typeof line.lid !== "string" || line.lid === "") read.fail(`lines.${i}.lid`, "required");
    else if (byLid.has(line.lid)) read.fail(`lines.${i}.lid`, "duplicate_line");
    else byLid.set(line.lid, i);
  });
  return byLid;
}

/** Equal remainders of a split go to the line whose lid sorts first, the shipping last: line order never matters. */
function lidRanks(items: readonly LineItem[], positions: readonly number[]): (i: number) => number {
  let ranks: number[] | null = null;
  return (i) => {
    if (!ranks) {
      const sorted = positions
        .map((p, k) => ({ lid: items[p]!.input.lid, k }))
        .sort((a, b) => (a.lid < b.lid ? -1 : a.lid > b.lid ? 1 : 0));
      ranks = new Array<number>(positions.length + 1).fill(positions.length);
      sorted.forEach(({ k }, rank) => (ranks![k] = rank));
    }
    return ranks[i]!;
  };
}

export function computeDocument(input: DocumentInput): ComputedDocument {
  const read = new InputReader();
  readSettings(input, read);
  read.throwIfAny();
  const decimals = documentDecimals(input, read);
  const book = new TaxBook(read);
  const context = { read, book, document: input, decimals, byLid: indexLids(input, read) };

  // Kits before their components, whatever the order of the lines.
  const items: LineItem[] = new Array<LineItem>(input.lines.length);
  const isComponent = (i: number) => input.lines[i]!.component_of_lid !== undefined && input.lines[i]!.component_of_lid !== null;
  for (let i = 0; i < input.lines.length; i++) if (!isComponent(i)) items[i] = readLine(input.lines[i]!, i, context, items);
  for (let i = 0; i < input.lines.length; i++) if (isComponent(i)) items[i] = readLine(input.lines[i]!, i, context, items);

  const globalDiscount = readDiscount(input.global_discount, input.global_discount_type);
  const shippingCost = read.nonNegative(input.shipping_cost, "shipping_cost", PRICE_SCALE, "0").round(decimals);
  const shippingTaxes = book.taxSet(
    taxesThatApply(input.shipping_taxes, true, input.tax_priority, input.document_taxes),
    input.tax_priority === "document" && input.document_taxes ? "document_taxes" : "shipping_taxes",
  );
  read.throwIfAny();

  // The global discount comes off the line totals (never the ecotax, the shipping nor a deposit), spread in proportion.
  const priced = items.flatMap((item, i) => (item.priced ? [i] : []));
  const rank = lidRanks(items, priced);
  const discounted = (item: LineItem) => item.kind !== "deposit";
  const subtotal = sumAt(
    priced.flatMap((i) => (discounted(items[i]!) ? [items[i]!.total] : [])),
    decimals,
  );
  const globalAmount = discountAmount(subtotal, globalDiscount, decimals);
  const shares = allocate(
    globalAmount.units,
    priced.map((i) => (discounted(items[i]!) ? items[i]!.total.units : 0n)),
    rank,
  ).map((u) => Decimal.of(u, decimals));

  const taxed: TaxedItem[] = priced.map((i, k) => {
    const item = items[i]!;
    return { base: plus(minus(item.total, shares[k]!), item.ecotaxAmount), set: item.taxes };
  });
  taxed.push({ base: shippingCost, set: shippingTaxes });
  const taxes = computeTaxes(taxed, input.tax_model, input.tax_type, decimals, rank);

  const totals = new TaxTotals(decimals);
  const zero = Decimal.zero(decimals);
  const lines = writeLines(items, decimals);
  let totalExcl = zero;
  taxed.forEach((entry, k) => {
    const amounts = taxes[k]!;
    totals.add(entry.set.taxes, amounts);
    const tax = sumAt(amounts, decimals);
    const { excl, incl } = withAndWithoutTax(entry.base, tax, input.tax_type);
    totalExcl = plus(totalExcl, excl);
    if (k === priced.length) return;
    const line = lines[priced[k]!]!;
    line.global_discount_share = shares[k]!.toString();
    line.tax_base = entry.base.toString();
    line.taxes = taxAmounts(entry.set.taxes, amounts, decimals);
    line.tax_amount = tax.toString();
    line.total_excl_tax = excl.toString();
    line.total_incl_tax = incl.toString();
  });
  const shippingTax = sumAt(taxes[priced.length]!, decimals);
  const taxTotal = totals.total();

  return {
    currency_decimals: decimals,
    tax_model: input.tax_model,
    tax_type: input.tax_type,
    lines,
    subtotal: subtotal.toString(),
    global_discount: discountAsShown(globalDiscount, subtotal).value.toString(),
    global_discount_type: globalDiscount.type,
    global_discount_amount: globalAmount.toString(),
    total_ecotax: sumAt(
      priced.map((i) => items[i]!.ecotaxAmount),
      decimals,
    ).toString(),
    shipping_cost: shippingCost.toString(),
    shipping_taxes: taxAmounts(shippingTaxes.taxes, taxes[priced.length]!, decimals),
    shipping_tax_amount: shippingTax.toString(),
    taxes: totals.list(),
    tax_total: taxTotal.toString(),
    total_excl_tax: totalExcl.toString(),
    total: plus(totalExcl, taxTotal).toString(),
    total_units: sumAt(
      priced.map((i) => items[i]!.units),
      QUANTITY_SCALE,
    ).toString(),
    total_weight: sumAt(
      items.map((item) => item.weight),
      GRAMS_SCALE,
    ).toString(),
  };
}
