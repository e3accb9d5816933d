import { tenantSchema } from "../../../db/client";
import { companyDb } from "../e2e-factories";
import { firstLocation } from "../isolation/stock";
import type { PageArea } from "./types";

const { purchaseOrders, suppliers } = tenantSchema;

// A random id far from the small ones of other companies, so that another company's id names nothing here.
const randomId = () => 1_000_000 + Math.floor(Math.random() * 1_000_000_000);

export const pages: PageArea = {
  access: {
    "inventory/reorder": { kind: "permission", allOf: ["view_purchase_orders"] },
    "inventory/backorder": { kind: "permission", allOf: ["view_purchase_orders"] },
    // :id names the orders the wizard made (ids joined by "-"): here one order of the company.
    "inventory/backorder/:id": { kind: "permission", allOf: ["view_purchase_orders"] },
  },
  records: {
    "inventory/backorder/": async (company) => {
      const db = await companyDb(company.companyId);
      const [supplier] = await db.insert(suppliers).values({ name: "Backorder supplier" }).returning({ id: suppliers.id });
      const id = randomId();
      await db.insert(purchaseOrders).values({
        id,
        number: `BO-${id}`,
        supplierId: supplier!.id,
        locationId: await firstLocation(db),
        date: "2025-01-01",
        status: "pending",
        currency: "EUR",
        taxModel: "global",
        taxType: "tax_exclusive",
        taxPriority: "product",
      });
      return String(id);
    },
  },
};
