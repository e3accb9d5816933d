import { computeDocument } from "../documents/lines/compute-document";
import type { DocumentInput, LineInput } from "../documents/lines/types";
import { lessPercent } from "../products/pricing";
import { PRICE_SCALE } from "../shared/money";
import type { CartCatalogue } from "./cart-catalogue";
import type { CartItem } from "./cart-rules";
import { shippingCostOf } from "./store-shipping-cost";

/** What the cart would cost as an order: the shipping, and the totals without and with tax. */
export interface CartTotals {
  shipping_cost: string;
  total_excl_tax: string;
  tax_total: string;
  total_incl_tax: string;
}

/**
 * The cart as the order it would become (place-store-order.ts, sales-lines.ts): each line at the
 * customer's price less their discount, with its variant's taxes and ecotax, the store's shipping
 * cost with an order's shipping taxes, in the customer's tax type. The line engine totals it, so
 * the cart and its order agree.
 */
export function cartDocument(items: readonly CartItem[], catalogue: CartCatalogue): DocumentInput {
  const discount = catalogue.discountRate;
  const lines = items.map((item): LineInput => {
    const facts = catalogue.facts.get(item.key)!;
    return {
      lid: item.key,
      kind: item.packId !== null ? "pack" : item.isKit ? "kit" : "variant",
      quantity: item.quantity.toString(),
      pack_quantity: item.packId !== null ? item.packQuantity.toString() : null,
      price: (discount.isZero() ? item.price : lessPercent(item.price, discount).round(PRICE_SCALE)).toString(),
      taxes: facts.taxes,
      taxable: facts.taxable,
      ecotax: facts.ecotax.toString(),
    };
  });
  return {
    currency: catalogue.currency,
    tax_model: catalogue.taxTerms.taxModel,
    tax_type: catalogue.taxTerms.taxType,
    tax_priority: catalogue.taxTerms.taxPriority,
    // An empty cart is no order: nothing to ship.
    shipping_cost: items.length === 0 ? null : shippingCostOf(catalogue.settings, catalogue.lastShippingCost).toString(),
    shipping_taxes: catalogue.taxTerms.shippingTaxes,
    lines,
  };
}

export function cartTotals(items: readonly CartItem[], catalogue: CartCatalogue): CartTotals {
  const computed = computeDocument(cartDocument(items, catalogue));
  return {
    shipping_cost: computed.shipping_cost,
    total_excl_tax: computed.total_excl_tax,
    tax_total: computed.tax_total,
    total_incl_tax: computed.total,
  };
}
