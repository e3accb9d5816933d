import { customerImporter, supplierImporter } from "./import-contacts";
import { productImporter } from "./import-products";
import { stockCountImporter } from "./import-stock-counts";
import type { Importer } from "./importer";

/** The import kinds, by the name the import screen and its templates use. */
export const IMPORTERS: Record<string, Importer> = {
  products: productImporter,
  customers: customerImporter,
  suppliers: supplierImporter,
  stock_counts: stockCountImporter,
};
