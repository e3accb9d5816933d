import { describe, expect, it } from "vitest";
import { computeDocument } from "../../worker/domain/documents/lines/compute-document";
import { createEstimate } from "../../worker/domain/sales/create-estimate";
import { salesDocumentLineFacts } from "../../worker/domain/sales/sales-document-line-facts";
import { salesLineFacts } from "../../worker/domain/sales/sales-line-facts";
import { ctxOf } from "../support/factories";
import { makeTax, pricedVariant, salesWorld } from "./sales-fixtures";

describe("the line facts of the sales line editor", () => {
  it("a typed SKU gives one unit at the customer's price with the taxes the engine totals exactly as a save does", async () => {
    const { company, db, customer, level, location } = await salesWorld();
    const vat = await makeTax(db, "20");
    const mug = await pricedVariant(db, level, "12.5", [vat]);
    const ctx = await ctxOf(company);
    const facts = await salesLineFacts(ctx, { customer_id: customer.id, location_id: location, text: mug.sku.toLowerCase(), lid: "n1" });
    expect(facts.lines).toHaveLength(1);
    const [line] = facts.lines;
    expect(line).toMatchObject({ lid: "n1", kind: "variant", variant_id: mug.id, sku: mug.sku, quantity: "1.0000000", price: "12.5000" });
    expect(facts.document).toMatchObject({ currency: "EUR" });
    // Three units through the engine in the browser, and three units saved: the same total.
    const browser = computeDocument({ ...facts.document, lines: [{ ...line!.facts, lid: "n1", quantity: "3", price: line!.price }] });
    const saved = await createEstimate(ctx, {
      customer_id: customer.id,
      location_id: location,
      lines: [{ variant_id: mug.id, quantity: "3" }],
    });
    expect(browser.total).toBe("45.00");
    expect(saved.total).toBe(browser.total);
  });

  it("a text that names no variant gives no line, and an unknown customer is refused at its field", async () => {
    const { company, customer, location } = await salesWorld();
    const ctx = await ctxOf(company);
    expect((await salesLineFacts(ctx, { customer_id: customer.id, location_id: location, text: "NOTHING-LIKE-IT" })).lines).toEqual([]);
    await expect(salesLineFacts(ctx, { customer_id: 999_999, location_id: location, text: "X" })).rejects.toMatchObject({
      code: "validation_failed",
      fields: { customer_id: { code: "unknown_customer" } },
    });
  });

  it("a saved estimate's lines open in the editor with their prices and discounts", async () => {
    const { company, db, customer, level, location } = await salesWorld();
    const mug = await pricedVariant(db, level, "12.5");
    const ctx = await ctxOf(company);
    const estimate = await createEstimate(ctx, {
      customer_id: customer.id,
      location_id: location,
      lines: [{ variant_id: mug.id, quantity: "2", price: "10", discount: "5", discount_type: "percentage" }],
    });
    const facts = await salesDocumentLineFacts(ctx, { type: "estimate", id: estimate.id });
    expect(facts.lines.map((l) => [l.sku, l.quantity, l.price, l.discount])).toEqual([[mug.sku, "2.0000000", "10.0000", "5.0000"]]);
  });

  it("a user who edits neither estimates nor sales orders cannot look lines up", async () => {
    const { company, customer, location } = await salesWorld();
    const ctx = await ctxOf(company, { permissions: ["view_estimates"] });
    await expect(salesLineFacts(ctx, { customer_id: customer.id, location_id: location, text: "X" })).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});
