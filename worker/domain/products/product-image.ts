import { and, eq, isNull } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { fieldError, recordId } from "./common";
import { deleteProduct, type DeleteProductInput } from "./delete-product";
import { EDIT_PRODUCTS, VIEW_PRODUCTS } from "./price-access";
import { findProduct } from "./product-view";

const t = tenantSchema;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** An image over the limit, named at its field (also raised before a body announced larger is read). */
export const imageTooLarge = (field = "image") => fieldError(field, "image_too_large", { max_mb: MAX_IMAGE_BYTES / 1024 / 1024 });

/** The image formats taken, told by their first bytes (never by the name or the header sent). */
const FORMATS: { type: string; ext: string; test: (b: Uint8Array) => boolean }[] = [
  { type: "image/png", ext: "png", test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) => b[i] === x) },
  { type: "image/jpeg", ext: "jpg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: "image/gif",
    ext: "gif",
    test: (b) => String.fromCharCode(...b.slice(0, 6)) === "GIF87a" || String.fromCharCode(...b.slice(0, 6)) === "GIF89a",
  },
  {
    type: "image/webp",
    ext: "webp",
    test: (b) => String.fromCharCode(...b.slice(0, 4)) === "RIFF" && String.fromCharCode(...b.slice(8, 12)) === "WEBP",
  },
];

export function imageFormat(bytes: Uint8Array): { type: string; ext: string } | null {
  return FORMATS.find((f) => f.test(bytes)) ?? null;
}

/** The format of an uploaded image, or the error of the field it was sent in: none, too large, not an image. */
export function checkedImage(bytes: ArrayBuffer, field: string): { type: string; ext: string } {
  if (bytes.byteLength === 0) throw fieldError(field, "required");
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw imageTooLarge(field);
  const format = imageFormat(new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 16)));
  if (!format) throw fieldError(field, "invalid_image");
  return format;
}

/**
 * Stores a product's image in the files bucket under the company's own prefix and points the
 * product at it; the image it replaces is removed. PNG, JPEG, GIF or WebP, at most 5 MB.
 */
export async function setProductImage(
  ctx: Ctx,
  input: { id: unknown; bytes: ArrayBuffer },
): Promise<{ image_key: string; content_type: string; size: number }> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const { bytes } = input;
  const product = await findProduct(db, recordId(input.id));
  const format = checkedImage(bytes, "image");

  const key = await ctx.files.put(`products/${product.id}/${ctx.newId()}.${format.ext}`, bytes, {
    httpMetadata: { contentType: format.type },
  });
  // The product may have changed its image meanwhile: the row says which one to remove.
  const updated = await db
    .update(t.products)
    .set({ imageKey: key, updatedAt: ctx.now() })
    .where(
      and(
        eq(t.products.id, product.id),
        product.imageKey === null ? isNull(t.products.imageKey) : eq(t.products.imageKey, product.imageKey),
      ),
    )
    .returning({ id: t.products.id });
  if (!updated.length) {
    await ctx.files.delete(key);
    throw new DomainError("conflict");
  }
  if (product.imageKey) await ctx.files.delete(product.imageKey);
  return { image_key: key, content_type: format.type, size: bytes.byteLength };
}

/** Removes a product's image (nothing to do when it has none). */
export async function removeProductImage(ctx: Ctx, input: { id: unknown }): Promise<void> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const product = await findProduct(db, recordId(input.id));
  if (!product.imageKey) return;
  await db
    .update(t.products)
    .set({ imageKey: null, updatedAt: ctx.now() })
    .where(and(eq(t.products.id, product.id), eq(t.products.imageKey, product.imageKey)));
  await ctx.files.delete(product.imageKey);
}

/** A product's image as stored, or null when it has none; an unknown product is `not_found`. */
export async function readProductImage(ctx: Ctx, input: { id: unknown }) {
  requirePermission(ctx, VIEW_PRODUCTS);
  const [row] = await ctx.db
    .select({ key: t.products.imageKey })
    .from(t.products)
    .where(eq(t.products.id, recordId(input.id)))
    .limit(1);
  if (!row) throw new DomainError("not_found");
  if (!row.key) return null;
  const object = await ctx.files.get(row.key);
  if (!object) return null;
  return { body: object.body, contentType: object.httpMetadata?.contentType ?? "application/octet-stream" };
}

/** Deletes a product (see deleteProduct) and then its image from the files bucket. */
export async function deleteProductAndImage(ctx: Ctx, input: DeleteProductInput): Promise<void> {
  const imageKey = await deleteProduct(ctx, input);
  if (imageKey) await ctx.files.delete(imageKey);
}
