import { tenantSchema } from "../../../db/client";
import { companyDb } from "../e2e-factories";
import type { E2eCompany, PageArea } from "./types";

const { products, variants } = tenantSchema;

// Random ids far from the small ones of other companies, so that another company's ids name nothing here.
const randomId = () => 1_000_000 + Math.floor(Math.random() * 1_000_000_000);

/** A product with variants and one variant in `company`: their ids. */
async function makeProduct(company: E2eCompany): Promise<{ productId: number; variantId: number }> {
  const db = await companyDb(company.companyId);
  const productId = randomId();
  const variantId = randomId();
  await db.batch([
    db.insert(products).values({ id: productId, label: "Page access product", kind: "variants" }),
    db.insert(variants).values({ id: variantId, productId, label: "Page access variant", sku: `PA-${productId}` }),
  ]);
  return { productId, variantId };
}

export const pages: PageArea = {
  access: {
    "products-and-services/products": { kind: "permission", allOf: ["view_products"] },
    "products-and-services/price-update": { kind: "permission", allOf: ["edit_products"] },
    // Selling price rules: the selling information and the advanced_prices module.
    "products-and-services/price-rules": { kind: "permission", allOf: ["view_products", "view_products_selling_info", "advanced_prices"] },
    "products-and-services/products/create": { kind: "permission", allOf: ["edit_products"] },
    // {id optional}/edit and {id optional}/variants without the id: the list.
    "products-and-services/products/edit": { kind: "redirect", to: "/products-and-services/products", allOf: ["view_products"] },
    "products-and-services/products/variants": { kind: "redirect", to: "/products-and-services/products", allOf: ["view_products"] },
    "products-and-services/products/:id": { kind: "permission", allOf: ["view_products"] },
    "products-and-services/products/:id/edit": { kind: "permission", allOf: ["edit_products"] },
    "products-and-services/products/:id/image": { kind: "permission", allOf: ["view_products"] },
    // Any one of the product and stock view permissions (the SKU suggestions of their forms).
    "products-and-services/variant-choices": { kind: "permission", allOf: [] },
    // Any one of view_products and view_products_inventory (the product filter of the stock levels).
    "products-and-services/product-lookup": { kind: "permission", allOf: [] },
    "products-and-services/products/:id/variants": { kind: "permission", allOf: ["view_products"] },
    "products-and-services/products/:id/variants/create": { kind: "permission", allOf: ["edit_products"] },
    "products-and-services/products/:id/variants/:variant": { kind: "permission", allOf: ["view_products"] },
    "products-and-services/products/:id/variants/:variant/edit": { kind: "permission", allOf: ["edit_products"] },
  },
  records: {
    "products-and-services/products/": async (company) => String((await makeProduct(company)).productId),
    "products-and-services/products/:id/variants/:variant": async (company) => {
      const { productId, variantId } = await makeProduct(company);
      return { id: String(productId), variant: String(variantId) };
    },
  },
};
