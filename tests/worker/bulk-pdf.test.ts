import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import type { Bindings } from "../../worker/env";
import { listOperations } from "../../worker/domain/operations/operations";
import { startBulkPdf } from "../../worker/domain/operations/start";
import { createEstimate } from "../../worker/domain/sales/create-estimate";
import { documentPdf } from "../../worker/domain/documents/outputs";
import { ctxOf } from "../support/factories";
import { runQueuedOperations } from "../support/outbox";
import { pricedVariant, salesWorld } from "./sales-fixtures";

const bindings = env as unknown as Bindings;
const t = tenantSchema;

const runQueued = (w: Awaited<ReturnType<typeof salesWorld>>) => runQueuedOperations(w.company);

describe("bulk PDF of selected documents", () => {
  it("makes one PDF of the selected estimates, chunk by chunk, each one's pages, and says which were deleted since", async () => {
    const w = await salesWorld();
    const ctx = await ctxOf(w.company);
    const variant = await pricedVariant(w.db, w.level, "12.5");
    const estimates = [];
    for (let i = 0; i < 12; i++)
      estimates.push(
        await createEstimate(ctx, {
          customer_id: w.customer.id,
          location_id: w.location,
          lines: Array.from({ length: i === 3 ? 60 : 1 }, () => ({ variant_id: variant.id, quantity: "1" })),
        }),
      );
    const pagesOf = async (id: number) => (await PDFDocument.load((await documentPdf(ctx, { type: "estimate", id })).bytes)).getPageCount();
    const expected = await Promise.all(estimates.map((e) => pagesOf(e.id)));
    expect(expected[3]).toBeGreaterThan(1);

    const started = await startBulkPdf(ctx, { type: "estimate", ids: estimates.map((e) => e.id) });
    expect(started).toMatchObject({ type: "export_bulk_pdf", status: "in_progress", label: "Estimates (PDF, 12)" });
    // One deleted before the work runs: left out, and said.
    await w.db.delete(t.salesDocumentLines).where(eq(t.salesDocumentLines.documentId, estimates[5]!.id));
    await w.db.delete(t.salesDocuments).where(eq(t.salesDocuments.id, estimates[5]!.id));
    await runQueued(w);
    const [done] = await listOperations(ctx);
    expect(done).toMatchObject({
      status: "completed",
      downloadable: true,
      file_name: expect.stringMatching(/^Estimates-\d{4}-\d{2}-\d{2}\.pdf$/),
      errors: [{ message: "bulk_pdf_missing", params: { count: 1 } }],
    });
    const [row] = await w.db.select().from(t.backgroundOperations).where(eq(t.backgroundOperations.batchId, done!.batch_id));
    const merged = await PDFDocument.load(new Uint8Array(await (await bindings.FILES.get(row!.fileKey!))!.arrayBuffer()));
    expect(merged.getPageCount()).toBe(expected.reduce((a, b) => a + b, 0) - expected[5]!);
  });

  it("refuses a selection that is empty, too large or of another kind, and a user who may not read the documents", async () => {
    const w = await salesWorld();
    const ctx = await ctxOf(w.company);
    await expect(startBulkPdf(ctx, { type: "estimate", ids: [] })).rejects.toMatchObject({ fields: { ids: { code: "required" } } });
    await expect(startBulkPdf(ctx, { type: "estimate", ids: Array.from({ length: 201 }, (_, i) => i + 1) })).rejects.toMatchObject({
      fields: { ids: { code: "too_long" } },
    });
    // Invoices and credit notes print (their rows of documents/outputs.ts); product returns do not.
    await expect(startBulkPdf(ctx, { type: "product_return", ids: [1] })).rejects.toMatchObject({ fields: { type: { code: "invalid" } } });
    const seller = await ctxOf(w.company, { permissions: ["view_customers"] });
    await expect(startBulkPdf(seller, { type: "estimate", ids: [1] })).rejects.toMatchObject({ code: "forbidden" });
  });
});
