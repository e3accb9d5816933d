import { tenantSchema } from "../../../db/client";
import { companyDb } from "../e2e-factories";
import type { PageArea } from "./types";

const { customers, suppliers, employees } = tenantSchema;

const randomId = () => 1_000_000 + Math.floor(Math.random() * 1_000_000_000);

export const pages: PageArea = {
  access: {
    "contacts/customers": { kind: "permission", allOf: ["view_customers"] },
    "contacts/customers/create": { kind: "permission", allOf: ["edit_customers"] },
    "contacts/customers/:id": { kind: "permission", allOf: ["view_customers"] },
    "contacts/customers/:id/edit": { kind: "permission", allOf: ["edit_customers"] },
    "contacts/suppliers": { kind: "permission", allOf: ["view_suppliers"] },
    "contacts/suppliers/create": { kind: "permission", allOf: ["edit_suppliers"] },
    "contacts/suppliers/:id": { kind: "permission", allOf: ["view_suppliers"] },
    "contacts/suppliers/:id/edit": { kind: "permission", allOf: ["edit_suppliers"] },
    "contacts/employees": { kind: "permission", allOf: ["view_employees"] },
    "contacts/employees/create": { kind: "permission", allOf: ["edit_employees"] },
    "contacts/employees/:id": { kind: "permission", allOf: ["view_employees"] },
    "contacts/employees/:id/edit": { kind: "permission", allOf: ["edit_employees"] },
    "contacts/contacts-settings": { kind: "redirect", to: "/contacts/contacts-settings/customer-tags", allOf: ["edit_customers"] },
    "contacts/contacts-settings/customer-tags": { kind: "permission", allOf: ["edit_customers"] },
    "contacts/contacts-settings/supplier-tags": { kind: "permission", allOf: ["edit_suppliers"] },
  },
  records: {
    // Random ids far from the small ones of other companies, so that another company's id names nothing here.
    "contacts/customers/": async (company) => {
      const db = await companyDb(company.companyId);
      const id = randomId();
      await db.insert(customers).values({ id, number: id, label: "Page access customer", emails: ["buyer@example.test"] });
      return String(id);
    },
    "contacts/suppliers/": async (company) => {
      const db = await companyDb(company.companyId);
      const id = randomId();
      await db.insert(suppliers).values({ id, name: "Page access supplier", address1: "1 rue de la Paix", country: "FR" });
      return String(id);
    },
    "contacts/employees/": async (company) => {
      const db = await companyDb(company.companyId);
      const id = randomId();
      await db.insert(employees).values({ id, label: "Page access employee" });
      return String(id);
    },
  },
};
