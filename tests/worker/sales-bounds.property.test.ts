import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { MAX_MONEY, MAX_PERCENT, MAX_QUANTITY } from "../../worker/domain/shared/bounds";
import { Decimal } from "../../worker/domain/shared/decimal";
import { api, pricedVariant, salesWorld } from "./sales-fixtures";

const t = tenantSchema;
const DELETE_ACK = "?acknowledge=cascade,inventory,irreversible";

/**
 * A decimal on a `scale` grid: an everyday one (up to 1,000 or the bound), any within (0, max], at the bound and
 * one step either side, or past it (up to a million times).
 */
function around(max: number, scale: number): fc.Arbitrary<string> {
  const bound = BigInt(max) * 10n ** BigInt(scale);
  return fc
    .oneof(
      { weight: 6, arbitrary: fc.bigInt({ min: 1n, max: BigInt(Math.min(max, 1_000)) * 10n ** BigInt(scale) }) },
      { weight: 1, arbitrary: fc.bigInt({ min: 1n, max: bound }) },
      { weight: 1, arbitrary: fc.constantFrom(bound - 1n, bound, bound + 1n) },
      { weight: 1, arbitrary: fc.bigInt({ min: bound + 1n, max: bound * 1_000_000n }) },
    )
    .map((units) => Decimal.of(units, scale).toString());
}

const past = (text: string | undefined, max: number) => text !== undefined && Decimal.parse(text).compare(Decimal.parse(max)) > 0;

const discount = fc
  .constantFrom("percentage" as const, "amount" as const)
  .chain((type) => fc.record({ discount_type: fc.constant(type), discount: around(type === "amount" ? MAX_MONEY : MAX_PERCENT, 2) }));
const line = fc
  .tuple(fc.record({ quantity: around(MAX_QUANTITY, 7), price: around(MAX_MONEY, 4) }, { requiredKeys: ["quantity"] }), fc.option(discount))
  .map(([figures, off]) => ({ ...figures, ...off }));
const document = fc.record({
  door: fc.constantFrom("/estimates", "/sales-orders"),
  lines: fc.array(line, { minLength: 1, maxLength: 2 }),
  shipping_cost: fc.option(around(MAX_MONEY, 4), { nil: undefined }),
  global_discount: fc.option(around(MAX_PERCENT, 2), { nil: undefined }),
});

describe("sales documents, for any figures", () => {
  it("accept only what is within the bounds, refuse the rest with 422 naming the field (never a 500), and what they accept can be listed, read, edited and deleted", async () => {
    const w = await salesWorld();
    const mug = await pricedVariant(w.db, w.level, "10");
    const outcomes = { accepted: 0, refused: 0 };
    const stored = async () => Number((await w.db.select({ n: sql<number>`count(*)` }).from(t.salesDocuments))[0]!.n);

    await fc.assert(
      fc.asyncProperty(document, async ({ door, lines, shipping_cost, global_discount }) => {
        const before = await stored();
        const body = {
          customer_id: w.customer.id,
          location_id: w.location,
          lines: lines.map((l) => ({ variant_id: mug.id, ...l })),
          ...(shipping_cost !== undefined ? { shipping_cost } : {}),
          ...(global_discount !== undefined ? { global_discount } : {}),
        };
        const created = await api(w.token, "POST", door, body);
        expect([201, 422]).toContain(created.status);

        // What each input's own bound refuses, named by the schema first, then the discounts by the pricing.
        const inputs = Object.fromEntries([
          ...lines.flatMap((l, i) => [
            ...(past(l.price, MAX_MONEY) ? [[`lines.${i}.price`, "too_large"]] : []),
            ...(past(l.quantity, MAX_QUANTITY) ? [[`lines.${i}.quantity`, "too_large"]] : []),
          ]),
          ...(past(shipping_cost, MAX_MONEY) ? [["shipping_cost", "too_large"]] : []),
        ]);
        const discounts = Object.fromEntries([
          ...lines.flatMap((l, i) =>
            past(l.discount, l.discount_type === "amount" ? MAX_MONEY : MAX_PERCENT) ? [[`lines.${i}.discount`, "too_large"]] : [],
          ),
          ...(past(global_discount, MAX_PERCENT) ? [["global_discount", "too_large"]] : []),
        ]);
        if (created.status === 422) {
          outcomes.refused++;
          expect(await stored()).toBe(before);
          const named = Object.fromEntries(
            Object.entries(created.body.error.fields as Record<string, { code: string }>).map(([f, e]) => [f, e.code]),
          );
          if (Object.keys(inputs).length > 0) expect(named).toEqual(inputs);
          else if (Object.keys(discounts).length > 0) expect(named).toEqual(discounts);
          else
            for (const [field, code] of Object.entries(named)) {
              // Within their bounds, the figures multiplied past them: a line's total, or the document's.
              expect(field).toMatch(/^lines(\.\d+\.total)?$/);
              expect(code).toBe("total_too_large");
            }
          return;
        }
        outcomes.accepted++;
        expect({ ...inputs, ...discounts }).toEqual({});
        const id = created.body.id as number;
        expect(Decimal.parse(created.body.total).compare(Decimal.parse(MAX_MONEY))).toBeLessThanOrEqual(0);

        const list = await api(w.token, "GET", `${door}?page_size=200`);
        expect(list.status).toBe(200);
        expect(list.body.items.find((d: { id: number }) => d.id === id)?.total).toBe(created.body.total);
        const read = await api(w.token, "GET", `${door}/${id}`);
        expect([read.status, read.body.total]).toEqual([200, created.body.total]);
        const edited = await api(w.token, "PATCH", `${door}/${id}`, { label: "Checked" });
        expect([edited.status, edited.body.total, edited.body.label]).toEqual([200, created.body.total, "Checked"]);
        expect((await api(w.token, "DELETE", `${door}/${id}${DELETE_ACK}`)).status).toBe(204);
        expect((await api(w.token, "GET", `${door}/${id}`)).status).toBe(404);
      }),
      { numRuns: 100 },
    );
    // Both sides of the bounds were exercised.
    expect(outcomes.accepted).toBeGreaterThanOrEqual(10);
    expect(outcomes.refused).toBeGreaterThanOrEqual(10);
  });
});
