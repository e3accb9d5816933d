import { z } from "zod";
import { MAX_PERCENT } from "../../shared/bounds";
import { zDecimal } from "../../shared/money";
import { objectError, zFlag, zLabel } from "../common";

/** Tax rates are percentages with 4 decimals (stored as integers of 10^-4). */
export const TAX_RATE_SCALE = 4;
export const TAX_KINDS = ["simple", "group"] as const;
export type TaxKind = (typeof TAX_KINDS)[number];
const MAX_GROUP_MEMBERS = 20;

/** A simple tax, or a group whose rate is the sum of its simple taxes' rates (domain spec §3 'Tax'). */
export interface TaxView {
  id: number;
  label: string;
  abbreviation: string;
  kind: TaxKind;
  /** Percent as text with 4 decimals; for a group, the sum of its members' rates. */
  rate: string;
  /** The simple taxes of a group (empty for a simple tax). */
  tax_ids: number[];
  active: boolean;
  created_at: number;
}

const taxIdList = z
  .array(
    z.union(
      [
        z.number().int().positive(),
        z
          .string()
          .trim()
          .regex(/^[1-9]\d{0,14}$/)
          .transform(Number),
      ],
      { error: "unknown_tax" },
    ),
    { error: "invalid" },
  )
  .max(MAX_GROUP_MEMBERS, "too_long");

const fields = {
  label: zLabel(100),
  abbreviation: zLabel(10),
  kind: z.enum(TAX_KINDS, { error: "invalid" }),
  rate: zDecimal(TAX_RATE_SCALE, { min: 0, max: MAX_PERCENT }).nullable(),
  tax_ids: taxIdList.nullable(),
  active: zFlag,
};

export const TaxInput = z.strictObject(
  {
    label: fields.label,
    abbreviation: fields.abbreviation,
    kind: fields.kind.optional(),
    rate: fields.rate.optional(),
    tax_ids: fields.tax_ids.optional(),
    active: fields.active.optional(),
  },
  objectError,
);
export type TaxInput = z.input<typeof TaxInput>;
export const UpdateTaxInput = TaxInput.partial();
export type UpdateTaxInput = z.input<typeof UpdateTaxInput>;
