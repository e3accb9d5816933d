import { max } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import type { IsolationArea, IsolationCompany } from "./types";

const { products, variants } = tenantSchema;

async function maxProductId(company: IsolationCompany): Promise<number> {
  const [row] = await company.db.select({ n: max(products.id) }).from(products);
  return row?.n ?? 0;
}

export const isolation: IsolationArea = {
  bodies: {
    "post /products": { label: "Isolation", kind: "single", variants: [{ sku: "ISO-1" }] },
    "patch /products/{id}": { label: "Changed" },
    // Not an image: a refusal for any other reason than the token would be a 422, never a 401/403/404.
    "put /products/{id}/image": { image: "none" },
    "post /products/{id}/enable": {},
    "post /products/{id}/disable": {},
    "post /products/{id}/variants": { sku: "ISO-2" },
    "patch /products/{id}/variants/{variantId}": { label: "Changed" },
    "post /products/{id}/variants/{variantId}/enable": {},
    "post /products/{id}/variants/{variantId}/disable": {},
    "put /products/{id}/variants/{variantId}/prices": { prices: [] },
    "put /products/{id}/variants/{variantId}/components": { components: [{ variant_id: 1, quantity: "1" }] },
    "post /products/{id}/variants/{variantId}/packs": { label: "Pack of 6", quantity: "6" },
    "patch /products/{id}/variants/{variantId}/packs/{packId}": { label: "Changed" },
    "put /products/{id}/variants/{variantId}/packs/{packId}/prices": { prices: [] },
  },
  records: {
    // Nested paths get the same id for the product, the variant and the pack: none exists in mine.
    "/products/": async (theirs, mine) => {
      const id = Math.max(await maxProductId(theirs), await maxProductId(mine)) + 1;
      await theirs.db.batch([
        theirs.db.insert(products).values({ id, label: "Theirs" }),
        theirs.db.insert(variants).values({ productId: id, label: "Theirs", sku: `THEIRS-${id}` }),
      ]);
      return String(id);
    },
  },
};
