import { tenantSchema } from "../../../db/client";
import { companyDb } from "../e2e-factories";
import { makeCustomer } from "../isolation/sales";
import { firstLocation } from "../isolation/stock";
import type { E2eCompany, PageArea } from "./types";

const { salesDocuments } = tenantSchema;

// Random ids far from the small ones of other companies, so that another company's id names nothing here.
const randomId = () => 1_000_000 + Math.floor(Math.random() * 1_000_000_000);

/** A sales document without lines, straight into the company's database. */
async function salesDocument(company: E2eCompany, type: "estimate" | "sales_order" | "shipping_order"): Promise<string> {
  const db = await companyDb(company.companyId);
  const id = randomId();
  const customer = await makeCustomer(db);
  await db.insert(salesDocuments).values({
    id,
    type,
    number: `PA-${id}`,
    customerId: customer.id,
    locationId: await firstLocation(db),
    date: "2026-01-01",
    status: type === "shipping_order" ? "make_the_shipment" : "pending",
    currency: "EUR",
    taxModel: "global",
    taxType: "tax_exclusive",
    taxPriority: "product",
    ...(type === "sales_order" ? { paymentStatus: "unpaid", shippingStatus: "not_delivered" } : {}),
  });
  return String(id);
}

export const pages: PageArea = {
  access: {
    "sales/estimates/:id/pdf": { kind: "permission", allOf: ["view_estimates"] },
    "sales/sales-orders/:id/pdf": { kind: "permission", allOf: ["view_sales_orders"] },
    "sales/estimates/:id/email": { kind: "action" },
    "sales/sales-orders/:id/email": { kind: "action" },
    "sales/shipping-orders/:id/pdf": { kind: "permission", allOf: ["view_shipping_orders"] },
    "sales/shipping-orders/:id/email": { kind: "action" },
  },
  records: {
    "sales/estimates/": (company) => salesDocument(company, "estimate"),
    "sales/sales-orders/": (company) => salesDocument(company, "sales_order"),
    "sales/shipping-orders/": (company) => salesDocument(company, "shipping_order"),
  },
};
