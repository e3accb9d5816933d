import { describe, expect, it } from "vitest";
import { atAGlance } from "../../worker/domain/dashboard/at-a-glance";
import { ctxOf, makeCompany } from "../support/factories";
import { callApiJson } from "../support/fetch-app";

describe("the dashboard's figures", () => {
  it("counts what waits on the user, and hides what the user may not see", async () => {
    const company = await makeCompany();
    const owner = await ctxOf(company);
    const before = await atAGlance(owner);
    for (const label of ["Active one", "Active two", "Made inactive"]) {
      const created = await callApiJson("POST", "/customers", company.token, { label });
      expect(created.status).toBe(201);
      if (label === "Made inactive")
        expect((await callApiJson("POST", `/customers/${created.body.id}/disable`, company.token)).status).toBeLessThan(300);
    }
    const after = await atAGlance(owner);
    expect(after.activeCustomers).toBe(before.activeCustomers! + 2);
    expect(after).toMatchObject({ estimatesPending: 0, salesOrdersOpen: 0, invoicesToCollect: 0 });

    const clerk = await ctxOf(company, { permissions: ["view_customers"] });
    expect(await atAGlance(clerk)).toEqual({
      estimatesPending: null,
      salesOrdersOpen: null,
      invoicesToCollect: null,
      activeProducts: null,
      activeCustomers: after.activeCustomers,
    });
  });
});
