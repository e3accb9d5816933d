import { and, asc, eq, inArray } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import type { Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { recordId } from "../shared/input";
import { buyerOf } from "./buyer";
import { readCartCatalogue } from "./cart-catalogue";
import { cartKey } from "./cart-rules";
import { storeLineView, type StoreLineView } from "./cart-view";
import { sellableVariant } from "./sellable";

const t = tenantSchema;

/**
 * A product as the store shows it (platform spec §2, /b2b/products/{id}): its variants the store
 * sells, each alone and in each of its packs, at the buyer's prices with the stock left. A product
 * the store does not sell (sellable.ts: disabled, unpublished, or with no variant sold) is
 * `not_found`, as if it did not exist.
 */
export async function getStoreProduct(
  ctx: Ctx,
  input: { id: unknown },
): Promise<{ id: number; label: string; description: string | null; lines: StoreLineView[]; currency: string | null }> {
  const buyer = buyerOf(ctx);
  const id = recordId(input.id);
  const { db } = ctx;
  const [[product], variants] = await db.batch([
    db
      .select({ id: t.products.id, label: t.products.label, description: t.products.description })
      .from(t.products)
      .where(eq(t.products.id, id)),
    db
      .select({ id: t.variants.id })
      .from(t.variants)
      .where(and(eq(t.variants.productId, id), sellableVariant()))
      .orderBy(asc(t.variants.id)),
  ]);
  if (!product || variants.length === 0) throw new DomainError("not_found");
  const packs = await db
    .select({ id: t.packs.id, variantId: t.packs.variantId })
    .from(t.packs)
    .where(
      and(
        inArray(
          t.packs.variantId,
          variants.map((v) => v.id),
        ),
        eq(t.packs.active, true),
      ),
    )
    .orderBy(asc(t.packs.id));
  const wanted = variants.flatMap((v) => [
    { variantId: v.id, packId: null },
    ...packs.filter((p) => p.variantId === v.id).map((p) => ({ variantId: v.id, packId: p.id })),
  ]);
  const catalogue = await readCartCatalogue(ctx, buyer, wanted);
  const lines = wanted.flatMap((w) => storeLineView(catalogue, cartKey(w.variantId, w.packId)) ?? []);
  return { id: product.id, label: product.label, description: product.description, lines, currency: catalogue.currency };
}
