import { describe, expect, it } from "vitest";
import { createProduct } from "../../worker/domain/products/create-product";
import { deleteProductAndImage } from "../../worker/domain/products/product-image";
import { getProduct } from "../../worker/domain/products/get-product";
import { listProducts } from "../../worker/domain/products/list-products";
import { setProductActive } from "../../worker/domain/products/set-product-active";
import { updateProduct } from "../../worker/domain/products/update-product";
import { variantChoices } from "../../worker/domain/products/variant-choices";
import type { FileStore } from "../../worker/domain/shared/files";
import { ctxOf } from "../support/factories";
import { makeSingle, productWorld, rowCounts, unique } from "./products-fixtures";

const forbidden = expect.objectContaining({ code: "forbidden" });

/** A bucket that refuses to be touched: a refused delete must not reach it. */
const untouchable: FileStore = {
  put: () => Promise.reject(new Error("put")),
  get: () => Promise.reject(new Error("get")),
  delete: () => Promise.reject(new Error("delete")),
};

describe("the product verbs check their caller's permissions themselves", () => {
  it("refuse writes to someone who may only view products, whatever door they are called through, and change nothing", async () => {
    const w = await productWorld();
    const made = await makeSingle(w);
    const viewer = await ctxOf(w.company, { permissions: ["view_products"] });
    const before = await rowCounts(w.db);

    await expect(createProduct(viewer, { label: "Sneaked", variants: [{ sku: `SNK-${unique()}` }] })).rejects.toThrow(forbidden);
    await expect(updateProduct(viewer, { id: made.id, label: "Renamed" })).rejects.toThrow(forbidden);
    await expect(setProductActive(viewer, { id: made.id, active: false })).rejects.toThrow(forbidden);
    await expect(
      deleteProductAndImage({ ...viewer, files: untouchable }, { id: made.id, acknowledge: ["cascade", "irreversible"] }),
    ).rejects.toThrow(forbidden);

    expect(await rowCounts(w.db)).toEqual(before);
    const still = await getProduct(viewer, { id: made.id });
    expect(still).toMatchObject({ label: made.body.label, active: true });
  });

  it("refuse reads to someone who may not view products", async () => {
    const w = await productWorld();
    const made = await makeSingle(w);
    const stranger = await ctxOf(w.company, { permissions: ["view_customers"] });

    await expect(getProduct(stranger, { id: made.id })).rejects.toThrow(forbidden);
    await expect(listProducts(stranger, {})).rejects.toThrow(forbidden);
    await expect(variantChoices(stranger, { text: made.sku })).rejects.toThrow(forbidden);
  });
});
