import { sql } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { firstLocation } from "./stock";
import type { IsolationArea, IsolationCompany } from "./types";

const t = tenantSchema;
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

async function freeId(theirs: IsolationCompany, mine: IsolationCompany, table: string) {
  const highest = async (company: IsolationCompany) => {
    const [row] = await company.db.all<{ max: number | null }>(sql.raw(`select max(id) as max from ${table}`));
    return Number(row?.max ?? 0);
  };
  return Math.max(await highest(theirs), await highest(mine)) + 1;
}

/** A purchase order of `theirs` (with its supplier), at an id `mine` does not have. */
async function theirOrder(theirs: IsolationCompany, mine: IsolationCompany) {
  const [supplier] = await theirs.db.insert(t.suppliers).values({ name: "Theirs" }).returning({ id: t.suppliers.id });
  const [order] = await theirs.db
    .insert(t.purchaseOrders)
    .values({
      id: await freeId(theirs, mine, "purchase_orders"),
      number: `ISO-${unique()}`,
      supplierId: supplier!.id,
      locationId: await firstLocation(theirs.db),
      date: "2025-01-01",
      status: "pending",
      currency: "EUR",
      taxModel: "global",
      taxType: "tax_exclusive",
      taxPriority: "product",
    })
    .returning({ id: t.purchaseOrders.id });
  return order!.id;
}

export const isolation: IsolationArea = {
  bodies: {
    "post /purchase-orders": { supplier_id: 1, location_id: 1, lines: [{ variant_id: 1, quantity: "1" }] },
    "patch /purchase-orders/{id}": { notes: "Changed" },
    "post /purchase-orders/{id}/complete": {},
    "post /purchase-orders/{id}/email": { to: "isolation@example.test" },
    "post /purchase-orders/{id}/cancel": {},
    "post /deliveries": { purchase_order_id: 1 },
    "post /deliveries/{id}/cancel": {},
  },
  records: {
    "/purchase-orders/": async (theirs, mine) => String(await theirOrder(theirs, mine)),
    "/deliveries/": async (theirs, mine) => {
      const order = await theirOrder(theirs, mine);
      const [doc] = await theirs.db
        .insert(t.stockDocuments)
        .values({
          id: await freeId(theirs, mine, "stock_documents"),
          type: "delivery",
          number: `ISO-${unique()}`,
          locationId: await firstLocation(theirs.db),
          date: "2025-01-01",
          purchaseOrderId: order,
          status: "delivered",
        })
        .returning({ id: t.stockDocuments.id });
      return String(doc!.id);
    },
  },
};
