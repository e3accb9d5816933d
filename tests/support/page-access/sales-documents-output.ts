import { createCustomer } from "../../../worker/domain/contacts/create-customer";
import { createEstimate } from "../../../worker/domain/sales/create-estimate";
import { createSalesOrder } from "../../../worker/domain/sales/create-sales-order";
import { companyCtx, companyDb } from "../e2e-factories";
import { firstLocation } from "../isolation/stock";
import type { E2eCompany, PageArea } from "./types";

/** A customer and the first location of the company, for a document without lines. */
async function documentTerms(company: E2eCompany) {
  const ctx = await companyCtx(company.companyId);
  const customer = await createCustomer(ctx, { label: `PDF customer ${company.companyId}` });
  return { ctx, terms: { customer_id: customer.id, location_id: await firstLocation(await companyDb(company.companyId)) } };
}

export const pages: PageArea = {
  access: {
    "sales/estimates/:id/pdf": { kind: "permission", allOf: ["view_estimates"] },
    "sales/sales-orders/:id/pdf": { kind: "permission", allOf: ["view_sales_orders"] },
    "sales/estimates/:id/email": { kind: "action" },
    "sales/sales-orders/:id/email": { kind: "action" },
  },
  records: {
    "sales/estimates/": async (company) => {
      const { ctx, terms } = await documentTerms(company);
      return String((await createEstimate(ctx, terms)).id);
    },
    "sales/sales-orders/": async (company) => {
      const { ctx, terms } = await documentTerms(company);
      return String((await createSalesOrder(ctx, terms)).id);
    },
  },
};
