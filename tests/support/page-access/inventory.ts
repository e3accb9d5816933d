import { tenantSchema } from "../../../db/client";
import { companyDb } from "../e2e-factories";
import { firstLocation, makeLocation, makeVariant } from "../isolation/stock";
import type { E2eCompany, PageArea } from "./types";

const { stockDocuments, purchaseOrders, suppliers } = tenantSchema;

// Random ids far from the small ones of other companies, so that another company's id names nothing here.
const randomId = () => 1_000_000 + Math.floor(Math.random() * 1_000_000_000);

async function stockDocument(company: E2eCompany, type: "entry" | "removal" | "movement"): Promise<string> {
  const db = await companyDb(company.companyId);
  const id = randomId();
  const location = await firstLocation(db);
  const arrival = type === "movement" ? await makeLocation(db) : null;
  await db
    .insert(stockDocuments)
    .values({ id, type, number: `PA-${id}`, locationId: location, arrivalLocationId: arrival, date: "2025-01-01" });
  return String(id);
}

/** A purchase order (and its supplier) of the company, at a random id. */
async function purchaseOrder(company: E2eCompany): Promise<number> {
  const db = await companyDb(company.companyId);
  const [supplier] = await db.insert(suppliers).values({ name: "Page access supplier" }).returning({ id: suppliers.id });
  const id = randomId();
  await db.insert(purchaseOrders).values({
    id,
    number: `PA-${id}`,
    supplierId: supplier!.id,
    locationId: await firstLocation(db),
    date: "2025-01-01",
    status: "pending",
    currency: "EUR",
    taxModel: "global",
    taxType: "tax_exclusive",
    taxPriority: "product",
  });
  return id;
}

export const pages: PageArea = {
  access: {
    "inventory/stock-level": { kind: "permission", allOf: ["view_products_inventory"] },
    "inventory/inventory-logs": { kind: "permission", allOf: ["view_products_inventory"] },
    "inventory/inventory-bulk-update": { kind: "permission", allOf: ["view_products_inventory", "edit_products_inventory"] },
    "inventory/purchase-orders": { kind: "permission", allOf: ["view_purchase_orders"] },
    "inventory/purchase-orders/create": { kind: "permission", allOf: ["edit_purchase_orders"] },
    "inventory/purchase-orders/edit": { kind: "redirect", to: "/inventory/purchase-orders/create", allOf: ["edit_purchase_orders"] },
    "inventory/purchase-orders/:id": { kind: "permission", allOf: ["view_purchase_orders"] },
    "inventory/purchase-orders/:id/edit": { kind: "permission", allOf: ["edit_purchase_orders"] },
    "inventory/purchase-orders/:id/pdf": { kind: "permission", allOf: ["view_purchase_orders"] },
    "inventory/deliveries": { kind: "permission", allOf: ["view_deliveries"] },
    "inventory/deliveries/:id": { kind: "permission", allOf: ["view_deliveries"] },
    "inventory/stock-entries": { kind: "permission", allOf: ["view_stock_entries"] },
    "inventory/stock-entries/create": { kind: "permission", allOf: ["edit_stock_entries"] },
    "inventory/stock-entries/edit": { kind: "redirect", to: "/inventory/stock-entries/create", allOf: ["edit_stock_entries"] },
    "inventory/stock-entries/:id": { kind: "permission", allOf: ["view_stock_entries"] },
    "inventory/stock-entries/:id/edit": { kind: "permission", allOf: ["edit_stock_entries"] },
    "inventory/stock-removals": { kind: "permission", allOf: ["view_stock_removals"] },
    "inventory/stock-removals/create": { kind: "permission", allOf: ["edit_stock_removals"] },
    "inventory/stock-removals/edit": { kind: "redirect", to: "/inventory/stock-removals/create", allOf: ["edit_stock_removals"] },
    "inventory/stock-removals/:id": { kind: "permission", allOf: ["view_stock_removals"] },
    "inventory/stock-removals/:id/edit": { kind: "permission", allOf: ["edit_stock_removals"] },
    "inventory/stock-movements": { kind: "permission", allOf: ["view_stock_movements"] },
    "inventory/stock-movements/create": { kind: "permission", allOf: ["edit_stock_movements"] },
    "inventory/stock-movements/edit": { kind: "redirect", to: "/inventory/stock-movements/create", allOf: ["edit_stock_movements"] },
    "inventory/stock-movements/:id": { kind: "permission", allOf: ["view_stock_movements"] },
    "inventory/stock-movements/:id/edit": { kind: "permission", allOf: ["edit_stock_movements"] },
    "products-and-services/batches": { kind: "permission", allOf: ["view_products", "batch_tracking"] },
    // :id is the variant (batches/{variant}).
    "products-and-services/batches/:id": { kind: "permission", allOf: ["view_products", "batch_tracking"] },
    "products-and-services/transform-assembly": { kind: "permission", allOf: ["edit_products_inventory", "assemblies"] },
  },
  records: {
    "inventory/purchase-orders/": async (company) => String(await purchaseOrder(company)),
    "inventory/deliveries/": async (company) => {
      const db = await companyDb(company.companyId);
      const order = await purchaseOrder(company);
      const id = randomId();
      await db.insert(stockDocuments).values({
        id,
        type: "delivery",
        number: `PA-${id}`,
        locationId: await firstLocation(db),
        date: "2025-01-01",
        purchaseOrderId: order,
        status: "delivered",
      });
      return String(id);
    },
    "inventory/stock-entries/": (company) => stockDocument(company, "entry"),
    "inventory/stock-removals/": (company) => stockDocument(company, "removal"),
    "inventory/stock-movements/": (company) => stockDocument(company, "movement"),
    "products-and-services/batches/": async (company) => {
      const db = await companyDb(company.companyId);
      const variant = await makeVariant(db, { batchTracked: true, id: randomId() });
      return String(variant.id);
    },
  },
};
