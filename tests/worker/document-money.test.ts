import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { salesDocumentPrintable } from "../../worker/domain/sales/sales-document-pdf";
import { getCart } from "../../worker/domain/store/get-cart";
import { placeStoreOrder } from "../../worker/domain/store/place-store-order";
import { updateCartItem } from "../../worker/domain/store/update-cart-item";
import { priceDocument } from "../../worker/domain/sales/sales-lines";
import { ctxOf } from "../support/factories";
import { makeVariant } from "../support/isolation/stock";
import { api, makeTax, pricedVariant, salesWorld, type SalesWorld } from "./sales-fixtures";
import { buyer, openStore, storeVariant } from "./store-fixtures";

const t = tenantSchema;
const UNIT = 10_000_000;
const money = (value: number) => Math.round(value * 10_000);

const setCustomer = (w: SalesWorld, values: Partial<typeof t.customers.$inferInsert>) =>
  w.db.update(t.customers).set(values).where(eq(t.customers.id, w.customer.id));
const setCompany = (w: SalesWorld, values: Partial<typeof t.companySettings.$inferInsert>) =>
  w.db.update(t.companySettings).set(values).where(eq(t.companySettings.id, 1));

/** An order of one line for the world's customer, through the API. */
const order = (w: SalesWorld, variantId: number, extra: Record<string, unknown> = {}, quantity = "1") =>
  api(w.token, "POST", "/sales-orders", {
    customer_id: w.customer.id,
    location_id: w.location,
    lines: [{ variant_id: variantId, quantity }],
    ...extra,
  });

/** A currency of the company at `rate` units for one of the default currency. */
async function currency(w: SalesWorld, iso: string, rate: string): Promise<number> {
  const created = await api(w.token, "POST", "/currencies", { iso, exchange_rate: rate });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as number;
}

describe("the money of a sales document", () => {
  it("the shipping is taxed at the company's default tax: its tax is in the shipping tax, the tax total and the total", async () => {
    const w = await salesWorld();
    const vat = await makeTax(w.db, "20");
    await setCompany(w, { defaultTaxId: vat });
    const mug = await pricedVariant(w.db, w.level, "100", [vat]);
    const created = await order(w, mug.id, { shipping_cost: "10" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = await api(w.token, "GET", `/sales-orders/${created.body.id}`);
    expect(read.body).toMatchObject({
      shipping_cost: "10.00",
      shipping_tax_amount: "2.00",
      shipping_taxes: [{ id: vat, rate: "20.0000", amount: "2.00" }],
      total_excl_tax: "110.00",
      tax_total: "22.00",
      total: "132.00",
    });
  });

  it("a store cart taxes its shipping as the order it becomes does", async () => {
    const w = await salesWorld();
    const vat = await makeTax(w.db, "20");
    await setCompany(w, { defaultTaxId: vat });
    const mug = await storeVariant(w, 50, "12.5");
    await w.db.insert(t.variantTaxes).values({ variantId: mug.id, taxId: vat });
    const b = await buyer(w);
    await openStore(w, { shipping_cost: "9.9", automatically_confirm_order: true });
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 2 } });
    const cart = await getCart(b.ctx, { cart: b.cart() });
    // 25 and 9.90 of shipping, both at 20 %: 5 + 1.98.
    expect(cart).toMatchObject({ shipping_cost: "9.90", total_excl_tax: "34.90", tax_total: "6.98", total_incl_tax: "41.88" });
    const order = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    expect([order.shipping_tax_amount, order.tax_total, order.total]).toEqual(["1.98", cart.tax_total, cart.total_incl_tax]);
  });

  it("the document's taxes (document_tax_ids) tax the shipping, and with tax priority 'document' every taxable line too", async () => {
    const w = await salesWorld();
    const [vat, reduced] = [await makeTax(w.db, "20"), await makeTax(w.db, "5.5")];
    await setCompany(w, { defaultTaxId: vat, taxPriority: "document" });
    const book = await pricedVariant(w.db, w.level, "100", [vat]);
    const created = await order(w, book.id, { shipping_cost: "10", document_tax_ids: [reduced] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = (await api(w.token, "GET", `/sales-orders/${created.body.id}`)).body;
    expect(read).toMatchObject({ document_tax_ids: [reduced], shipping_tax_amount: "0.55", tax_total: "6.05", total: "116.05" });
    expect(read.lines[0].taxes).toEqual([{ id: reduced, rate: "5.5000", amount: "5.50" }]);
    // An update that does not name them keeps them.
    const updated = await api(w.token, "PATCH", `/sales-orders/${created.body.id}`, { shipping_cost: "20" });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ document_tax_ids: [reduced], shipping_tax_amount: "1.10", tax_total: "6.60" });
  });

  it("an unknown document tax is refused on its field", async () => {
    const w = await salesWorld();
    const mug = await pricedVariant(w.db, w.level, "10");
    const refused = await order(w, mug.id, { document_tax_ids: [987654] });
    expect([refused.status, refused.body.error.fields]).toEqual([
      422,
      { "document_tax_ids.0": expect.objectContaining({ code: "unknown_tax" }) },
    ]);
  });

  it("the minimum order amount compares the goods without tax: a tax-inclusive shipping cost comes off without its tax", async () => {
    const w = await salesWorld();
    const vat = await makeTax(w.db, "20");
    await setCompany(w, { defaultTaxId: vat });
    // Prices with tax included: 120 holds 100 of goods; a 12 shipping holds 10 without its tax.
    await setCustomer(w, { taxType: "tax_inclusive", minimumOrderAmount: money(100) });
    const mug = await pricedVariant(w.db, w.level, "120", [vat]);
    const created = await order(w, mug.id, { shipping_cost: "12" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ total_excl_tax: "110.00", shipping_tax_amount: "2.00", total: "132.00" });
    // One cent of goods less is below the minimum.
    const small = await order(w, mug.id, { shipping_cost: "12", lines: [{ variant_id: mug.id, quantity: "1", price: "119.98" }] });
    expect([small.status, small.body.error?.code]).toEqual([422, "minimum_order_amount_not_reached"]);
  });

  it("the PDF's tax summary holds the shipping's tax: its taxes add up to the document's tax total", async () => {
    const w = await salesWorld();
    const [vat, reduced] = [await makeTax(w.db, "20"), await makeTax(w.db, "5.5")];
    await setCompany(w, { defaultTaxId: vat });
    const [mug, book] = [await pricedVariant(w.db, w.level, "100", [vat]), await pricedVariant(w.db, w.level, "10", [reduced])];
    const created = await api(w.token, "POST", "/sales-orders", {
      customer_id: w.customer.id,
      location_id: w.location,
      shipping_cost: "10",
      lines: [
        { variant_id: mug.id, quantity: "1" },
        { variant_id: book.id, quantity: "1" },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { printable } = await salesDocumentPrintable(await ctxOf(w.company), { type: "sales_order", id: created.body.id });
    expect(printable.totals!.taxes.map((x) => [x.rate, x.amount])).toEqual([
      ["20.0000", "22.00"],
      ["5.5000", "0.55"],
    ]);
    expect(printable.totals).toMatchObject({ shippingTax: "2.00", taxTotal: "22.55", total: "142.55" });
  });

  it("the credit limit is in the company's currency: each order counts at its own exchange rate", async () => {
    const w = await salesWorld();
    // 2 USD for 1 EUR (the company's currency): the customer buys in USD.
    const usd = await currency(w, "USD", "2");
    await setCustomer(w, { currencyId: usd, creditLimit: money(100) });
    const mug = await pricedVariant(w.db, w.level, "10");
    // 10 EUR converted: 20 USD a unit. 8 units = 160 USD = 80 EUR, within 100 EUR.
    const first = await order(w, mug.id, {}, "8");
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ currency: "USD", total: "160.00" });
    // 2 more units: 40 USD = 20 EUR, the balance is exactly 100 EUR.
    expect((await order(w, mug.id, {}, "2")).status).toBe(201);
    // One more is past it; the limit is given in the company's currency.
    const over = await order(w, mug.id, {}, "1");
    expect([over.status, over.body.error.code, over.body.error.params]).toEqual([422, "credit_limit_exceeded", { limit: "100.00" }]);
  });

  it("a document priced for a supplier takes the supplier's currency and purchasing level, without any customer discount", async () => {
    const w = await salesWorld();
    const usd = await currency(w, "USD", "2");
    const [purchasing] = await w.db
      .insert(t.priceLevels)
      .values({ label: "Supplier list", type: "purchasing" })
      .returning({ id: t.priceLevels.id });
    const [supplier] = await w.db
      .insert(t.suppliers)
      .values({ name: "Atelier", defaultCurrencyId: usd, defaultPriceLevelId: purchasing!.id, city: "Lyon", country: "FR" })
      .returning({ id: t.suppliers.id });
    const part = await makeVariant(w.db);
    await w.db.insert(t.prices).values({ variantId: part.id, priceLevelId: purchasing!.id, currencyId: usd, amount: money(7.5) });
    await w.db.insert(t.prices).values({ variantId: part.id, priceLevelId: w.level, currencyId: usd, amount: money(30) });
    const priced = await priceDocument(w.db, {
      party: { kind: "supplier", id: supplier!.id },
      locationId: w.location,
      lines: [{ variant_id: part.id, quantity: 4 * UNIT }],
    });
    expect(priced).toMatchObject({ currency: "USD", exchangeRate: 2 * 100_000_000, priceLevelId: purchasing!.id });
    expect(priced.party).toMatchObject({ kind: "supplier", id: supplier!.id, label: "Atelier" });
    expect(priced.billingAddress).toEqual({ label: "Atelier", lines: ["Lyon"], country: "FR" });
    expect([priced.computed.lines[0]!.price, priced.computed.total]).toEqual(["7.5000", "30.00"]);
    // An unknown supplier is named as such.
    await expect(priceDocument(w.db, { party: { kind: "supplier", id: 987654 }, locationId: w.location, lines: [] })).rejects.toMatchObject(
      { code: "validation_failed", fields: { supplier_id: { code: "unknown_supplier" } } },
    );
  });
});
