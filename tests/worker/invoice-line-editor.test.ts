import { describe, expect, it } from "vitest";
import { salesFormChoices } from "../../worker/domain/sales/sales-form-choices";
import { salesLineFacts } from "../../worker/domain/sales/sales-line-facts";
import { ctxOf } from "../support/factories";
import { pricedVariant, salesWorld } from "./sales-fixtures";

describe("the line editor of an invoice", () => {
  it("serves whoever edits invoices only: the form's customers and locations, and the lines a SKU adds", async () => {
    const w = await salesWorld();
    const lamp = await pricedVariant(w.db, w.level, "20");
    const invoicer = await ctxOf(w.company, { permissions: ["view_invoices", "edit_invoices"] });
    const choices = await salesFormChoices(invoicer);
    expect(choices.customers.map((c) => c.id)).toContain(w.customer.id);
    expect(choices.locations.map((l) => l.id)).toContain(w.location);
    const facts = await salesLineFacts(invoicer, { customer_id: w.customer.id, location_id: w.location, text: lamp.sku });
    expect(facts.lines.map((l) => [l.sku, l.price])).toEqual([[lamp.sku, "20.0000"]]);
  });
});
