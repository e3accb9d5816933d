import { z } from "zod";
import {
  PDF_TOGGLES,
  PRINTABLE_KINDS,
  type PdfSettings as PdfSettingsView,
  type PdfToggle,
  type PrintableKind,
} from "../../domain/documents/pdf/pdf-settings";
import { answer } from "./common";

export const PdfSettings = answer<PdfSettingsView>()(
  {
    id: "PdfSettings",
    description: "How the company's documents print: paper size, language (null: the customer's), display toggles, titles",
  },
  z.object({
    paper_size: z.enum(["a4", "letter"]),
    language: z.enum(["en", "fr"]).nullable(),
    ...(Object.fromEntries(PDF_TOGGLES.map((toggle) => [toggle, z.boolean()])) as Record<PdfToggle, z.ZodBoolean>),
    titles: z
      .object(
        Object.fromEntries(PRINTABLE_KINDS.map((kind) => [kind, z.string().optional()])) as Record<
          PrintableKind,
          z.ZodOptional<z.ZodString>
        >,
      )
      .meta({ description: "The company's own title per kind of document; a kind left out prints its default title" }),
  }),
);
