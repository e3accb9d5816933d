import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { call, productWorld, unique } from "./products-fixtures";
import { eq } from "drizzle-orm";
import { fetchApp } from "../support/fetch-app";

const files = (env as unknown as { FILES: R2Bucket }).FILES;

// A 1×1 PNG and the start of a GIF: real signatures, so that the format is told by the bytes.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (c) =>
  c.charCodeAt(0),
);
const GIF = new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x00\x00\x00;");

const putImage = (id: number, token: string, bytes: BodyInit, type = "image/png") =>
  fetchApp(`/api/v1/products/${id}/image`, { method: "PUT", token, body: bytes, headers: { "content-type": type } });

async function product(w: Awaited<ReturnType<typeof productWorld>>) {
  const created = await call("POST", "/products", w.token, { label: "Mug", variants: [{ sku: `MUG-${unique()}` }] });
  expect(created.status).toBe(201);
  return created.body as { id: number };
}

describe("/api/v1/products/{id}/image", () => {
  it("stores the image in the files bucket under the company's prefix, serves it, replaces it and removes it", async () => {
    const w = await productWorld();
    const { id } = await product(w);
    const put = await putImage(id, w.token, PNG);
    expect(put.status).toBe(200);
    const stored = (await put.json()) as { image_key: string; content_type: string; size: number };
    expect(stored).toMatchObject({ content_type: "image/png", size: PNG.byteLength });
    expect(stored.image_key).toMatch(new RegExp(`^companies/${w.company.companyId}/products/${id}/[0-9a-z]+\\.png$`));
    expect((await files.get(stored.image_key))?.size).toBe(PNG.byteLength);

    const got = await fetchApp(`/api/v1/products/${id}/image`, { token: w.token });
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(PNG);
    expect((await call("GET", `/products/${id}`, w.token)).body.image_key).toBe(stored.image_key);

    // A new image takes the old one's place; the old object is gone from the bucket.
    const again = (await (await putImage(id, w.token, GIF, "application/octet-stream")).json()) as {
      image_key: string;
      content_type: string;
    };
    expect(again.content_type).toBe("image/gif");
    expect(await files.get(stored.image_key)).toBeNull();

    expect((await fetchApp(`/api/v1/products/${id}/image`, { method: "DELETE", token: w.token })).status).toBe(204);
    expect(await files.get(again.image_key)).toBeNull();
    expect((await fetchApp(`/api/v1/products/${id}/image`, { token: w.token })).status).toBe(404);
  });

  it("refuses what is not an image, an empty body and more than 5 MB, naming the field; nothing is stored", async () => {
    const w = await productWorld();
    const { id } = await product(w);
    const text = await putImage(id, w.token, "GIF? no, plain text", "image/gif");
    expect(text.status).toBe(422);
    expect(
      ((await text.json()) as { error: { fields: Record<string, { code: string; message: string }> } }).error.fields.image,
    ).toMatchObject({
      code: "invalid_image",
      message: "The file is not a PNG, JPEG, GIF or WebP image",
    });
    const empty = await putImage(id, w.token, new Uint8Array(0));
    expect(((await empty.json()) as { error: { fields: Record<string, { code: string }> } }).error.fields.image!.code).toBe("required");
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG.slice(0, 8));
    const tooLarge = await putImage(id, w.token, big);
    expect(tooLarge.status).toBe(422);
    expect(((await tooLarge.json()) as { error: { fields: Record<string, { code: string }> } }).error.fields.image!.code).toBe(
      "image_too_large",
    );
    const [row] = await w.db
      .select({ key: tenantSchema.products.imageKey })
      .from(tenantSchema.products)
      .where(eq(tenantSchema.products.id, id));
    expect(row!.key).toBeNull();
    const listed = await files.list({ prefix: `companies/${w.company.companyId}/products/${id}/` });
    expect(listed.objects).toHaveLength(0);
  });

  it("deleting a product removes its image; a product with stock movements is kept (disable it instead)", async () => {
    const w = await productWorld();
    const { id } = await product(w);
    const { image_key } = (await (await putImage(id, w.token, PNG)).json()) as { image_key: string };
    expect((await call("DELETE", `/products/${id}?acknowledge=cascade,inventory,irreversible`, w.token)).status).toBe(204);
    expect(await files.get(image_key)).toBeNull();

    const [location] = await w.db
      .insert(tenantSchema.locations)
      .values({ label: `Store ${unique()}` })
      .returning();
    const stocked = await call("POST", "/products", w.token, {
      label: "Jar",
      variants: [{ sku: `JAR-${unique()}`, initial_stock: "2", initial_location_id: location!.id }],
    });
    const refused = await call("DELETE", `/products/${stocked.body.id}?acknowledge=cascade,inventory,irreversible`, w.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "product_has_stock",
      message: "This product has stock or stock movements: disable it instead",
    });
  });
});
