import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as createServiceAction } from "../../app/routes/services/create";
import { saveDocumentAction } from "../../app/routes/inventory/documents.server";
import { makeCompany } from "../support/factories";
import { formPost, pageContext } from "../support/page-context";
import { firstLocation, makeVariant } from "../support/isolation/stock";

async function pageWorld() {
  const company = await makeCompany();
  const { ctx, context } = await pageContext(company);
  const location = await firstLocation(company.db);
  const variant = await makeVariant(company.db, { sku: "FORM-1" });
  return { company, ctx, context, location, variant };
}

const where = (response: unknown) => {
  expect(response).toBeInstanceOf(Response);
  expect((response as Response).status).toBe(302);
  return (response as Response).headers.get("location");
};

async function count(company: Awaited<ReturnType<typeof makeCompany>>, table: string) {
  const [row] = await company.db.all<{ n: number }>(sql.raw(`select count(*) as n from ${table}`));
  return Number(row!.n);
}

describe("create forms posted twice", () => {
  it("a stock entry form sent twice at once with its hidden key makes one document, and both posts go to it", async () => {
    const { company, ctx, location } = await pageWorld();
    const fields = { idempotency_key: "form-key-1", location_id: String(location), "lines.0.sku": "FORM-1", "lines.0.quantity": "2" };
    const path = "/inventory/stock-entries/new";
    const [first, second] = await Promise.all([
      saveDocumentAction(ctx, formPost(path, fields), "entry"),
      saveDocumentAction(ctx, formPost(path, fields), "entry"),
    ]);
    expect(where(first)).toMatch(/^\/inventory\/stock-entries\/\d+\?notice=created$/);
    expect(where(second)).toBe(where(first));
    expect(await count(company, "stock_documents")).toBe(1);
    // Sent again later (a resend), it still goes to the same document.
    expect(where(await saveDocumentAction(ctx, formPost(path, fields), "entry"))).toBe(where(first));
    expect(await count(company, "stock_documents")).toBe(1);
    // A new showing of the form has a new key: another document.
    await saveDocumentAction(ctx, formPost(path, { ...fields, idempotency_key: "form-key-2" }), "entry");
    expect(await count(company, "stock_documents")).toBe(2);
  });

  it("a refused post keeps nothing: the corrected form sent with the same key is saved", async () => {
    const { company, ctx, location } = await pageWorld();
    const path = "/inventory/stock-removals/new";
    const base = { idempotency_key: "form-key-3", location_id: String(location), "lines.0.quantity": "1" };
    const refused = await saveDocumentAction(ctx, formPost(path, { ...base, "lines.0.sku": "NOPE" }), "removal");
    expect(refused).not.toBeInstanceOf(Response);
    expect(await count(company, "stock_documents")).toBe(0);
    expect(where(await saveDocumentAction(ctx, formPost(path, { ...base, "lines.0.sku": "FORM-1" }), "removal"))).toMatch(
      /^\/inventory\/stock-removals\/\d+\?notice=created$/,
    );
    expect(await count(company, "stock_documents")).toBe(1);
  });

  it("the service form (the shared FormPage) sent twice at once makes one service", async () => {
    const { company, context } = await pageWorld();
    const fields = { idempotency_key: "form-key-4", reference: "SRV-1", label: "Audit", price: "10" };
    const send = () =>
      createServiceAction({
        request: formPost("/products-and-services/services/new", fields),
        context,
        params: {},
      } as unknown as Parameters<typeof createServiceAction>[0]);
    const [first, second] = await Promise.all([send(), send()]);
    expect(where(second)).toBe(where(first));
    expect(await count(company, "services")).toBe(1);
  });
});
