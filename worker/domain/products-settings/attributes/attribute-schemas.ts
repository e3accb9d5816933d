import { z } from "zod";
import { DomainError, type FieldErrors } from "../../shared/domain-error";
import { assertPlainText } from "../../shared/plain-text";
import { inputError, strictInput, zLabel } from "../shared";

/** More options than any product could combine into variants (at most 250 per product). */
export const MAX_OPTIONS = 500;

export interface AttributeOptionView {
  id: number;
  label: string;
  position: number;
}

/** A variant attribute (size, colour…) with its options in order. */
export interface AttributeView {
  id: number;
  label: string;
  options: AttributeOptionView[];
  created_at: number;
}

// Options may be sent as plain labels ("S") or as objects ({ id?, label }).
const asOptionObject = (item: unknown) => (typeof item === "string" ? { label: item } : item);
const zOptionId = z.preprocess(
  (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: "invalid" }).int("invalid").positive("invalid").max(Number.MAX_SAFE_INTEGER, "invalid"),
);

function optionList<T extends z.ZodType<{ label: string }>>(item: T) {
  return z
    .array(z.preprocess(asOptionObject, item), { error: "required" })
    .min(1, "required")
    .max(MAX_OPTIONS, "too_long")
    .superRefine((items, ctx) => {
      // Option labels are unique within their attribute, case aside.
      const seen = new Set<string>();
      items.forEach((option, i) => {
        const key = option.label.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: "custom", message: "duplicate_option", path: [i] });
        seen.add(key);
      });
    });
}

export const CreateAttributeInput = strictInput({
  label: zLabel,
  options: optionList(strictInput({ label: zLabel })),
});
export type CreateAttributeInput = z.input<typeof CreateAttributeInput>;

/** `options` is the full new list in order: items with an id are kept (renamed, moved), without one added, missing ones removed. */
export const UpdateAttributeInput = strictInput({
  label: zLabel.optional(),
  options: optionList(strictInput({ id: zOptionId.optional(), label: zLabel })).optional(),
});
export type UpdateAttributeInput = z.input<typeof UpdateAttributeInput>;

/** Parses, naming an option's label error `options.N` (the option itself) rather than `options.N.label`. */
export function parseAttributeInput<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  assertPlainText(raw);
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const error = inputError(parsed.error);
  const fields: FieldErrors = {};
  for (const [key, value] of Object.entries(error.fields ?? {})) fields[key.replace(/^(options\.\d+)\.label$/, "$1")] ??= value;
  throw new DomainError("validation_failed", {}, fields);
}
