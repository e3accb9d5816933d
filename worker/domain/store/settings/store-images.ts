import { checkedImage } from "../../products/product-image";
import { requirePermission, requirePublic, type Ctx } from "../../shared/ctx";
import { readStoreSettings } from "./store-settings";
import { patchStoreSettings, STORE_ADMIN_EDIT } from "./store-settings-verbs";

/** The store's two images (domain spec §9: banner 1500×300, login background 800×600). */
export const STORE_IMAGES = ["banner", "login_background"] as const;
export type StoreImage = (typeof STORE_IMAGES)[number];

const keyOf = (image: StoreImage) => (image === "banner" ? "banner_key" : "login_background_key");

async function saveKey(ctx: Ctx, image: StoreImage, key: string | null): Promise<string | null> {
  const previous = (await readStoreSettings(ctx.db))[keyOf(image)];
  await patchStoreSettings(ctx, { [keyOf(image)]: key });
  return previous;
}

/** Stores one of the store's images in the files bucket (PNG, JPEG, GIF or WebP, at most 5 MB); the one it replaces is removed. */
export async function setStoreImage(ctx: Ctx, input: { image: StoreImage; bytes: ArrayBuffer }): Promise<void> {
  requirePermission(ctx, STORE_ADMIN_EDIT);
  const format = checkedImage(input.bytes, input.image);
  const key = await ctx.files.put(`store/${input.image}/${ctx.newId()}.${format.ext}`, input.bytes, {
    httpMetadata: { contentType: format.type },
  });
  const previous = await saveKey(ctx, input.image, key);
  if (previous) await ctx.files.delete(previous);
}

export async function removeStoreImage(ctx: Ctx, input: { image: StoreImage }): Promise<void> {
  requirePermission(ctx, STORE_ADMIN_EDIT);
  const previous = await saveKey(ctx, input.image, null);
  if (previous) await ctx.files.delete(previous);
}

/** One of the store's images as stored, or null; the store's visitors and buyers see them. */
export async function readStoreImage(ctx: Ctx, input: { image: StoreImage }) {
  requirePublic(ctx, "public_store");
  const key = (await readStoreSettings(ctx.db))[keyOf(input.image)];
  const object = key ? await ctx.files.get(key) : null;
  if (!object) return null;
  return { body: object.body, contentType: object.httpMetadata?.contentType ?? "application/octet-stream" };
}
