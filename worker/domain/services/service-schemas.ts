import { z } from "zod";
import type { FieldErrorCode } from "../shared/domain-error";
import { objectError } from "../shared/input";
import { zMoney } from "../shared/money";

const MAX_TAGS = 100;

/** A service as the API and the screens show it (domain spec §3 "Service"). Prices are decimal strings. */
export interface ServiceView {
  id: number;
  reference: string;
  label: string;
  description: string | null;
  price: string;
  tax_charged: boolean;
  tax_id: number | null;
  tax: { id: number; label: string } | null;
  deposit: boolean;
  active: boolean;
  tag_ids: number[];
  tags: { id: number; label: string }[];
  published_to_quickbooks: boolean;
  published_to_shopify: boolean;
  published_to_pennylane: boolean;
  created_at: number;
  updated_at: number;
}

const boolean = z.boolean({ error: "invalid" });
const idList = (code: FieldErrorCode) =>
  z
    .array(z.number({ error: code }).int(code).positive(code), { error: "invalid" })
    .max(MAX_TAGS, "too_long")
    .transform((ids) => [...new Set(ids)]);

const fields = {
  reference: z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long"),
  label: z.string({ error: "required" }).trim().min(1, "required").max(255, "too_long"),
  description: z
    .string({ error: "invalid" })
    .max(5000, "too_long")
    .nullable()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  price: z
    .union([z.string(), z.number()], { error: "invalid_number" })
    // Up to MAX_MONEY (shared/bounds.ts).
    .pipe(zMoney({ min: 0 })),
  tax_charged: boolean,
  tax_id: z.number({ error: "unknown_tax" }).int("unknown_tax").positive("unknown_tax").nullable(),
  deposit: boolean,
  active: boolean,
  tag_ids: idList("unknown_tag"),
  published_to_quickbooks: boolean,
  published_to_shopify: boolean,
  published_to_pennylane: boolean,
};

export const CreateServiceInput = z.strictObject(
  {
    reference: fields.reference,
    label: fields.label,
    description: fields.description.optional(),
    price: fields.price.optional(),
    tax_charged: fields.tax_charged.default(true),
    tax_id: fields.tax_id.optional(),
    deposit: fields.deposit.default(false),
    active: fields.active.default(true),
    tag_ids: fields.tag_ids.default([]),
    published_to_quickbooks: fields.published_to_quickbooks.default(false),
    published_to_shopify: fields.published_to_shopify.default(false),
    published_to_pennylane: fields.published_to_pennylane.default(false),
  },
  objectError,
);
export type CreateServiceInput = z.input<typeof CreateServiceInput>;

export const UpdateServiceInput = z.strictObject(
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]>;
  },
  objectError,
);
export type UpdateServiceInput = z.input<typeof UpdateServiceInput>;
