import { sql } from "drizzle-orm";
import { keptSelect, tenantSchema, type TenantDb } from "../../../db/client";
import type { Permission } from "../identity/permissions";
import { can, requireBackOffice, type Ctx } from "../shared/ctx";

/**
 * The dashboard's figures: what waits on the user today, each counted only for those who may see
 * its records (a null is a figure the user may not see, not a zero).
 */
export interface AtAGlance {
  estimatesPending: number | null;
  salesOrdersOpen: number | null;
  invoicesToCollect: number | null;
  activeProducts: number | null;
  activeCustomers: number | null;
}

const OPEN_ORDERS = ["pending_validation", "pending", "in_progress"];
const TO_COLLECT = ["unpaid", "partially_paid", "partially_credited"];

const { salesDocuments: d, products: p, customers: c } = tenantSchema;
const count = (type: string, statuses: string[]) =>
  sql<number>`(select count(*) from ${d} where ${d.type} = ${type} and ${d.status} in (${sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  )}))`.mapWith(Number);

// Every figure in one statement, built once per isolate (each visit of the dashboard sends it).
const readFigures = keptSelect((db: TenantDb) =>
  db
    .select({
      estimates: count("estimate", ["pending"]),
      orders: count("sales_order", OPEN_ORDERS),
      invoices: count("invoice", TO_COLLECT),
      products: sql<number>`(select count(*) from ${p} where ${p.active} = 1)`.mapWith(Number),
      customers: sql<number>`(select count(*) from ${c} where ${c.active} = 1)`.mapWith(Number),
    })
    .from(sql`(select 1)`),
);

/** One read of the company's database for every figure. */
export async function atAGlance(ctx: Ctx): Promise<AtAGlance> {
  requireBackOffice(ctx);
  const [row] = await readFigures(ctx.db);
  const seen = (permission: Permission, value: number | undefined) => (can(ctx, { allOf: [permission] }) ? (value ?? 0) : null);
  return {
    estimatesPending: seen("view_estimates", row?.estimates),
    salesOrdersOpen: seen("view_sales_orders", row?.orders),
    invoicesToCollect: seen("view_invoices", row?.invoices),
    activeProducts: seen("view_products", row?.products),
    activeCustomers: seen("view_customers", row?.customers),
  };
}
