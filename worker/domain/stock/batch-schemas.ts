import { z } from "zod";
import { objectError, zCalendarDate, zRefId } from "./common";

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
    variant_id: z.unknown().transform((v, ctx) => {
      if (v === undefined || v === null || v === "") {
        ctx.addIssue({ code: "custom", message: "required" });
        return z.NEVER;
      }
      const parsed = zRefId("unknown_variant").safeParse(v);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: "unknown_variant" });
        return z.NEVER;
      }
      return parsed.data;
    }),
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
