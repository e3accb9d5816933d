import { z } from "zod";
import {
  addressFields,
  isHttpUrl,
  optionalShape,
  strictInput,
  zDays,
  zFlag,
  zIdList,
  zName,
  zOptionalEmail,
  zPhone,
  zRef,
  zText,
  zUrl,
  type AddressView,
} from "./shared";

const MAX_SOCIAL_LINKS = 20;

/** A supplier as the API and the screens show it (domain spec §3 "Supplier and employee"). */
export interface SupplierView extends AddressView {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  website: string | null;
  social_links: Record<string, string>;
  notes: string | null;
  active: boolean;
  default_currency_id: number | null;
  default_currency: { id: number; iso: string; label: string } | null;
  default_price_level_id: number | null;
  default_price_level: { id: number; label: string } | null;
  default_payment_terms_days: number | null;
  default_lead_time_days: number | null;
  tag_ids: number[];
  tags: { id: number; label: string }[];
  created_at: number;
  updated_at: number;
}

/** Social links by network name ("linkedin", "instagram"...), each an http(s) address. */
const zSocialLinks = z
  .record(z.string({ error: "invalid" }), z.unknown(), { error: "invalid" })
  .superRefine((links, ctx) => {
    const entries = Object.entries(links);
    if (entries.length > MAX_SOCIAL_LINKS) ctx.addIssue({ code: "custom", message: "too_long" });
    for (const [key, url] of entries) {
      if (!/^[a-z0-9_-]{1,40}$/i.test(key)) ctx.addIssue({ code: "custom", path: [key], message: "invalid" });
      else if (typeof url !== "string" || url.length > 500 || !isHttpUrl(url.trim()))
        ctx.addIssue({ code: "custom", path: [key], message: "invalid_url" });
    }
  })
  .transform((links) => Object.fromEntries(Object.entries(links).map(([k, v]) => [k.toLowerCase(), String(v).trim()])));

const fields = {
  name: zName(200),
  email: zOptionalEmail,
  phone: zPhone,
  website: zUrl,
  social_links: zSocialLinks,
  notes: zText(5000),
  active: zFlag,
  default_currency_id: zRef("unknown_currency").nullable(),
  default_price_level_id: zRef("unknown_price_level").nullable(),
  default_payment_terms_days: zDays.nullable(),
  default_lead_time_days: zDays.nullable(),
  ...addressFields,
  tag_ids: zIdList("unknown_tag"),
};

export const CreateSupplierInput = strictInput({
  ...optionalShape(fields),
  name: fields.name,
  social_links: fields.social_links.default({}),
  active: fields.active.default(true),
  tag_ids: fields.tag_ids.default([]),
});
export type CreateSupplierInput = z.input<typeof CreateSupplierInput>;

export const UpdateSupplierInput = strictInput(optionalShape(fields));
export type UpdateSupplierInput = z.input<typeof UpdateSupplierInput>;
export type ParsedSupplier = z.output<typeof UpdateSupplierInput>;
