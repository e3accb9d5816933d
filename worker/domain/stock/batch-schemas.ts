import { z } from "zod";
import { objectError, zCalendarDate, zRefIdRequired } from "./common";

const zNumber = z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long");
const zBarcode = z
  .string({ error: "invalid" })
  .trim()
  .max(100, "too_long")
  .nullable()
  .transform((v) => v || null);
const zExpiration = zCalendarDate.nullable();

export const CreateBatchInput = z.strictObject(
  {
    variant_id: zRefIdRequired("unknown_variant"),
    number: zNumber,
    barcode: zBarcode.optional(),
    expiration_date: zExpiration.optional(),
  },
  objectError,
);
export type CreateBatchInput = z.input<typeof CreateBatchInput>;

export const UpdateBatchInput = z.strictObject(
  { number: zNumber.optional(), barcode: zBarcode.optional(), expiration_date: zExpiration.optional() },
  objectError,
);
export type UpdateBatchInput = z.input<typeof UpdateBatchInput>;
