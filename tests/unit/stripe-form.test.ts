import { describe, expect, it } from "vitest";
import { parseStripeForm } from "../../scripts/lib/fake-stripe";
import { formEncode, periodEnd } from "../../worker/integrations/stripe/client";

describe("Stripe's form bodies", () => {
  it("nest objects and arrays in brackets, leave out null and undefined, and keep an empty string (which unsets)", () => {
    const body = formEncode({
      customer: "cus_1",
      items: [{ price_data: { currency: "eur", unit_amount: 7900, recurring: { interval: "month", interval_count: 1 } }, quantity: 2 }],
      discounts: undefined,
      cancel_at_period_end: false,
      pause_collection: "",
      metadata: { company_id: "c 1&2" },
      skipped: null,
    });
    expect(body.split("&").map(decodeURIComponent)).toEqual([
      "customer=cus_1",
      "items[0][price_data][currency]=eur",
      "items[0][price_data][unit_amount]=7900",
      "items[0][price_data][recurring][interval]=month",
      "items[0][price_data][recurring][interval_count]=1",
      "items[0][quantity]=2",
      "cancel_at_period_end=false",
      "pause_collection=",
      "metadata[company_id]=c 1&2",
    ]);
  });

  it("read back as Stripe reads them", () => {
    const body = formEncode({ items: [{ id: "si_1", deleted: true }, { quantity: 3 }], expand: ["setup_intent.payment_method"] });
    expect(parseStripeForm(body)).toEqual({
      items: [{ id: "si_1", deleted: "true" }, { quantity: "3" }],
      expand: ["setup_intent.payment_method"],
    });
    expect(parseStripeForm("expand[]=a&expand[]=b")).toEqual({ expand: ["a", "b"] });
  });

  it("find a subscription's period end on the subscription or, in newer API versions, on its items", () => {
    const base = { id: "sub", customer: "cus", status: "active", cancel_at_period_end: false };
    expect(periodEnd({ ...base, current_period_end: 10, items: { data: [] } })).toBe(10);
    expect(
      periodEnd({
        ...base,
        items: {
          data: [
            { id: "a", current_period_end: 5 },
            { id: "b", current_period_end: 7 },
          ],
        },
      }),
    ).toBe(7);
    expect(periodEnd({ ...base, items: { data: [{ id: "a" }] } })).toBeNull();
  });
});
