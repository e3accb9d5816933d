import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { acceptEstimate } from "../../worker/domain/sales/accept-estimate";
import { createEstimate } from "../../worker/domain/sales/create-estimate";
import { getEstimate } from "../../worker/domain/sales/get-estimate";
import { listEstimates } from "../../worker/domain/sales/list-estimates";
import { ctxOf } from "../support/factories";
import { makeVariant } from "../support/isolation/stock";
import { api, fieldCodes, makeTax, pricedVariant, salesWorld } from "./sales-fixtures";

const t = tenantSchema;
const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

describe("estimates", () => {
  it("an estimate is numbered DEV-, priced at the customer's price level, keeps the customer's default addresses and expires estimate_expiration_days after its date", async () => {
    const { company, db, customer, level, location } = await salesWorld();
    await db.update(t.companySettings).set({ estimateExpirationDays: 15 });
    await db.insert(t.customerAddresses).values([
      {
        customerId: customer.id,
        type: "billing",
        defaultBilling: true,
        address1: "1 rue de la Paix",
        postalCode: "75002",
        city: "Paris",
        country: "FR",
      },
      {
        customerId: customer.id,
        type: "shipping",
        defaultShipping: true,
        address1: "5 quai Rambaud",
        postalCode: "69002",
        city: "Lyon",
        country: "FR",
      },
    ]);
    const mug = await pricedVariant(db, level, "12.5");
    const ctx = await ctxOf(company);
    const estimate = await createEstimate(ctx, {
      customer_id: customer.id,
      location_id: location,
      date: "2026-03-20",
      lines: [{ variant_id: mug.id, quantity: "2" }, { description: "Gift wrapped" }],
    });
    expect(estimate).toMatchObject({
      number: "DEV-000001",
      status: "pending",
      date: "2026-03-20",
      expiration_date: "2026-04-04",
      total: "25.00",
    });
    expect(estimate.billing_address).toEqual({ label: customer.label, lines: ["1 rue de la Paix", "75002 Paris"], country: "FR" });
    expect(estimate.shipping_address?.lines).toEqual(["5 quai Rambaud", "69002 Lyon"]);
    expect(estimate.lines!.map((l) => [l.kind, l.sku, l.price, l.total])).toEqual([
      ["variant", mug.sku, "12.5000", "25.00"],
      ["text", null, "0.0000", "0.00"],
    ]);
    // A later change of the customer's address does not reprint the estimate.
    await db.update(t.customerAddresses).set({ city: "Marseille" }).where(eq(t.customerAddresses.customerId, customer.id));
    expect((await getEstimate(ctx, { id: estimate.id })).shipping_address?.lines).toEqual(["5 quai Rambaud", "69002 Lyon"]);
  });

  it("an estimate has no expiration date when estimate_expiration_days is zero", async () => {
    const { company, db, customer, location } = await salesWorld();
    await db.update(t.companySettings).set({ estimateExpirationDays: 0 });
    const estimate = await createEstimate(await ctxOf(company), { customer_id: customer.id, location_id: location, lines: [] });
    expect(estimate.expiration_date).toBeNull();
  });

  it("gives the exact cents of a document with line discounts, a global discount and a 20 % tax", async () => {
    const { token, db, customer, level, location } = await salesWorld();
    const vat = await makeTax(db, "20");
    const a = await pricedVariant(db, level, "19.99", [vat]);
    const b = await pricedVariant(db, level, "7.5", [vat]);
    const answer = await api(token, "POST", "/estimates", {
      customer_id: customer.id,
      location_id: location,
      global_discount: "5",
      lines: [
        { variant_id: a.id, quantity: "3", discount: "10" },
        { sku: b.sku.toLowerCase(), quantity: "2", discount: "1.25", discount_type: "amount" },
      ],
    });
    expect(answer.status).toBe(201);
    // 3 × 19.99 = 59.97 − 6.00 = 53.97; 2 × 7.50 = 15.00 − 1.25 = 13.75; 5 % of 67.72 = 3.39 shared 2.70 / 0.69;
    // taxes 20 % of 51.27 = 10.25 and of 13.06 = 2.61.
    expect(answer.body).toMatchObject({
      subtotal: "67.72",
      global_discount_amount: "3.39",
      total_excl_tax: "64.33",
      tax_total: "12.86",
      total: "77.19",
      total_units: "5.0000000",
    });
    expect(answer.body.lines.map((l: { total: string; tax_amount: string }) => [l.total, l.tax_amount])).toEqual([
      ["53.97", "10.25"],
      ["13.75", "2.61"],
    ]);
    // The same lines again give the same cents.
    const again = await api(token, "POST", "/estimates", {
      customer_id: customer.id,
      location_id: location,
      global_discount: "5",
      lines: [
        { variant_id: a.id, quantity: "3", discount: "10" },
        { sku: b.sku, quantity: "2", discount: "1.25", discount_type: "amount" },
      ],
    });
    expect(again.body.total).toBe("77.19");
  });

  it("a kit line brings its components as lines of their own, component_of_lid pointing at it, quantity the kit's times the requirement", async () => {
    const { company, db, customer, level, location } = await salesWorld();
    const kit = await pricedVariant(db, level, "30", [], { isKit: true });
    const part = await makeVariant(db);
    await db.insert(t.components).values({ parentVariantId: kit.id, componentVariantId: part.id, quantity: 3 * 10_000_000 });
    const estimate = await createEstimate(await ctxOf(company), {
      customer_id: customer.id,
      location_id: location,
      lines: [{ lid: "k", variant_id: kit.id, quantity: "2" }],
    });
    expect(estimate.lines!.map((l) => [l.lid, l.kind, l.component_of_lid, l.variant_id, l.quantity, l.total])).toEqual([
      ["k", "kit", null, kit.id, "2.0000000", "60.00"],
      [`k.${part.id}`, "variant", "k", part.id, "6.0000000", "0.00"],
    ]);
    expect(estimate.total).toBe("60.00");
  });

  it("a document cannot be saved without a location: location_id is named", async () => {
    const { token, customer } = await salesWorld();
    const answer = await api(token, "POST", "/estimates", { customer_id: customer.id, lines: [] });
    expect(answer.status).toBe(422);
    expect(fieldCodes(answer)).toEqual({ location_id: "required" });
  });

  it("names each line field it cannot resolve: an unknown variant, SKU or service, a line without a quantity", async () => {
    const { token, db, customer, level, location } = await salesWorld();
    const mug = await pricedVariant(db, level, "3");
    const answer = await api(token, "POST", "/estimates", {
      customer_id: customer.id,
      location_id: location,
      lines: [
        { variant_id: 999_999, quantity: "1" },
        { sku: "NOPE", quantity: "1" },
        { service_id: 999_999, quantity: "1" },
        { variant_id: mug.id },
      ],
    });
    expect(answer.status).toBe(422);
    expect(fieldCodes(answer)).toEqual({
      "lines.0.variant_id": "unknown_variant",
      "lines.1.sku": "unknown_variant",
      "lines.2.service_id": "unknown_service",
      "lines.3.quantity": "required",
    });
  });

  it("refuses an unknown customer, naming customer_id", async () => {
    const { token, location } = await salesWorld();
    const answer = await api(token, "POST", "/estimates", { customer_id: 999_999, location_id: location });
    expect(answer.status).toBe(422);
    expect(fieldCodes(answer)).toEqual({ customer_id: "unknown_customer" });
  });

  it("viewing asks view_estimates and every change edit_estimates, whatever the door", async () => {
    const { company, customer, location } = await salesWorld();
    const estimate = await createEstimate(await ctxOf(company), { customer_id: customer.id, location_id: location, lines: [] });
    const viewer = await ctxOf(company, { permissions: ["view_estimates"] });
    expect((await listEstimates(viewer, {})).items.map((e) => e.id)).toEqual([estimate.id]);
    await expect(createEstimate(viewer, { customer_id: customer.id, location_id: location })).rejects.toMatchObject({ code: "forbidden" });
    await expect(acceptEstimate(viewer, { id: estimate.id })).rejects.toMatchObject({ code: "forbidden" });
    const stranger = await ctxOf(company, { permissions: ["view_sales_orders"] });
    await expect(getEstimate(stranger, { id: estimate.id })).rejects.toMatchObject({ code: "forbidden" });
    await expect(listEstimates(stranger, {})).rejects.toMatchObject({ code: "forbidden" });
  });

  it("50 estimates created at once take DEV-000001 to DEV-000050, no gap and no duplicate", async () => {
    const { token, customer, location } = await salesWorld();
    const answers = await Promise.all(
      range(50).map(() =>
        api(token, "POST", "/estimates", { customer_id: customer.id, location_id: location, lines: [{ description: "Quote" }] }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expect(answers.map((a) => a.body.number).sort()).toEqual(range(50).map((n) => `DEV-${String(n).padStart(6, "0")}`));
  });

  it("the same Idempotency-Key gives back the first estimate instead of creating another", async () => {
    const { token, db, customer, location } = await salesWorld();
    const body = { customer_id: customer.id, location_id: location, lines: [{ description: "Quote" }] };
    const first = await api(token, "POST", "/estimates", body, { "idempotency-key": "quote-1" });
    const second = await api(token, "POST", "/estimates", body, { "idempotency-key": "quote-1" });
    expect(second.body.number).toBe(first.body.number);
    expect(await db.$count(t.salesDocuments)).toBe(1);
  });

  it("accept and reject follow the estimate's status machine", async () => {
    const { token, customer, location } = await salesWorld();
    const { body } = await api(token, "POST", "/estimates", { customer_id: customer.id, location_id: location });
    expect((await api(token, "POST", `/estimates/${body.id}/accept`)).body.status).toBe("accepted");
    const twice = await api(token, "POST", `/estimates/${body.id}/accept`);
    expect([twice.status, twice.body.error.code]).toEqual([409, "status_move_not_allowed"]);
    expect((await api(token, "POST", `/estimates/${body.id}/reject`)).body.status).toBe("rejected");
    expect((await api(token, "POST", `/estimates/${body.id}/accept`)).body.status).toBe("accepted");
  });

  it("an update replaces the lines and prices them again; fields left out stay as they were", async () => {
    const { token, db, customer, level, location } = await salesWorld();
    const mug = await pricedVariant(db, level, "4");
    const { body } = await api(token, "POST", "/estimates", {
      customer_id: customer.id,
      location_id: location,
      notes: "Thanks",
      global_discount: "10",
      lines: [{ variant_id: mug.id, quantity: "1" }],
    });
    const updated = await api(token, "PATCH", `/estimates/${body.id}`, { lines: [{ variant_id: mug.id, quantity: "5", price: "3" }] });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      number: body.number,
      notes: "Thanks",
      subtotal: "15.00",
      global_discount_amount: "1.50",
      total: "13.50",
    });
    const relabelled = await api(token, "PATCH", `/estimates/${body.id}`, { label: "Spring order" });
    expect(relabelled.body).toMatchObject({ label: "Spring order", total: "13.50" });
    expect(relabelled.body.lines.map((l: { quantity: string; price: string }) => [l.quantity, l.price])).toEqual([["5.0000000", "3.0000"]]);
  });

  it("a delete asks its acknowledgements, then removes the estimate", async () => {
    const { token, customer, location } = await salesWorld();
    const { body } = await api(token, "POST", "/estimates", { customer_id: customer.id, location_id: location });
    const bare = await api(token, "DELETE", `/estimates/${body.id}`);
    expect([bare.status, bare.body.error.code]).toEqual([422, "acknowledgement_required"]);
    expect((await api(token, "DELETE", `/estimates/${body.id}?acknowledge=cascade,inventory,irreversible`)).status).toBe(204);
    expect((await api(token, "GET", `/estimates/${body.id}`)).status).toBe(404);
  });
});
