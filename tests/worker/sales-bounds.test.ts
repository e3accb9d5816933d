import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { deleteEstimate } from "../../worker/domain/sales/delete-estimate";
import { getEstimate } from "../../worker/domain/sales/get-estimate";
import { listEstimates } from "../../worker/domain/sales/list-estimates";
import { salesDocumentLineFacts } from "../../worker/domain/sales/sales-document-line-facts";
import { updateEstimate } from "../../worker/domain/sales/update-estimate";
import { ctxOf } from "../support/factories";
import { api, fieldCodes, pricedVariant, salesWorld, type Answer, type SalesWorld } from "./sales-fixtures";

const t = tenantSchema;
const DOORS = ["/estimates", "/sales-orders"] as const;
const DELETE_ACK = "?acknowledge=cascade,inventory,irreversible";

const documentOf = (w: SalesWorld, lines: unknown[], extra: Record<string, unknown> = {}) => ({
  customer_id: w.customer.id,
  location_id: w.location,
  lines,
  ...extra,
});

/** The status and the codes of the fields an answer names (none when it names none). */
const refusal = (answer: Answer) => [answer.status, answer.body?.error?.fields ? fieldCodes(answer) : null];

async function storedCount(w: SalesWorld): Promise<number> {
  const [row] = await w.db.select({ n: sql<number>`count(*)` }).from(t.salesDocuments);
  return Number(row!.n);
}

describe("the bounds of sales documents (money 100,000,000,000, quantities 100,000,000, percentages 100)", () => {
  it.each(DOORS)(
    "%s refuses a price, a quantity, a discount or a shipping cost past its bound with 422 naming the field, and saves nothing",
    async (door) => {
      const w = await salesWorld();
      const mug = await pricedVariant(w.db, w.level, "10");
      const refusals: [Record<string, unknown>, Record<string, string>][] = [
        [documentOf(w, [{ variant_id: mug.id, quantity: "1", price: "1000000000000000" }]), { "lines.0.price": "too_large" }],
        [documentOf(w, [{ variant_id: mug.id, quantity: "1", price: "100000000000.0001" }]), { "lines.0.price": "too_large" }],
        [documentOf(w, [{ variant_id: mug.id, quantity: "100000001" }]), { "lines.0.quantity": "too_large" }],
        [documentOf(w, [{ variant_id: mug.id, quantity: "1", discount: "100.01" }]), { "lines.0.discount": "too_large" }],
        [
          documentOf(w, [{ variant_id: mug.id, quantity: "1", discount: "100000000001", discount_type: "amount" }]),
          { "lines.0.discount": "too_large" },
        ],
        [documentOf(w, [], { shipping_cost: "100000000001" }), { shipping_cost: "too_large" }],
        [documentOf(w, [], { global_discount: "101" }), { global_discount: "too_large" }],
      ];
      for (const [body, fields] of refusals) {
        const answer = await api(w.token, "POST", door, body);
        expect(refusal(answer)).toEqual([422, fields]);
      }
      expect(await storedCount(w)).toBe(0);
      expect((await api(w.token, "GET", door)).status).toBe(200);
    },
  );

  it("refuses a document whose amounts multiply past the bound, naming the line's total or the document's lines, and saves nothing", async () => {
    const w = await salesWorld();
    const mug = await pricedVariant(w.db, w.level, "10");
    // Within its bounds each figure, past them once multiplied: 100,000,000,000 × 2.
    const line = await api(w.token, "POST", "/estimates", documentOf(w, [{ variant_id: mug.id, quantity: "2", price: "100000000000" }]));
    const tooLarge = { code: "total_too_large", message: "The total would be above 100000000000", params: { max: 100_000_000_000 } };
    expect([line.status, line.body.error?.fields]).toEqual([422, { "lines.0.total": tooLarge }]);
    // Each line within the bound, the document past it: 11 × 10,000,000,000.
    const many = Array.from({ length: 11 }, () => ({ variant_id: mug.id, quantity: "1", price: "10000000000" }));
    const document = await api(w.token, "POST", "/sales-orders", documentOf(w, many));
    expect([document.status, document.body.error?.fields]).toEqual([422, { lines: tooLarge }]);
    expect(await storedCount(w)).toBe(0);
  });

  it("accepts every figure at its bound exactly, and lists, reads, edits and deletes the document", async () => {
    const w = await salesWorld();
    const mug = await pricedVariant(w.db, w.level, "10");
    const created = await api(
      w.token,
      "POST",
      "/estimates",
      documentOf(w, [{ variant_id: mug.id, quantity: "1", price: "100000000000", discount: "100" }], { global_discount: "100" }),
    );
    expect(created.status).toBe(201);
    const big = await api(w.token, "POST", "/estimates", documentOf(w, [{ variant_id: mug.id, quantity: "100000000", price: "1000" }]));
    expect([big.status, big.body.total, big.body.total_units]).toEqual([201, "100000000000.00", "100000000.0000000"]);
    expect((await api(w.token, "GET", "/estimates")).body.items.map((d: { id: number }) => d.id)).toEqual([big.body.id, created.body.id]);
    const edited = await api(w.token, "PATCH", `/estimates/${big.body.id}`, { label: "Edited" });
    expect([edited.status, edited.body.total]).toEqual([200, "100000000000.00"]);
    expect((await api(w.token, "DELETE", `/estimates/${big.body.id}${DELETE_ACK}`)).status).toBe(204);
  });

  it.each(DOORS)(
    "%s lists, reads, opens for editing, edits and deletes a document stored past the bounds before they existed",
    async (door) => {
      const w = await salesWorld();
      const mug = await pricedVariant(w.db, w.level, "10");
      const good = await api(w.token, "POST", door, documentOf(w, [{ variant_id: mug.id, quantity: "1" }]));
      const bad = await api(w.token, "POST", door, documentOf(w, [{ variant_id: mug.id, quantity: "1" }]));
      expect([good.status, bad.status]).toEqual([201, 201]);
      // As the code before the bounds stored them: an integer past 2^53, and floats past SQLite's integers.
      await w.db.run(
        sql`update sales_documents set subtotal = 100000000000000000, total = 1e24, total_excl_tax = 1e24 where id = ${bad.body.id}`,
      );
      await w.db.run(sql`update sales_document_lines set price = 1e19, total = 100000000000000000 where document_id = ${bad.body.id}`);

      const list = await api(w.token, "GET", door);
      expect(list.status).toBe(200);
      expect(list.body.items.map((d: { id: number }) => d.id)).toEqual([bad.body.id, good.body.id]);
      const listed = list.body.items[0];
      // The integer is shown exactly, the float as the nearest amount it holds.
      expect(listed.subtotal).toBe("10000000000000.00");
      expect(Number(listed.total) / 1e20).toBeCloseTo(1, 6);

      const read = await api(w.token, "GET", `${door}/${bad.body.id}`);
      expect(read.status).toBe(200);
      expect([read.body.lines[0].price, read.body.lines[0].total]).toEqual(["1000000000000000.0000", "10000000000000.00"]);

      // Edited without its lines, the stored price is priced again and refused on its line, not a 500.
      const relabelled = await api(w.token, "PATCH", `${door}/${bad.body.id}`, { label: "Again" });
      expect(refusal(relabelled)).toEqual([422, { "lines.0.total": "total_too_large" }]);
      // Edited with a price within the bounds, it is whole again.
      const fixed = await api(w.token, "PATCH", `${door}/${bad.body.id}`, { lines: [{ variant_id: mug.id, quantity: "2", price: "5" }] });
      expect([fixed.status, fixed.body.total, fixed.body.subtotal]).toEqual([200, "10.00", "10.00"]);

      await w.db.run(sql`update sales_documents set total = 1e24 where id = ${bad.body.id}`);
      expect((await api(w.token, "DELETE", `${door}/${bad.body.id}${DELETE_ACK}`)).status).toBe(204);
      expect((await api(w.token, "GET", `${door}/${bad.body.id}`)).status).toBe(404);
      expect((await api(w.token, "GET", door)).body.items.map((d: { id: number }) => d.id)).toEqual([good.body.id]);
    },
  );

  it("the estimate pages' verbs list, read, open for editing, edit and delete a document stored past the bounds", async () => {
    const w = await salesWorld();
    const ctx = await ctxOf(w.company);
    const mug = await pricedVariant(w.db, w.level, "10");
    const bad = await api(w.token, "POST", "/estimates", documentOf(w, [{ variant_id: mug.id, quantity: "1" }]));
    await w.db.run(sql`update sales_documents set total = 1e24, shipping_cost = 100000000000000000 where id = ${bad.body.id}`);
    await w.db.run(sql`update sales_document_lines set price = 1e19 where document_id = ${bad.body.id}`);

    expect((await listEstimates(ctx, {})).items.map((d) => d.id)).toEqual([bad.body.id]);
    expect((await getEstimate(ctx, { id: bad.body.id })).shipping_cost).toBe("10000000000000.00");
    // The edit page opens with the lines as stored, for the user to correct.
    const facts = await salesDocumentLineFacts(ctx, { type: "estimate", id: bad.body.id });
    expect(facts.lines.map((l) => l.price)).toEqual(["1000000000000000.0000"]);
    const edited = await updateEstimate(ctx, {
      id: bad.body.id,
      shipping_cost: "0",
      lines: [{ variant_id: mug.id, quantity: "1", price: "7" }],
    });
    expect([edited.total, edited.shipping_cost]).toEqual(["7.00", "0.00"]);
    await w.db
      .update(t.salesDocuments)
      .set({ total: sql`1e24` })
      .where(eq(t.salesDocuments.id, bad.body.id));
    await deleteEstimate(ctx, { id: bad.body.id, acknowledged: ["cascade", "inventory", "irreversible"] });
    expect((await listEstimates(ctx, {})).items).toEqual([]);
  });
});
