import { z } from "zod";
import { DOCUMENT_TYPES } from "../documents/document-types";
import { zOptionalText } from "../shared/input";
import { PRICE_SCALE, toScaledInteger, zMoney } from "../shared/money";
import { objectError, zCalendarDate, zOptionalId, zRefIdRequired, zRequiredQuantity } from "./common";
import type { LineInput } from "./references";
import type { StockDocumentKind } from "./stock-rules";

export const MAX_LINES = 500;

// ── Input ────────────────────────────────────────────────────────────────────────────────────

const costValue = z.union([z.string(), z.number()]).pipe(zMoney({ min: 0 }));
const zCost = z.unknown().transform((v, ctx) => {
  if (v === undefined || v === null || v === "") return null;
  const parsed = costValue.safeParse(v);
  if (!parsed.success) {
    const code = parsed.error.issues.at(-1)?.message;
    // Past MAX_MONEY (shared/bounds.ts) is too_large.
    ctx.addIssue({ code: "custom", message: code === "too_small" || code === "too_large" ? code : "invalid_number" });
    return z.NEVER;
  }
  return Number(toScaledInteger(parsed.data, PRICE_SCALE));
});

const zNotes = z
  .string({ error: "invalid" })
  .max(5000, "too_long")
  .nullable()
  .transform((v) => (v?.trim() ? v.trim() : null));

const lineFields = {
  variant_id: zRefIdRequired("unknown_variant"),
  pack_id: zOptionalId("unknown_pack").optional(),
  batch_id: zOptionalId("unknown_batch").optional(),
  quantity: zRequiredQuantity({ positive: true }),
};
const EntryLine = z.strictObject({ ...lineFields, unit_cost: zCost.optional() }, objectError);
const OtherLine = z.strictObject(lineFields, objectError);

const zLines = <T extends z.ZodType>(line: T) =>
  z
    .array(line, { error: (i) => (i.input === undefined ? "required" : "invalid") })
    .min(1, "required")
    .max(MAX_LINES, "too_long");

const common = {
  // Every stock document type keeps numbers of the same length (document-types.ts).
  number: zOptionalText(DOCUMENT_TYPES.entry.numbering.maxLength).optional(),
  location_id: zRefIdRequired("unknown_location"),
  date: zCalendarDate.optional(),
  notes: zNotes.optional(),
};

export const CreateStockEntryInput = z.strictObject({ ...common, lines: zLines(EntryLine) }, objectError);
export const CreateStockRemovalInput = z.strictObject({ ...common, lines: zLines(OtherLine) }, objectError);
export const CreateStockMovementInput = z.strictObject(
  { ...common, arrival_location_id: zRefIdRequired("unknown_location"), lines: zLines(OtherLine) },
  objectError,
);
// A number given on update replaces the document's (decision 039); blank is refused.
export const UpdateStockEntryInput = CreateStockEntryInput.partial();
export const UpdateStockRemovalInput = CreateStockRemovalInput.partial();
export const UpdateStockMovementInput = CreateStockMovementInput.partial();

export const CREATE_INPUT: Record<StockDocumentKind, z.ZodType> = {
  entry: CreateStockEntryInput,
  removal: CreateStockRemovalInput,
  movement: CreateStockMovementInput,
};
export const UPDATE_INPUT: Record<StockDocumentKind, z.ZodType> = {
  entry: UpdateStockEntryInput,
  removal: UpdateStockRemovalInput,
  movement: UpdateStockMovementInput,
};

export type ParsedCreate = {
  number?: string | null;
  location_id: number;
  arrival_location_id?: number;
  date?: string | undefined;
  notes?: string | null | undefined;
  lines: LineInput[];
};
