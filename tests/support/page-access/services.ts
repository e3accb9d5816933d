import { tenantSchema } from "../../../db/client";
import { companyDb } from "../e2e-factories";
import type { PageArea } from "./types";

export const pages: PageArea = {
  access: {
    "products-and-services/services": { kind: "permission", allOf: ["view_services"] },
    "products-and-services/services/create": { kind: "permission", allOf: ["edit_services"] },
    "products-and-services/services/:id": { kind: "permission", allOf: ["view_services"] },
    "products-and-services/services/:id/edit": { kind: "permission", allOf: ["edit_services"] },
  },
  records: {
    // A random id far from the small ones of other companies, so that another company's id names nothing here.
    "products-and-services/services/": async (company) => {
      const db = await companyDb(company.companyId);
      const [row] = await db
        .insert(tenantSchema.services)
        .values({
          id: 1_000_000 + Math.floor(Math.random() * 1_000_000_000),
          reference: `PA-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
          label: "Page access service",
        })
        .returning({ id: tenantSchema.services.id });
      return String(row!.id);
    },
  },
};
