import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { createEstimate } from "../../worker/domain/sales/create-estimate";
import { createSalesOrder } from "../../worker/domain/sales/create-sales-order";
import { salesDocumentEditView } from "../../worker/domain/sales/sales-document-edit-view";
import { salesLineFacts } from "../../worker/domain/sales/sales-line-facts";
import { updateSalesOrder } from "../../worker/domain/sales/update-sales-order";
import { createStockDocument } from "../../worker/domain/stock/create-stock-document";
import { ctxOf } from "../support/factories";
import { makeVariant } from "../support/isolation/stock";
import { pricedVariant, salesWorld } from "./sales-fixtures";

const t = tenantSchema;

/** A figure of the facts as a number (they are decimal texts at 7 places), null kept. */
const n = (text: string | null | undefined) => (text === null || text === undefined ? text : Number(text));

/** 10 mugs on hand, 3 of them reserved by another order; a variant kept out of stock, and a service. */
async function world() {
  const w = await salesWorld();
  const ctx = await ctxOf(w.company);
  const mug = await pricedVariant(w.db, w.level, "12.5");
  await createStockDocument(ctx, { kind: "entry", location_id: w.location, lines: [{ variant_id: mug.id, quantity: "10" }] });
  await createSalesOrder(ctx, { customer_id: w.customer.id, location_id: w.location, lines: [{ variant_id: mug.id, quantity: "3" }] });
  const untracked = await makeVariant(w.db, { trackInventory: false });
  const [service] = await w.db
    .insert(t.services)
    .values({ label: "Setting up", reference: `SRV-${Date.now().toString(36)}` })
    .returning({ id: t.services.id });
  return { ...w, ctx, mug, untracked, service: service!.id };
}

describe("what the sales line editor shows as available", () => {
  it("a sales order holding 4 of 10 mugs (3 more held by another order) opens with 7 available to it; a typed line and an estimate see 3", async () => {
    const w = await world();
    const order = await createSalesOrder(w.ctx, {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [
        { variant_id: w.mug.id, quantity: "4" },
        { variant_id: w.untracked.id, quantity: "1", price: "5" },
        { service_id: w.service, quantity: "1", price: "50" },
      ],
    });
    const edit = await salesDocumentEditView(w.ctx, { type: "sales_order", id: order.id });
    // Its own 4 count as available to it: saving gives them back and takes them again in one batch.
    expect(edit.facts.lines.map((l) => [l.kind, n(l.available)])).toEqual([
      ["variant", 7],
      ["variant", null],
      ["service", null],
    ]);
    // Anyone else (a line typed in the browser, an estimate) sees what is left: 10 − 3 − 4.
    const typed = await salesLineFacts(w.ctx, { customer_id: w.customer.id, location_id: w.location, text: w.mug.sku });
    expect(n(typed.lines[0]?.available)).toBe(3);
    const estimate = await createEstimate(w.ctx, {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [{ variant_id: w.mug.id, quantity: "2" }],
    });
    expect(n((await salesDocumentEditView(w.ctx, { type: "estimate", id: estimate.id })).facts.lines[0]?.available)).toBe(3);
  });

  it("the figure is the one a save is held to: where selling out of stock is refused, the order takes 7 and not 8", async () => {
    const w = await world();
    const order = await createSalesOrder(w.ctx, {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [{ variant_id: w.mug.id, quantity: "4" }],
    });
    await w.db.update(t.companySettings).set({ preventNegativeInventory: true });
    const [line] = (await salesDocumentEditView(w.ctx, { type: "sales_order", id: order.id })).facts.lines;
    expect(n(line?.available)).toBe(7);
    await expect(updateSalesOrder(w.ctx, { id: order.id, lines: [{ variant_id: w.mug.id, quantity: "8" }] })).rejects.toMatchObject({
      code: "out_of_stock_not_allowed",
    });
    const saved = await updateSalesOrder(w.ctx, { id: order.id, lines: [{ variant_id: w.mug.id, quantity: "7" }] });
    expect(n(saved.lines?.[0]?.quantity)).toBe(7);
    // Holding 7 of the 7 left to it: still 7 available to the order, none to anyone else.
    expect(n((await salesDocumentEditView(w.ctx, { type: "sales_order", id: order.id })).facts.lines[0]?.available)).toBe(7);
    const other = await salesLineFacts(w.ctx, { customer_id: w.customer.id, location_id: w.location, text: w.mug.sku });
    expect(n(other.lines[0]?.available)).toBe(0);
  });
});
