import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { action as countAction } from "../../app/routes/inventory/inventory-bulk-update";
import { makeCompany } from "../support/factories";
import { formPost, pageContext } from "../support/page-context";
import { callApiJson as call } from "../support/fetch-app";
import { firstLocation, makeVariant } from "../support/isolation/stock";

// Lines typed by SKU and batch number are resolved by the stock document verbs, for the pages and the API alike.
describe("stock document lines named by SKU and batch number", () => {
  it("saves an entry whose lines name their variant by SKU (any case) and their batch by its number", async () => {
    const company = await makeCompany();
    const location = await firstLocation(company.db);
    const plain = await makeVariant(company.db);
    const tracked = await makeVariant(company.db, { batchTracked: true });
    const [batch] = await company.db
      .insert(tenantSchema.batches)
      .values({ variantId: tracked.id, number: "LOT-42", expirationDate: "2031-01-31" })
      .returning();
    const entry = await call("POST", "/stock-entries", company.token, {
      location_id: location,
      lines: [
        { sku: plain.sku.toLowerCase(), quantity: "4" },
        { sku: tracked.sku, batch: "lot-42", quantity: "2" },
      ],
    });
    expect(entry.status).toBe(201);
    expect(entry.body.lines).toMatchObject([
      { variant_id: plain.id, batch_id: null },
      { variant_id: tracked.id, batch_id: batch!.id },
    ]);

    const changed = await call("PATCH", `/stock-entries/${entry.body.id}`, company.token, { lines: [{ sku: plain.sku, quantity: "5" }] });
    expect(changed.status).toBe(200);
    expect(changed.body.lines).toMatchObject([{ variant_id: plain.id }]);
  });

  it("refuses an unknown SKU, a blank one and an unknown batch number on their own lines, and saves nothing", async () => {
    const company = await makeCompany();
    const location = await firstLocation(company.db);
    const tracked = await makeVariant(company.db, { batchTracked: true });
    const refused = await call("POST", "/stock-entries", company.token, {
      location_id: location,
      lines: [
        { sku: "NO-SUCH-SKU", quantity: "1" },
        { sku: " ", quantity: "1" },
        { sku: tracked.sku, batch: "LOT-404", quantity: "1" },
      ],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toMatchObject({
      "lines.0.sku": { code: "unknown_variant" },
      "lines.1.sku": { code: "required" },
      "lines.2.batch": { code: "unknown_batch_number", params: { number: "LOT-404" } },
    });
    expect(await company.db.select().from(tenantSchema.stockDocuments)).toEqual([]);
  });

  it("a count names a batch by its number (any case), and an unknown number is refused on its line with nothing saved", async () => {
    const company = await makeCompany();
    const location = await firstLocation(company.db);
    const tracked = await makeVariant(company.db, { batchTracked: true });
    const [batch] = await company.db.insert(tenantSchema.batches).values({ variantId: tracked.id, number: "LOT-7" }).returning();
    const refused = await call("POST", "/inventory-bulk-updates", company.token, {
      location_id: location,
      lines: [{ variant_id: tracked.id, batch: "LOT-404", counted: "3" }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toMatchObject({ "lines.0.batch": { code: "unknown_batch_number", params: { number: "LOT-404" } } });
    expect(await company.db.select().from(tenantSchema.stockDocuments)).toEqual([]);

    const count = await call("POST", "/inventory-bulk-updates", company.token, {
      location_id: location,
      lines: [{ variant_id: tracked.id, batch: "lot-7", counted: "3" }],
    });
    expect(count.status).toBe(201);
    expect(count.body.lines).toMatchObject([{ variant_id: tracked.id, batch_id: batch!.id, quantity: "3.0000000" }]);
  });

  it("the count screen shows an unknown batch number at its variant's row and counts a known one", async () => {
    const company = await makeCompany();
    const location = await firstLocation(company.db);
    const tracked = await makeVariant(company.db, { batchTracked: true });
    await company.db.insert(tenantSchema.batches).values({ variantId: tracked.id, number: "LOT-8" });
    const { context } = await pageContext(company);
    const post = (batch: string) =>
      countAction({
        request: formPost("/inventory/inventory-bulk-update", {
          location_id: String(location),
          [`counted.${tracked.id}`]: "2",
          [`batch.${tracked.id}`]: batch,
        }),
        context,
        params: {},
      } as never);
    const refused = (await post("LOT-404")) as { data: { fields: Record<string, unknown> } };
    expect(refused.data.fields).toEqual({ [`batch.${tracked.id}`]: { code: "unknown_batch_number", params: { number: "LOT-404" } } });
    const saved = (await post("lot-8")) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toMatch(new RegExp(`^/inventory/inventory-bulk-update\\?location_id=${location}&count=\\d+$`));
  });
});
