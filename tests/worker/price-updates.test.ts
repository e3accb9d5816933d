import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import type { OperationView } from "../../worker/domain/operations/operations";
import { newPrice, PRICE_ROUNDINGS, PRICE_UPDATE_CHUNK, type PriceRounding } from "../../worker/domain/products/price-updates";
import { addUser, makeCompany, sessionFor } from "../support/factories";
import { callApi } from "../support/fetch-app";
import { runQueuedOperations } from "../support/outbox";
import { formPost, pageContext } from "../support/page-context";
import * as priceUpdatePage from "../../app/routes/products/price-update";
import { call, makeSingle, productWorld, unique, type ProductWorld } from "./products-fixtures";

const t = tenantSchema;
// Prices are stored at 4 decimals.
const units = (amount: string) => BigInt(Math.round(Number(amount) * 10_000));
const text = (value: bigint) => (Number(value) / 10_000).toFixed(4);

const p = (level: { id: number }, currency: { id: number }, amount: string) => ({
  price_level_id: level.id,
  currency_id: currency.id,
  amount,
});

/** The amount of a variant's own price (not a pack's) in a level and currency, as text; null when it has none. */
async function priceOf(w: ProductWorld, variantId: number, level = w.retail, currency = w.base): Promise<string | null> {
  const [row] = await w.db
    .select({ amount: t.prices.amount })
    .from(t.prices)
    .where(
      and(
        eq(t.prices.variantId, variantId),
        eq(t.prices.priceLevelId, level.id),
        eq(t.prices.currencyId, currency.id),
        isNull(t.prices.packId),
      ),
    );
  return row ? text(BigInt(row.amount)) : null;
}

async function runQueued(w: ProductWorld, pushed: OperationView[] = []) {
  await runQueuedOperations(w.company, { publish: async (_user, operation) => void pushed.push(operation) });
  return pushed;
}

/**
 * Starts an update through the API, runs it as the queue would and answers it as GET reads it then,
 * with what was pushed live: by the company's administrator, signed in (an API token has no menus).
 */
async function update(w: ProductWorld, body: Record<string, unknown>, signedIn?: string) {
  const token = signedIn ?? (await sessionFor(w.company.userId)).accessToken;
  const started = await call("POST", "/price-updates", token, { price_level_id: w.retail.id, currency_id: w.base.id, ...body });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  expect(started.body.status).toBe("in_progress");
  const pushed = await runQueued(w);
  const done = await call("GET", `/price-updates/${started.body.id}`, token);
  expect(done.status).toBe(200);
  return { ...done.body, pushed };
}

const OLD = ["10", "12.345", "0.20", "19.99"];

describe("new prices", () => {
  // Each rounding on a handful of prices, to the cent: +10 % and -0.50.
  const percent: Record<PriceRounding, string[]> = {
    none: ["11.0000", "13.5795", "0.2200", "21.9890"],
    "0.01": ["11.0000", "13.5800", "0.2200", "21.9900"],
    "0.05": ["11.0000", "13.6000", "0.2000", "22.0000"],
    "0.10": ["11.0000", "13.6000", "0.2000", "22.0000"],
    "1.00": ["11.0000", "14.0000", "0.0000", "22.0000"],
    "x.99": ["10.9900", "13.9900", "0.0000", "21.9900"],
  };
  const amount: Record<PriceRounding, string[]> = {
    none: ["9.5000", "11.8450", "0.0000", "19.4900"],
    "0.01": ["9.5000", "11.8500", "0.0000", "19.4900"],
    "0.05": ["9.5000", "11.8500", "0.0000", "19.5000"],
    "0.10": ["9.5000", "11.8000", "0.0000", "19.5000"],
    "1.00": ["10.0000", "12.0000", "0.0000", "19.0000"],
    "x.99": ["9.9900", "11.9900", "0.0000", "19.9900"],
  };
  it.each(PRICE_ROUNDINGS)("rounds %s after a percentage and after an amount, exactly, never under 0", (rounding) => {
    expect(OLD.map((old) => text(newPrice(units(old), "percentage", units("10"), rounding)))).toEqual(percent[rounding]);
    expect(OLD.map((old) => text(newPrice(units(old), "amount", units("-0.5"), rounding)))).toEqual(amount[rounding]);
    // -100 % takes every price to 0.
    expect(OLD.map((old) => newPrice(units(old), "percentage", units("-100"), rounding))).toEqual([0n, 0n, 0n, 0n]);
  });
});

describe("price updates", () => {
  it("changes the prices of the variants the filter selects, by percentage with a rounding, then by amount", async () => {
    const w = await productWorld();
    const branded = await Promise.all(
      OLD.map((amount) => makeSingle(w, { brand_id: w.brand.id }, { prices: [p(w.retail, w.base, amount), p(w.purchase, w.base, "3")] })),
    );
    const other = await makeSingle(w, {}, { prices: [p(w.retail, w.base, "10")] });
    const unpriced = await makeSingle(w, { brand_id: w.brand.id });

    const first = await update(w, { query: `brand_id=${w.brand.id}`, change: "percentage", value: "10", rounding: "0.05" });
    expect(first).toMatchObject({ status: "completed", progress: 100, variants: 5, changed: 3, unchanged: 1, skipped: 1, created: 0 });
    expect(await Promise.all(branded.map((b) => priceOf(w, b.variantId)))).toEqual(["11.0000", "13.6000", "0.2000", "22.0000"]);
    // Outside the filter, another level, a variant without a price: as they were.
    expect(await priceOf(w, other.variantId)).toBe("10.0000");
    expect(await priceOf(w, branded[0]!.variantId, w.purchase)).toBe("3.0000");
    expect(await priceOf(w, unpriced.variantId)).toBeNull();
    // Its progress was pushed live to the operations menu.
    expect(first.pushed.at(-1)).toMatchObject({ status: "completed", progress: 100, type: "price_update" });

    const second = await update(w, { query: `brand_id=${w.brand.id}`, change: "amount", value: "-0.50", rounding: "x.99" });
    expect(second).toMatchObject({ status: "completed", changed: 4, skipped: 1 });
    // 11 → 10.50 → 10.99; 13.60 → 13.10 → 12.99; 0.20 → 0 (never under 0); 22 → 21.50 → 21.99.
    expect(await Promise.all(branded.map((b) => priceOf(w, b.variantId)))).toEqual(["10.9900", "12.9900", "0.0000", "21.9900"]);

    // A search and a supplier narrow it the same way the list does.
    const [supplier] = await w.db
      .insert(t.suppliers)
      .values({ name: `Supplier ${unique()}` })
      .returning();
    await w.db.update(t.variants).set({ supplierId: supplier!.id }).where(eq(t.variants.id, branded[3]!.variantId));
    const third = await update(w, { query: `brand_id=${w.brand.id}`, supplier_id: supplier!.id, change: "amount", value: "1" });
    expect(third).toMatchObject({ variants: 1, changed: 1 });
    expect(await priceOf(w, branded[3]!.variantId)).toBe("22.9900");
    expect(await priceOf(w, branded[1]!.variantId)).toBe("12.9900");
  });

  it("reverts exactly, leaving alone a price edited since, and deletes the prices it created", async () => {
    const w = await productWorld();
    const a = await makeSingle(w, { brand_id: w.brand.id }, { prices: [p(w.retail, w.base, "12.345")] });
    const b = await makeSingle(w, { brand_id: w.brand.id }, { prices: [p(w.retail, w.base, "7.77"), p(w.retail, w.usd, "8")] });
    const c = await makeSingle(w, { brand_id: w.brand.id }, { prices: [p(w.retail, w.base, "3")] });
    const bare = await makeSingle(w, { brand_id: w.brand.id });
    const done = await update(w, {
      query: `brand_id=${w.brand.id}`,
      change: "amount",
      value: "2.5",
      rounding: "0.01",
      skip_missing: false,
    });
    expect(done).toMatchObject({ status: "completed", changed: 3, created: 1, skipped: 0, revertable: true });
    expect(await priceOf(w, a.variantId)).toBe("14.8500");
    expect(await priceOf(w, bare.variantId)).toBe("2.5000");

    // Someone edits b's prices since (the form writes them anew): b is left alone and counted.
    const edited = await call("PUT", `/products/${b.id}/variants/${b.variantId}/prices`, w.token, {
      prices: [p(w.retail, w.base, "9"), p(w.retail, w.usd, "8")],
    });
    expect(edited.status).toBe(200);
    // c's form saved again unchanged: still what the update wrote, so it is put back.
    const resaved = await call("PUT", `/products/${c.id}/variants/${c.variantId}/prices`, w.token, {
      prices: [p(w.retail, w.base, "5.5")],
    });
    expect(resaved.status).toBe(200);

    const revert = await call("POST", `/price-updates/${done.id}/revert`, w.token);
    expect(revert.status).toBe(200);
    expect(revert.body.status).toBe("revert_in_progress");
    await runQueued(w);
    const after = await call("GET", `/price-updates/${done.id}`, w.token);
    expect(after.body).toMatchObject({ status: "reverted", reverted: 3, kept: 1, revertable: false });
    expect(after.body.errors).toEqual([{ message: "price_update_revert_kept", params: { count: 1 } }]);
    expect(await priceOf(w, a.variantId)).toBe("12.3450");
    expect(await priceOf(w, b.variantId)).toBe("9.0000");
    expect(await priceOf(w, b.variantId, w.retail, w.usd)).toBe("8.0000");
    expect(await priceOf(w, c.variantId)).toBe("3.0000");
    expect(await priceOf(w, bare.variantId)).toBeNull();

    // Reverted once: not again.
    const again = await call("POST", `/price-updates/${done.id}/revert`, w.token);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("operation_not_revertable");
  });

  it("refuses another company's price level and update, a missing permission, and bad input naming the field", async () => {
    const w = await productWorld();
    const theirs = await makeCompany();
    const [level] = await theirs.db
      .insert(t.priceLevels)
      .values({ id: w.retail.id + 100_000, label: `Theirs ${unique()}`, type: "selling" })
      .returning();
    const foreign = await call("POST", "/price-updates", w.token, {
      price_level_id: level!.id,
      currency_id: w.base.id,
      change: "percentage",
      value: "5",
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.fields.price_level_id.code).toBe("unknown_price_level");

    // Their update is not found here.
    const mine = await update(w, { change: "percentage", value: "1" });
    const [their] = await theirs.db
      .insert(t.backgroundOperations)
      .values({ id: mine.id + 100_000, batchId: unique(), label: "x", type: "price_update", params: {} })
      .returning();
    expect((await call("GET", `/price-updates/${their!.id}`, w.token)).status).toBe(404);
    expect((await call("POST", `/price-updates/${their!.id}/revert`, w.token)).status).toBe(404);

    const body = { price_level_id: w.retail.id, currency_id: w.base.id, change: "percentage", value: "5" };
    const viewer = await addUser(w.company.companyId, { permissions: ["view_products", "view_products_selling_info"] });
    expect((await call("POST", "/price-updates", viewer.token, body)).status).toBe(403);
    expect((await call("GET", `/price-updates/${mine.id}`, viewer.token)).status).toBe(403);
    // Selling prices only: a purchasing level is refused.
    const seller = await addUser(w.company.companyId, { permissions: ["view_products", "edit_products", "edit_products_selling_info"] });
    expect((await call("POST", "/price-updates", seller.token, body)).status).toBe(201);
    expect((await call("POST", "/price-updates", seller.token, { ...body, price_level_id: w.purchase.id })).status).toBe(403);

    const bad = async (change: Record<string, unknown>, field: string, code: string) => {
      const answer = await call("POST", "/price-updates", w.token, { ...body, ...change });
      expect(answer.status, JSON.stringify(change)).toBe(422);
      expect(answer.body.error.fields?.[field]?.code, JSON.stringify(answer.body)).toBe(code);
    };
    await bad({ value: "-100.01" }, "value", "too_small");
    await bad({ value: "1000.5" }, "value", "too_large");
    await bad({ change: "amount", value: "abc" }, "value", "invalid_number");
    await bad({ change: "double" }, "change", "invalid");
    await bad({ rounding: "0.02" }, "rounding", "invalid");
    await bad({ currency_id: 999_999 }, "currency_id", "unknown_currency");
    await bad({ supplier_id: 999_999 }, "supplier_id", "unknown_supplier");
    await bad({ query: "nope=1" }, "query", "invalid");
    await bad({ price_level_id: undefined }, "price_level_id", "required");
  });

  it("answers a replayed start once, with the same update", async () => {
    const w = await productWorld();
    const body = { price_level_id: w.retail.id, currency_id: w.base.id, change: "percentage", value: "5" };
    const key = `price-update-${unique()}`;
    const first = await callApi("POST", "/price-updates", w.token, body, { "Idempotency-Key": key });
    const second = await callApi("POST", "/price-updates", w.token, body, { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(((await second.json()) as { id: number }).id).toBe(((await first.json()) as { id: number }).id);
    const rows = await w.db.select().from(t.backgroundOperations).where(eq(t.backgroundOperations.type, "price_update"));
    expect(rows).toHaveLength(1);
  });

  it("updates 2,000 variants through the operation's steps, its progress pushed at each", async () => {
    const w = await productWorld();
    const n = 2_000;
    const u = unique();
    const variantIds: number[] = [];
    for (let at = 0; at < n; at += 200) {
      const products = await w.db
        .insert(t.products)
        .values(Array.from({ length: 200 }, (_, i) => ({ label: `Bulk ${u} ${at + i}`, kind: "single" as const })))
        .returning({ id: t.products.id });
      const variants = await w.db
        .insert(t.variants)
        .values(products.map((product, i) => ({ productId: product.id, label: `Bulk ${at + i}`, sku: `BULK-${u}-${at + i}` })))
        .returning({ id: t.variants.id });
      await w.db
        .insert(t.prices)
        .values(
          variants.map((v, i) => ({ variantId: v.id, priceLevelId: w.retail.id, currencyId: w.base.id, amount: (at + i + 1) * 10_000 })),
        );
      variantIds.push(...variants.map((v) => v.id));
    }
    const done = await update(w, { query: `search=Bulk ${u}`, change: "percentage", value: "-10", rounding: "0.01" });
    expect(done).toMatchObject({ status: "completed", progress: 100, variants: n, changed: n });
    const steps = done.pushed.filter((o: OperationView) => o.status === "in_progress").map((o: OperationView) => o.progress);
    // One step per PRICE_UPDATE_CHUNK variants: four.
    expect(n / PRICE_UPDATE_CHUNK).toBe(4);
    expect(steps).toEqual([25, 50, 75, 99]);
    expect(await priceOf(w, variantIds[0]!)).toBe("0.9000");
    expect(await priceOf(w, variantIds[1_234]!)).toBe("1111.5000");
    expect(await priceOf(w, variantIds[n - 1]!)).toBe("1800.0000");

    const revert = await call("POST", `/price-updates/${done.id}/revert`, w.token);
    expect(revert.status).toBe(200);
    await runQueued(w);
    expect((await call("GET", `/price-updates/${done.id}`, w.token)).body).toMatchObject({ status: "reverted", reverted: n, kept: 0 });
    expect(await priceOf(w, variantIds[1_234]!)).toBe("1235.0000");
  });

  it("is previewed, started, followed and reverted from its page", async () => {
    const w = await productWorld();
    const a = await makeSingle(w, { brand_id: w.brand.id }, { prices: [p(w.retail, w.base, "12.345")] });
    await makeSingle(w, {}, { prices: [p(w.retail, w.base, "5")] });
    // Selling prices only: the purchasing level is not offered.
    const { context } = await pageContext(w.company, ["view_products", "edit_products", "edit_products_selling_info"]);
    const PATH = "/products-and-services/price-update";
    type Page = { loader: (args: never) => Promise<unknown>; action: (args: never) => Promise<unknown> };
    const page = priceUpdatePage as unknown as Page;
    const load = async (query = "") =>
      (await page.loader({ request: new Request(`http://app.test${PATH}${query}`), params: {}, context } as never)) as {
        choices: { levels: { id: number }[]; currencies: { id: number }[]; brands: { id: number }[] };
        update: { id: number; status: string; changed: number; revertable: boolean } | null;
      };
    const post = (fields: Record<string, string>) => page.action({ request: formPost(PATH, fields), params: {}, context } as never);

    const empty = await load();
    expect(empty.update).toBeNull();
    expect(empty.choices.levels.map((l) => l.id)).toEqual(expect.arrayContaining([w.retail.id, w.wholesale.id]));
    expect(empty.choices.levels.map((l) => l.id)).not.toContain(w.purchase.id);
    expect(empty.choices.currencies.map((c) => c.id)).toEqual([w.base.id]);

    const form = {
      price_level_id: String(w.retail.id),
      currency_id: String(w.base.id),
      brand_id: String(w.brand.id),
      change: "percentage",
      value: "10",
      rounding: "x.99",
      skip_missing: "on",
    };
    const preview = (await post({ ...form, intent: "preview" })) as {
      preview: { variants: number; lines: { variant_id: number; old_amount: string; new_amount: string }[] };
    };
    expect(preview.preview).toEqual({
      variants: 1,
      lines: [expect.objectContaining({ variant_id: a.variantId, old_amount: "12.3450", new_amount: "13.9900" })],
    });
    // Nothing written by a preview.
    expect(await priceOf(w, a.variantId)).toBe("12.3450");

    const refused = (await post({ ...form, value: "lots", intent: "start" })) as { data: { fields: Record<string, { code: string }> } };
    expect(Object.keys(refused.data.fields)).toEqual(["value"]);

    const started = (await post({ ...form, intent: "start" })) as Response;
    expect(started.status).toBe(302);
    const location = started.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^${PATH}\\?id=\\d+$`));
    expect((await load(location.slice(PATH.length))).update).toMatchObject({ status: "in_progress" });
    await runQueued(w);
    const done = (await load(location.slice(PATH.length))).update!;
    expect(done).toMatchObject({ status: "completed", changed: 1, revertable: true });
    expect(await priceOf(w, a.variantId)).toBe("13.9900");

    expect(((await post({ intent: "revert", id: String(done.id) })) as Response).status).toBe(302);
    await runQueued(w);
    expect((await load(`?id=${done.id}`)).update).toMatchObject({ status: "reverted", revertable: false });
    expect(await priceOf(w, a.variantId)).toBe("12.3450");
  });
});
