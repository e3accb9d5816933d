import { z } from "zod";
import { strictInput, zLabel } from "../shared";

/** A brand as the API and the screens show it. */
export interface BrandView {
  id: number;
  label: string;
  active: boolean;
  created_at: number;
}

export const CreateBrandInput = strictInput({ label: zLabel, active: z.boolean({ error: "invalid" }).default(true) });
export type CreateBrandInput = z.input<typeof CreateBrandInput>;

export const UpdateBrandInput = strictInput({ label: zLabel.optional(), active: z.boolean({ error: "invalid" }).optional() });
export type UpdateBrandInput = z.input<typeof UpdateBrandInput>;
