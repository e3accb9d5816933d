import type { PriceAccess } from "../../../worker/domain/products/price-access";

export interface ProductOptions {
  brands: { id: number; label: string; active: boolean }[];
  seasons: { id: number; label: string }[];
  tags: { id: number; label: string }[];
  attributes: { id: number; label: string; options: { id: number; label: string }[] }[];
  taxes: { id: number; label: string }[];
  /** Active levels the user may view; `editable` when the user may change their prices. */
  priceLevels: { id: number; label: string; type: "selling" | "purchasing"; editable: boolean }[];
  currencies: { id: number; iso: string }[];
  suppliers: { id: number; label: string }[];
  /** Active locations, where a new variant's initial stock can be put. */
  locations: { id: number; label: string }[];
  access: PriceAccess;
}
