import { z } from "zod";
import { isCountryCode } from "../../shared/countries";
import { zMoney } from "../../shared/money";
import { objectError, zFlag, zLabel, zOptionalText } from "../common";

export const LOCATION_TYPES = ["store", "warehouse"] as const;

/** A store or warehouse as the API and the settings page show it (domain spec §3 'Location'). */
export interface LocationView {
  id: number;
  label: string;
  type: (typeof LOCATION_TYPES)[number];
  active: boolean;
  shipping: boolean;
  /** Money at 4 decimals, as text: "12.5000". */
  shipping_cost: string;
  phone: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  postal_code: string | null;
  province: string | null;
  country: string | null;
  created_at: number;
}

const fields = {
  label: zLabel(100),
  type: z.enum(LOCATION_TYPES, { error: "invalid" }),
  active: zFlag,
  shipping: zFlag,
  shipping_cost: zMoney({ min: 0 }),
  phone: zOptionalText(40).refine((v) => v === null || /^[+0-9 ().-]{6,}$/.test(v), "invalid_phone"),
  address1: zOptionalText(200),
  address2: zOptionalText(200),
  city: zOptionalText(100),
  postal_code: zOptionalText(20),
  province: zOptionalText(100),
  // ISO 3166-1 alpha-2, e.g. "FR".
  country: z
    .string({ error: "invalid" })
    .trim()
    .toUpperCase()
    .nullable()
    .transform((v) => v || null)
    .refine((v) => v === null || isCountryCode(v), "invalid_country"),
};

export const LocationInput = z.strictObject(
  {
    label: fields.label,
    type: fields.type.optional(),
    active: fields.active.optional(),
    shipping: fields.shipping.optional(),
    shipping_cost: fields.shipping_cost.optional(),
    phone: fields.phone.optional(),
    address1: fields.address1.optional(),
    address2: fields.address2.optional(),
    city: fields.city.optional(),
    postal_code: fields.postal_code.optional(),
    province: fields.province.optional(),
    country: fields.country.optional(),
  },
  objectError,
);
export type LocationInput = z.input<typeof LocationInput>;

export const UpdateLocationInput = LocationInput.partial();
export type UpdateLocationInput = z.input<typeof UpdateLocationInput>;
