import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { customerCountries } from "../../worker/domain/contacts/list-customers";
import { ctxOf } from "../support/factories";
import { makeCustomer } from "../support/isolation/sales";
import { salesWorld } from "./sales-fixtures";

const t = tenantSchema;

describe("the customers list's country filter offers the countries of the company's customers", () => {
  it("gives each country of an address once, none for an address without one, and nothing of another company", async () => {
    const w = await salesWorld();
    const other = await salesWorld();
    const second = await makeCustomer(w.db, { priceLevelId: w.level });
    await w.db.insert(t.customerAddresses).values([
      { customerId: w.customer.id, type: "billing", defaultBilling: true, city: "Paris", country: "FR" },
      { customerId: w.customer.id, type: "shipping", defaultShipping: true, city: "Lyon", country: "FR" },
      { customerId: second.id, type: "billing", defaultBilling: true, city: "Geneva", country: "CH" },
      { customerId: second.id, type: "shipping", city: "Nowhere", country: null },
    ]);
    await other.db.insert(t.customerAddresses).values({ customerId: other.customer.id, type: "billing", city: "Rome", country: "IT" });

    expect((await customerCountries(await ctxOf(w.company))).sort()).toEqual(["CH", "FR"]);
    expect(await customerCountries(await ctxOf(other.company))).toEqual(["IT"]);
    // The country the list already filters on stays offered, typed in either case, and once.
    expect((await customerCountries(await ctxOf(other.company), { filtered: "be" })).sort()).toEqual(["BE", "IT"]);
    expect(await customerCountries(await ctxOf(other.company), { filtered: "IT" })).toEqual(["IT"]);
  });

  it("is refused to a user who may not see customers", async () => {
    const w = await salesWorld();
    await expect(customerCountries(await ctxOf(w.company, { permissions: ["view_products"] }))).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});
