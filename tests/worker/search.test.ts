import { describe, expect, it } from "vitest";
import { createEstimate } from "../../worker/domain/sales/create-estimate";
import { searchEverything } from "../../worker/domain/search/search-everything";
import { ctxOf } from "../support/factories";
import { makeCustomer } from "../support/isolation/sales";
import { makeVariant } from "../support/isolation/stock";
import { salesWorld } from "./sales-fixtures";

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
