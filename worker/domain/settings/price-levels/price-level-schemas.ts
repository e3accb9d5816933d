import { z } from "zod";
import { objectError, zFlag, zLabel } from "../common";

export const PRICE_LEVEL_TYPES = ["selling", "purchasing"] as const;
export type PriceLevelType = (typeof PRICE_LEVEL_TYPES)[number];

/** A selling or purchasing price list (domain spec §3 'Price level'). */
export interface PriceLevelView {
  id: number;
  label: string;
  type: PriceLevelType;
  active: boolean;
  /** The company's default level of its type (company settings). */
  is_default: boolean;
  created_at: number;
}

export const PriceLevelInput = z.strictObject(
  {
    label: zLabel(100),
    type: z.enum(PRICE_LEVEL_TYPES, { error: "invalid" }).optional(),
    active: zFlag.optional(),
  },
  objectError,
);
export type PriceLevelInput = z.input<typeof PriceLevelInput>;
export const UpdatePriceLevelInput = PriceLevelInput.partial();
export type UpdatePriceLevelInput = z.input<typeof UpdatePriceLevelInput>;
