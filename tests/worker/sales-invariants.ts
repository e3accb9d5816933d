import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { TenantDb } from "../../db/client";

const num = (value: unknown) => Number(value ?? 0);

/**
 * What must hold of a variant at a location whatever happened to the documents: on hand equals its
 * ledger; stock_levels.committed equals what the sales orders' lines hold (a cancelled order none);
 * each shipping order's ledger rows net to what its status says left (its units when shipped or
 * delivered, else nothing, so a cancelled one nets to zero); and a cancelled order has only
 * cancelled shipping orders. `round` names the step in the messages.
 */
export async function assertStockHolds(db: TenantDb, variantId: number, locationId: number, round: number | string) {
  const [level] = await db.all<{ on_hand: number; committed: number }>(
    sql`select on_hand, committed from stock_levels where variant_id = ${variantId} and location_id = ${locationId}`,
  );
  const [ledger] = await db.all<{ total: number }>(
    sql`select coalesce(sum(change), 0) as total from inventory_logs where variant_id = ${variantId} and location_id = ${locationId}`,
  );
  expect(num(level!.on_hand), `round ${round}: on hand equals the ledger`).toBe(num(ledger!.total));
  const [held] = await db.all<{ live: number; cancelled: number }>(
    sql`select coalesce(sum(case when d.status <> 'cancelled' then l.committed_units end), 0) as live,
      coalesce(sum(case when d.status = 'cancelled' then l.committed_units end), 0) as cancelled
      from sales_document_lines l join sales_documents d on d.id = l.document_id
      where d.type = 'sales_order' and d.location_id = ${locationId} and l.variant_id = ${variantId}`,
  );
  expect(num(level!.committed), `round ${round}: committed equals what live orders hold`).toBe(num(held!.live));
  expect(num(held!.cancelled), `round ${round}: a cancelled order holds nothing`).toBe(0);
  const shipments = await db.all<{ id: number; status: string; order_status: string; units: number; net: number }>(
    sql`select s.id, s.status, o.status as order_status,
      (select coalesce(sum(units), 0) from sales_document_lines where document_id = s.id and kind = 'variant') as units,
      (select coalesce(sum(change), 0) from inventory_logs where document_type = 'shipping_order' and document_id = s.id) as net
      from sales_documents s join sales_documents o on o.id = s.created_from_id where s.type = 'shipping_order'`,
  );
  for (const s of shipments) {
    const out = s.status === "shipped" || s.status === "delivered";
    expect(num(s.net), `round ${round}: shipping order ${s.id} (${s.status}) has its goods out only while shipped`).toBe(
      out ? -num(s.units) : 0,
    );
    if (s.order_status === "cancelled") expect(s.status, `round ${round}: shipping order ${s.id} of a cancelled order`).toBe("cancelled");
  }
}
