import { describe, expect, it } from "vitest";
import { getStoreInvoice, listStoreInvoices } from "../../worker/domain/store/list-store-invoices";
import { makeCustomer } from "../support/isolation/sales";
import { api, pricedVariant, salesWorld } from "./sales-fixtures";
import { buyer } from "./store-fixtures";

/** The portal's invoice history (platform spec §2): a buyer reads their customer's issued invoices and their payments, nothing else. */
describe("the store's invoice history", () => {
  it("lists the customer's issued invoices, newest first, with one invoice's payments; never a draft nor another customer's", async () => {
    const w = await salesWorld();
    const b = await buyer(w);
    const mug = await pricedVariant(w.db, w.level, "10");
    const invoiceFor = (customerId: number, finalize: boolean) =>
      api(w.token, "POST", "/invoices", {
        customer_id: customerId,
        location_id: w.location,
        lines: [{ variant_id: mug.id, quantity: "2" }],
        finalize,
      });
    const first = await invoiceFor(w.customer.id, true);
    const second = await invoiceFor(w.customer.id, true);
    const draft = await invoiceFor(w.customer.id, false);
    const other = await invoiceFor((await makeCustomer(w.db, { priceLevelId: w.level })).id, true);
    expect([first.status, second.status, draft.status, other.status]).toEqual([201, 201, 201, 201]);
    expect((await api(w.token, "POST", `/invoices/${first.body.id}/payments`, { amount: "5" })).status).toBe(201);

    const list = await listStoreInvoices(b.ctx, { page: 0 });
    expect(list.items.map((i) => i.id)).toEqual([second.body.id, first.body.id]);
    expect(list.totalCount).toBe(2);
    const seen = await getStoreInvoice(b.ctx, { id: first.body.id });
    expect([seen.invoice.status, seen.invoice.remaining_to_pay, seen.payments.map((p) => p.amount)]).toEqual([
      "partially_paid",
      "15.00",
      ["5.00"],
    ]);
    await expect(getStoreInvoice(b.ctx, { id: draft.body.id })).rejects.toMatchObject({ code: "not_found" });
    await expect(getStoreInvoice(b.ctx, { id: other.body.id })).rejects.toMatchObject({ code: "not_found" });
    await expect(listStoreInvoices(b.ctx, { page: -1 })).rejects.toMatchObject({ code: "validation_failed" });
  });

  it("is the buyer's only: staff without a customer cannot read it through the store's verbs", async () => {
    const w = await salesWorld();
    const { ctxOf } = await import("../support/factories");
    const staff = await ctxOf(w.company);
    await expect(listStoreInvoices(staff, {})).rejects.toMatchObject({
      code: expect.stringMatching(/forbidden|unauthenticated|not_found/),
    });
  });
});
