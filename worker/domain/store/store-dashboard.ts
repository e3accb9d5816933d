import { and, count, desc, eq, gte, isNotNull, ne, sql } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { PRICE_SCALE } from "../shared/money";
import { readable, storedDecimal } from "../shared/stored-figures";
import { STORE_ADMIN_VIEW } from "./settings/store-settings-verbs";

const t = tenantSchema;

/** Portal lists are 10 long (platform spec §9). */
export const STORE_DASHBOARD_LIST = 10;

export interface StoreDashboard {
  /** Orders placed in the store that wait for staff to validate them, newest first. */
  pendingOrders: { id: number; number: string; customer: string; date: string; total: string; currency: string }[];
  pendingCount: number;
  /** The customers whose buyers came last. */
  lastBuyers: { id: number; label: string; last_access: number }[];
  customersWithAccess: number;
  accessRequests: number;
  /** Sales orders of the store's customers since the first of the month (cancelled ones aside), per currency. */
  monthSales: { currency: string; count: number; total: string }[];
}

/** The store's dashboard (platform spec §7 'Portal'): its orders to validate, its buyers and its sales, in one round trip. */
export async function getStoreDashboard(ctx: Ctx, input: { today: string }): Promise<StoreDashboard> {
  requirePermission(ctx, STORE_ADMIN_VIEW);
  const { db } = ctx;
  const d = t.salesDocuments;
  const c = t.customers;
  const monthStart = `${input.today.slice(0, 7)}-01`;
  const pending = and(eq(d.type, "sales_order"), eq(d.status, "pending_validation"));
  const [orders, [pendingCount], lastBuyers, [withAccess], [requests], sales] = await db.batch([
    db
      .select({ id: d.id, number: d.number, customer: c.label, date: d.date, total: readable(d.total), currency: d.currency })
      .from(d)
      .innerJoin(c, eq(c.id, d.customerId))
      .where(pending)
      .orderBy(desc(d.id))
      .limit(STORE_DASHBOARD_LIST),
    db.select({ n: count() }).from(d).where(pending),
    db
      .select({ id: c.id, label: c.label, lastAccess: c.b2bUserLastAccess })
      .from(c)
      .where(isNotNull(c.b2bUserLastAccess))
      .orderBy(desc(c.b2bUserLastAccess))
      .limit(STORE_DASHBOARD_LIST),
    db.select({ n: count() }).from(c).where(eq(c.b2bAccess, "granted")),
    db.select({ n: count() }).from(t.storeAccessRequests).where(eq(t.storeAccessRequests.status, "requested")),
    db
      .select({ currency: d.currency, n: count(), total: readable(sql`sum(${d.total})`) })
      .from(d)
      .innerJoin(c, eq(c.id, d.customerId))
      .where(and(eq(d.type, "sales_order"), ne(d.status, "cancelled"), gte(d.date, monthStart), ne(c.b2bAccess, "none")))
      .groupBy(d.currency)
      .orderBy(d.currency),
  ]);
  return {
    // Orders always have a number (only a draft invoice goes without).
    pendingOrders: orders.map((o) => ({ ...o, number: o.number ?? "", total: storedDecimal(o.total, PRICE_SCALE).toString() })),
    pendingCount: pendingCount?.n ?? 0,
    lastBuyers: lastBuyers.map((b) => ({ id: b.id, label: b.label, last_access: b.lastAccess! })),
    customersWithAccess: withAccess?.n ?? 0,
    accessRequests: requests?.n ?? 0,
    monthSales: sales.map((s) => ({ currency: s.currency, count: s.n, total: storedDecimal(s.total ?? 0, PRICE_SCALE).toString() })),
  };
}
