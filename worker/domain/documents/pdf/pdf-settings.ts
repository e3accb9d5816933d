import { z } from "zod";

/** The documents a company prints; each may get its own title on the PDF. */
export const PRINTABLE_KINDS = ["estimate", "sales_order", "shipping_order", "invoice", "credit_note", "refund", "purchase_order"] as const;
export type PrintableKind = (typeof PRINTABLE_KINDS)[number];
/** The kinds by which the company owes the customer: the customer's payment terms are not theirs, they print none. */
export const OWED_TO_THE_CUSTOMER: readonly PrintableKind[] = ["credit_note", "refund"];

/** What each display toggle shows when it is on. */
export const PDF_TOGGLES = [
  "show_logo",
  "show_company_address",
  "show_company_contact",
  "show_customer_number",
  "show_sku",
  "show_unit_price",
  "show_discount",
  "show_tax_column",
  "show_tax_summary",
  "show_ecotax",
  "show_weight",
  "show_notes",
  "show_terms",
  "show_page_numbers",
] as const;
export type PdfToggle = (typeof PDF_TOGGLES)[number];

const title = z
  .string({ error: "invalid" })
  .trim()
  .max(60, "too_long")
  .regex(/^[^\p{Cc}]*$/u, "single_line");

/**
 * The company's PDF settings (domain spec §3 'PDF settings'): paper size, the language documents
 * print in (none: the customer's), the display toggles, and a title per kind of document.
 */
export const PdfSettings = z.strictObject(
  {
    paper_size: z.enum(["a4", "letter"], { error: "invalid" }).default("a4"),
    language: z.enum(["en", "fr"], { error: "invalid_language" }).nullable().default(null),
    ...(Object.fromEntries(
      PDF_TOGGLES.map((toggle) => [toggle, z.boolean({ error: "invalid" }).default(toggle !== "show_weight")]),
    ) as Record<PdfToggle, z.ZodDefault<z.ZodBoolean>>),
    titles: z
      .strictObject(
        Object.fromEntries(PRINTABLE_KINDS.map((kind) => [kind, title.optional()])) as Record<PrintableKind, z.ZodOptional<typeof title>>,
        { error: (issue) => (issue.code === "unrecognized_keys" ? "unknown_field" : "invalid") },
      )
      .default({}),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? "unknown_field" : "invalid") },
);
export type PdfSettings = z.output<typeof PdfSettings>;

export const DEFAULT_PDF_SETTINGS: PdfSettings = PdfSettings.parse({});
