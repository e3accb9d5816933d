import type { z } from "zod";
import { strictInput, zLabel } from "../shared";

/** A tag of products and services as the API and the screens show it. */
export interface ProductTagView {
  id: number;
  label: string;
  created_at: number;
}

export const ProductTagInput = strictInput({ label: zLabel });
export type ProductTagInput = z.input<typeof ProductTagInput>;
export const UpdateProductTagInput = ProductTagInput.partial();
export type UpdateProductTagInput = z.input<typeof UpdateProductTagInput>;
