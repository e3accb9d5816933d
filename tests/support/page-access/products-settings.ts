import type { PageArea } from "./types";

export const pages: PageArea = {
  access: {
    // Only redirects to the attributes page, which guards itself.
    "products-and-services/products-settings": { kind: "action" },
    "products-and-services/products-settings/attributes": { kind: "permission", allOf: ["view_products"] },
    "products-and-services/products-settings/brands": { kind: "permission", allOf: ["view_products"] },
    "products-and-services/products-settings/product-tags": { kind: "permission", allOf: ["view_products"] },
    "products-and-services/products-settings/seasons": { kind: "permission", allOf: ["view_products"] },
  },
};
