import type { SalesDocumentType } from "../../../db/schema/tenant/sales";
import { companyDb } from "../e2e-factories";
import { makeCustomer, makeSalesDocument } from "../isolation/sales";
import { firstLocation } from "../isolation/stock";
import type { E2eCompany, PageArea } from "./types";

// Random ids far from the small ones of other companies, so that another company's id names nothing here.
const randomId = () => 1_000_000 + Math.floor(Math.random() * 1_000_000_000);

async function salesDocument(company: E2eCompany, type: SalesDocumentType): Promise<string> {
  const db = await companyDb(company.companyId);
  const id = randomId();
  const customer = await makeCustomer(db);
  await makeSalesDocument(db, {
    id,
    type,
    number: `PA-${id}`,
    customerId: customer.id,
    locationId: await firstLocation(db),
    date: "2025-01-01",
    status:
      type === "shipping_order"
        ? "make_the_shipment"
        : type === "invoice"
          ? "draft"
          : type === "subscription"
            ? "active"
            : type === "product_return"
              ? "reverted"
              : "pending",
  });
  return String(id);
}

export const pages: PageArea = {
  access: {
    "sales/estimates": { kind: "permission", allOf: ["view_estimates"] },
    "sales/estimates/create": { kind: "permission", allOf: ["edit_estimates"] },
    "sales/estimates/:id": { kind: "permission", allOf: ["view_estimates"] },
    "sales/estimates/:id/edit": { kind: "permission", allOf: ["edit_estimates"] },
    "sales/sales-orders": { kind: "permission", allOf: ["view_sales_orders"] },
    "sales/sales-orders/create": { kind: "permission", allOf: ["edit_sales_orders"] },
    "sales/sales-orders/:id": { kind: "permission", allOf: ["view_sales_orders"] },
    "sales/sales-orders/:id/edit": { kind: "permission", allOf: ["edit_sales_orders"] },
    "sales/invoices": { kind: "permission", allOf: ["view_invoices"] },
    "sales/invoices/create": { kind: "permission", allOf: ["edit_invoices"] },
    "sales/invoices/:id": { kind: "permission", allOf: ["view_invoices"] },
    "sales/invoices/:id/edit": { kind: "permission", allOf: ["edit_invoices"] },
    "sales/product-returns": { kind: "permission", allOf: ["view_product_returns"] },
    "sales/product-returns/create": { kind: "permission", allOf: ["edit_product_returns"] },
    "sales/product-returns/:id": { kind: "permission", allOf: ["view_product_returns"] },
    "sales/credit-notes": { kind: "permission", allOf: ["view_credit_notes"] },
    "sales/credit-notes/:id": { kind: "permission", allOf: ["view_credit_notes"] },
    "sales/refunds": { kind: "permission", allOf: ["view_refunds"] },
    "sales/refunds/:id": { kind: "permission", allOf: ["view_refunds"] },
    "sales/subscriptions": { kind: "permission", allOf: ["view_subscriptions"] },
    "sales/subscriptions/create": { kind: "permission", allOf: ["edit_subscriptions"] },
    "sales/subscriptions/:id": { kind: "permission", allOf: ["view_subscriptions"] },
    "sales/subscriptions/:id/edit": { kind: "permission", allOf: ["edit_subscriptions"] },
    "sales/shipping-orders": { kind: "permission", allOf: ["view_shipping_orders"] },
    "sales/shipping-orders/:id": { kind: "permission", allOf: ["view_shipping_orders"] },
    // No verb edits a shipping order: its edit address opens its page, which says so.
    "sales/shipping-orders/:id/edit": {
      kind: "redirect",
      to: "/sales/shipping-orders/:id?notice=not_editable",
      allOf: ["edit_shipping_orders"],
    },
    // Each document's PDF, for its readers; its email, a form target of its page.
    "sales/estimates/:id/pdf": { kind: "permission", allOf: ["view_estimates"] },
    "sales/sales-orders/:id/pdf": { kind: "permission", allOf: ["view_sales_orders"] },
    "sales/shipping-orders/:id/pdf": { kind: "permission", allOf: ["view_shipping_orders"] },
    "sales/invoices/:id/pdf": { kind: "permission", allOf: ["view_invoices"] },
    "sales/credit-notes/:id/pdf": { kind: "permission", allOf: ["view_credit_notes"] },
    "sales/refunds/:id/pdf": { kind: "permission", allOf: ["view_refunds"] },
    "sales/estimates/:id/email": { kind: "action" },
    "sales/sales-orders/:id/email": { kind: "action" },
    "sales/shipping-orders/:id/email": { kind: "action" },
    "sales/invoices/:id/email": { kind: "action" },
    "sales/credit-notes/:id/email": { kind: "action" },
    "sales/refunds/:id/email": { kind: "action" },
    // Any of the edit permissions (the line editor of estimates, sales orders and invoices).
    "sales/line-facts": { kind: "permission", allOf: [] },
  },
  records: {
    "sales/estimates/": (company) => salesDocument(company, "estimate"),
    "sales/sales-orders/": (company) => salesDocument(company, "sales_order"),
    "sales/shipping-orders/": (company) => salesDocument(company, "shipping_order"),
    "sales/invoices/": (company) => salesDocument(company, "invoice"),
    "sales/subscriptions/": (company) => salesDocument(company, "subscription"),
    "sales/product-returns/": (company) => salesDocument(company, "product_return"),
    "sales/credit-notes/": (company) => salesDocument(company, "credit_note"),
    "sales/refunds/": (company) => salesDocument(company, "refund"),
  },
};
