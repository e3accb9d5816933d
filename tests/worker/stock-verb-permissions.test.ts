import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TenantDb } from "../../db/client";
import { bulkUpdateInventory } from "../../worker/domain/stock/bulk-update";
import { createBatch } from "../../worker/domain/stock/create-batch";
import { createStockDocument } from "../../worker/domain/stock/create-stock-document";
import { deleteStockDocument } from "../../worker/domain/stock/delete-stock-document";
import { getStockDocument } from "../../worker/domain/stock/get-stock-document";
import { listInventoryLogs } from "../../worker/domain/stock/inventory-logs";
import { listStockDocuments } from "../../worker/domain/stock/list-stock-documents";
import { updateStockLevel } from "../../worker/domain/stock/stock-levels";
import { updateStockDocument } from "../../worker/domain/stock/update-stock-document";
import { ctxOf, makeCompany } from "../support/factories";
import { firstLocation, makeVariant } from "../support/isolation/stock";

const forbidden = { code: "forbidden" };

/** What the stock verbs write: documents, their lines, the ledger, levels and batches. */
async function written(db: TenantDb) {
  const [row] = await db.all<Record<string, number>>(
    sql`select (select count(*) from stock_documents) as documents, (select count(*) from stock_document_lines) as lines,
      (select count(*) from inventory_logs) as logs, (select coalesce(sum(on_hand), 0) from stock_levels) as on_hand,
      (select count(*) from batches) as batches, (select coalesce(sum(reorder_point), 0) from stock_levels) as reorder_points`,
  );
  return row;
}

async function world() {
  const company = await makeCompany();
  const location = await firstLocation(company.db);
  const variant = await makeVariant(company.db);
  const tracked = await makeVariant(company.db, { batchTracked: true });
  const admin = await ctxOf(company);
  const entry = await createStockDocument(admin, {
    kind: "entry",
    location_id: location,
    lines: [{ variant_id: variant.id, quantity: "5" }],
  });
  return { company, location, variant, tracked, entry };
}

describe("each stock verb checks its own permission, whoever calls it", () => {
  it("a caller who may only read stock entries reads them but cannot create, change or delete one, nor touch other documents", async () => {
    const { company, location, variant, entry } = await world();
    const reader = await ctxOf(company, { permissions: ["view_stock_entries"] });
    const before = await written(company.db);

    expect((await listStockDocuments(reader, { kind: "entry", query: {} })).items.map((d) => d.id)).toEqual([entry.id]);
    expect((await getStockDocument(reader, { kind: "entry", id: entry.id })).id).toBe(entry.id);
    const line = { variant_id: variant.id, quantity: "1" };
    await expect(createStockDocument(reader, { kind: "entry", location_id: location, lines: [line] })).rejects.toMatchObject(forbidden);
    await expect(updateStockDocument(reader, { kind: "entry", id: entry.id, lines: [line] })).rejects.toMatchObject(forbidden);
    await expect(
      deleteStockDocument(reader, { kind: "entry", id: entry.id, acknowledged: ["inventory", "irreversible"] }),
    ).rejects.toMatchObject(forbidden);
    await expect(listStockDocuments(reader, { kind: "removal", query: {} })).rejects.toMatchObject(forbidden);
    await expect(createStockDocument(reader, { kind: "removal", location_id: location, lines: [line] })).rejects.toMatchObject(forbidden);
    expect(await written(company.db)).toEqual(before);
  });

  it("counts, stock levels, the ledger and batches are refused without the inventory and products permissions, and nothing changes", async () => {
    const { company, location, variant, tracked } = await world();
    const seller = await ctxOf(company, { permissions: ["view_products_inventory", "view_products"] });
    const before = await written(company.db);

    await expect(
      bulkUpdateInventory(seller, { location_id: location, lines: [{ variant_id: variant.id, counted: "9" }] }),
    ).rejects.toMatchObject(forbidden);
    const [level] = await company.db.all<{ id: number }>(sql`select id from stock_levels where variant_id = ${variant.id}`);
    await expect(updateStockLevel(seller, { id: level!.id, reorder_point: "3" })).rejects.toMatchObject(forbidden);
    await expect(createBatch(seller, { variant_id: tracked.id, number: "LOT-1" })).rejects.toMatchObject(forbidden);
    expect((await listInventoryLogs(seller, {})).items.length).toBeGreaterThan(0);
    await expect(listInventoryLogs(await ctxOf(company, { permissions: ["view_stock_entries"] }), {})).rejects.toMatchObject(forbidden);
    expect(await written(company.db)).toEqual(before);
  });
});
