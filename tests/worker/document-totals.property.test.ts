import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { computeDocument } from "../../worker/domain/documents/lines/compute-document";
import type { DocumentInput, SimpleTaxInput } from "../../worker/domain/documents/lines/types";
import { salesDocumentPrintable } from "../../worker/domain/sales/sales-document-pdf";
import { Decimal } from "../../worker/domain/shared/decimal";
import { ctxOf } from "../support/factories";
import { makeCustomer } from "../support/isolation/sales";
import { api, makeTax, pricedVariant, salesWorld } from "./sales-fixtures";

const t = tenantSchema;

/** A decimal of `scale` places up to `max`, as typed. */
const decimal = (max: number, scale: number) =>
  fc.integer({ min: 0, max: max * 10 ** scale }).map((u) => Decimal.of(BigInt(u), scale).toString());
const discount = fc.oneof(
  fc.record({ discount_type: fc.constant("percentage" as const), discount: decimal(100, 2) }),
  fc.record({ discount_type: fc.constant("amount" as const), discount: decimal(60, 2) }),
);
const line = fc.record(
  {
    product: fc.nat(3),
    quantity: fc.oneof(fc.integer({ min: 1, max: 20 }).map(String), decimal(15, 3)),
    price: decimal(500, 2),
    off: discount,
  },
  { requiredKeys: ["product", "quantity", "price"] },
);
const document = fc.record({
  taxType: fc.constantFrom("tax_exclusive" as const, "tax_inclusive" as const),
  taxModel: fc.constantFrom("global" as const, "us" as const),
  taxPriority: fc.constantFrom("product" as const, "document" as const),
  lines: fc.array(line, { minLength: 1, maxLength: 6 }),
  global: fc.option(discount, { nil: undefined }),
  shipping: fc.option(decimal(80, 2), { nil: undefined }),
  documentTaxes: fc.subarray([0, 1, 2]),
});

const zeroToNull = (value: string) => (Decimal.parse(value).isZero() ? null : value);

describe("a sales document's totals, for any document", () => {
  it("agree to the cent in its PDF, in the API and in the line engine, with prices with tax included and excluded", async () => {
    const w = await salesWorld();
    const rates = ["20", "5.5", "8.875"];
    const taxIds = [await makeTax(w.db, rates[0]!), await makeTax(w.db, rates[1]!), await makeTax(w.db, rates[2]!)];
    const engineTax = (k: number): SimpleTaxInput => ({ id: taxIds[k]!, rate: rates[k]! });
    await w.db.update(t.companySettings).set({ defaultTaxId: taxIds[0]! }).where(eq(t.companySettings.id, 1));
    // Products with one tax, two taxes, none (not taxable), and an ecotax.
    const products = [
      { taxes: [0], ecotax: 0, taxable: true },
      { taxes: [0, 2], ecotax: 0, taxable: true },
      { taxes: [1], ecotax: 0.5, taxable: true },
      { taxes: [1], ecotax: 0, taxable: false },
    ];
    const variants: { id: number }[] = [];
    for (const p of products) {
      const v = await pricedVariant(
        w.db,
        w.level,
        "10",
        p.taxes.map((k) => taxIds[k]!),
      );
      await w.db
        .update(t.variants)
        .set({ ecotax: Math.round(p.ecotax * 10_000), taxable: p.taxable })
        .where(eq(t.variants.id, v.id));
      variants.push(v);
    }
    const customers = {
      tax_exclusive: await makeCustomer(w.db, { priceLevelId: w.level, taxType: "tax_exclusive" }),
      tax_inclusive: await makeCustomer(w.db, { priceLevelId: w.level, taxType: "tax_inclusive" }),
    };
    const ctx = await ctxOf(w.company);

    await fc.assert(
      fc.asyncProperty(document, async (doc) => {
        await w.db
          .update(t.companySettings)
          .set({ taxModel: doc.taxModel, taxPriority: doc.taxPriority })
          .where(eq(t.companySettings.id, 1));
        const body = {
          customer_id: customers[doc.taxType].id,
          location_id: w.location,
          delivery_type: "drop_shipping",
          lines: doc.lines.map((l) => ({ variant_id: variants[l.product]!.id, quantity: l.quantity, price: l.price, ...l.off })),
          ...(doc.global ? { global_discount: doc.global.discount, global_discount_type: doc.global.discount_type } : {}),
          ...(doc.shipping !== undefined ? { shipping_cost: doc.shipping } : {}),
          ...(doc.documentTaxes.length > 0 ? { document_tax_ids: doc.documentTaxes.map((k) => taxIds[k]!) } : {}),
        };
        const created = await api(w.token, "POST", "/sales-orders", body);
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const read = (await api(w.token, "GET", `/sales-orders/${created.body.id}`)).body;
        const { printable } = await salesDocumentPrintable(ctx, { type: "sales_order", id: created.body.id });

        // The line engine, given what the document is made of.
        const documentTaxes = doc.documentTaxes.map(engineTax);
        const input: DocumentInput = {
          currency: "EUR",
          tax_model: doc.taxModel,
          tax_type: doc.taxType,
          tax_priority: doc.taxPriority,
          document_taxes: documentTaxes.length > 0 ? documentTaxes : null,
          global_discount: doc.global?.discount ?? null,
          global_discount_type: doc.global?.discount_type ?? null,
          shipping_cost: doc.shipping ?? null,
          shipping_taxes: documentTaxes.length > 0 ? documentTaxes : [engineTax(0)],
          lines: doc.lines.map((l, i) => ({
            lid: String(i + 1),
            kind: "variant",
            quantity: l.quantity,
            price: l.price,
            discount: l.off?.discount ?? null,
            discount_type: l.off?.discount_type ?? null,
            taxes: products[l.product]!.taxes.map(engineTax),
            taxable: products[l.product]!.taxable,
            ecotax: String(products[l.product]!.ecotax),
          })),
        };
        const engine = computeDocument(input);
        const totals = {
          subtotal: engine.subtotal,
          discount: engine.global_discount_amount,
          shipping: engine.shipping_cost,
          shippingTax: engine.shipping_tax_amount,
          taxTotal: engine.tax_total,
          ecotax: engine.total_ecotax,
          totalExclTax: engine.total_excl_tax,
          total: engine.total,
        };
        const taxes = engine.taxes.map((x) => [x.id, x.amount]);

        expect({
          subtotal: read.subtotal,
          discount: read.global_discount_amount,
          shipping: read.shipping_cost,
          shippingTax: read.shipping_tax_amount,
          taxTotal: read.tax_total,
          ecotax: read.total_ecotax,
          totalExclTax: read.total_excl_tax,
          total: read.total,
        }).toEqual(totals);
        // The API's taxes per tax: its lines' and its shipping's.
        const byTax = new Map<number, Decimal>();
        for (const x of [...read.lines.flatMap((l: { taxes: unknown[] }) => l.taxes), ...(read.shipping_taxes ?? [])] as {
          id: number;
          amount: string;
        }[])
          byTax.set(x.id, (byTax.get(x.id) ?? Decimal.zero(2)).add(Decimal.parse(x.amount)));
        expect([...byTax.entries()].sort(([a], [b]) => a - b).map(([id, amount]) => [id, amount.round(2).toString()])).toEqual(taxes);

        const pdf = printable.totals!;
        expect({
          subtotal: pdf.subtotal,
          discount: pdf.discount,
          shipping: pdf.shipping,
          shippingTax: pdf.shippingTax,
          taxTotal: pdf.taxTotal,
          ecotax: pdf.ecotax,
          totalExclTax: pdf.totalExclTax,
          total: pdf.total,
        }).toEqual({
          ...totals,
          discount: zeroToNull(totals.discount),
          shipping: zeroToNull(totals.shipping),
          shippingTax: zeroToNull(totals.shippingTax),
          ecotax: zeroToNull(totals.ecotax),
        });
        expect(pdf.taxes.map((x) => [x.rate, x.amount])).toEqual(engine.taxes.map((x) => [x.rate, x.amount]));
        // What the PDF's tax rows add up to is its tax total.
        expect(
          pdf.taxes
            .reduce((sum, x) => sum.add(Decimal.parse(x.amount)), Decimal.zero(2))
            .round(2)
            .toString(),
        ).toBe(pdf.taxTotal);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
