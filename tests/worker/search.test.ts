import { describe, expect, it } from "vitest";
import { createEstimate } from "../../worker/domain/sales/create-estimate";
import { searchEverything } from "../../worker/domain/search/search-everything";
import { ctxOf } from "../support/factories";
import { makeCustomer } from "../support/isolation/sales";
import { makeVariant } from "../support/isolation/stock";
import { api, pricedVariant, salesWorld } from "./sales-fixtures";

describe("the global search", () => {
  it("finds records of every type by the start of their number, SKU or label, each with its link", async () => {
    const w = await salesWorld();
    const ctx = await ctxOf(w.company);
    const customer = await makeCustomer(w.db, { label: "Zéphyr Boulangerie", emails: ["zephyr@example.test"] });
    const variant = await makeVariant(w.db);
    const estimate = await createEstimate(ctx, { customer_id: customer.id, location_id: w.location });

    const byNumber = await searchEverything(ctx, { q: estimate.number });
    expect(byNumber).toEqual([
      expect.objectContaining({
        type: "estimates",
        id: estimate.id,
        label: estimate.number,
        href: `/sales/estimates/${estimate.id}`,
        customer: customer.label,
        status: "pending",
      }),
    ]);
    const byName = await searchEverything(ctx, { q: "zéph" });
    expect(byName).toEqual([
      expect.objectContaining({
        type: "customers",
        id: customer.id,
        href: `/contacts/customers/${customer.id}`,
        email: "zephyr@example.test",
      }),
    ]);
    const bySku = await searchEverything(ctx, { q: variant.sku.slice(0, -1) });
    expect(bySku.map((r) => [r.type, r.sku])).toContainEqual(["products", variant.sku]);
  });

  it("finds an invoice by its number, a draft (no number yet) by its customer's name, each leading to its page, for those who may view invoices", async () => {
    const w = await salesWorld();
    const ctx = await ctxOf(w.company);
    const customer = await makeCustomer(w.db, { label: "Orfèvrerie Kestrel", priceLevelId: w.level });
    const variant = await pricedVariant(w.db, w.level, "10");
    const invoiceOf = async (finalize: boolean) => {
      const answer = await api(w.token, "POST", "/invoices", {
        customer_id: customer.id,
        location_id: w.location,
        lines: [{ variant_id: variant.id, quantity: "2" }],
        finalize,
      });
      expect(answer.status).toBe(201);
      return answer.body as { id: number; number: string | null };
    };
    const finalised = await invoiceOf(true);
    const draft = await invoiceOf(false);
    expect([finalised.number, draft.number]).toEqual(["FAC-000001", null]);

    expect(await searchEverything(ctx, { q: "FAC-0000" })).toEqual([
      expect.objectContaining({
        type: "invoices",
        id: finalised.id,
        label: "FAC-000001",
        href: `/sales/invoices/${finalised.id}`,
        customer: customer.label,
        status: "unpaid",
        total: "20.00",
        currency: "EUR",
      }),
    ]);
    // By the customer's name: the customer, and the draft only (the finalised invoice is found by its number).
    const byName = await searchEverything(ctx, { q: "orfèv" });
    expect(byName.map((r) => [r.type, r.id])).toEqual([
      ["customers", customer.id],
      ["invoices", draft.id],
    ]);
    expect(byName[1]).toMatchObject({ label: `#${draft.id}`, href: `/sales/invoices/${draft.id}`, status: "draft" });

    const seller = await ctxOf(w.company, { permissions: ["view_sales_orders", "view_customers"] });
    expect((await searchEverything(seller, { q: "FAC-" })).map((r) => r.type)).toEqual([]);
    expect((await searchEverything(seller, { q: "orfèv" })).map((r) => r.type)).toEqual(["customers"]);
    const accountant = await ctxOf(w.company, { permissions: ["view_invoices"] });
    expect((await searchEverything(accountant, { q: "FAC-" })).map((r) => r.id)).toEqual([finalised.id]);
  });

  it("shows only the types the user may see", async () => {
    const w = await salesWorld();
    const customer = await makeCustomer(w.db, { label: "Quasar Traiteur" });
    await createEstimate(await ctxOf(w.company), { customer_id: customer.id, location_id: w.location, label: "Quasar" });
    const seller = await ctxOf(w.company, { permissions: ["view_estimates"] });
    expect(await searchEverything(seller, { q: "Quasar" })).toEqual([]);
    const contacts = await ctxOf(w.company, { permissions: ["view_customers"] });
    expect((await searchEverything(contacts, { q: "Quasar" })).map((r) => r.type)).toEqual(["customers"]);
    expect(await searchEverything(await ctxOf(w.company, { permissions: [] }), { q: "Quasar" })).toEqual([]);
  });

  it("reads the text literally and refuses an empty one", async () => {
    const w = await salesWorld();
    const ctx = await ctxOf(w.company);
    await makeCustomer(w.db, { label: "Anything" });
    expect(await searchEverything(ctx, { q: "%" })).toEqual([]);
    expect(await searchEverything(ctx, { q: "_" })).toEqual([]);
    await expect(searchEverything(ctx, { q: "  " })).rejects.toMatchObject({
      code: "validation_failed",
      fields: { q: { code: "required" } },
    });
  });
});
