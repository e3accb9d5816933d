import { and, asc, eq } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { translate } from "../../../locales";
import { createCustomers } from "../contacts/create-customer";
import { createSuppliers } from "../contacts/create-supplier";
import { purgeImportedCustomers, purgeImportedSuppliers } from "../contacts/purge-imported-contacts";
import type { Ctx } from "../shared/ctx";
import type { Locale } from "../shared/locale";
import { numberText } from "./import-products";
import { importRecord, type ImportColumn, type ImportEntity, type ImportItem, type Importer, type RowError } from "./importer";

const t = tenantSchema;
const key = (text: string) => text.trim().toLocaleLowerCase("en");

/** The names a contact's row may give for its references: price levels by name, currencies by ISO code. */
interface Choices {
  levels: Map<string, number>;
  currencies: Map<string, number>;
}

async function loadChoices(db: TenantDb, levelType: "selling" | "purchasing"): Promise<Choices> {
  const [levels, currencies] = await db.batch([
    db
      .select({ id: t.priceLevels.id, label: t.priceLevels.label })
      .from(t.priceLevels)
      .where(and(eq(t.priceLevels.type, levelType), eq(t.priceLevels.active, true)))
      .orderBy(asc(t.priceLevels.id)),
    db.select({ id: t.currencies.id, iso: t.currencies.iso }).from(t.currencies).where(eq(t.currencies.active, true)),
  ]);
  return {
    levels: new Map(levels.map((l) => [key(l.label), l.id])),
    currencies: new Map(currencies.map((c) => [key(c.iso), c.id])),
  };
}

/** A whole number as typed, else the text itself, for the verb to refuse by its own rule. */
const whole = (text: string): number | string => (/^\d{1,15}$/.test(text) ? Number(text) : text);

/** One column of a contact import: the field of the verb's input it fills (a dotted path) and how its text becomes the value. */
interface ContactField {
  field: string;
  path: string;
  required?: boolean;
  /** The value from the cell's text; `undefined` leaves the field out; a thrown text is the cell's error. */
  value?: (text: string, choices: Choices) => unknown;
}

const ADDRESS_FIELDS = ["address1", "address2", "postal_code", "city", "province", "country"] as const;

class UnknownValue {
  constructor(readonly value: string) {}
}

const reference = (map: keyof Choices) => (text: string, choices: Choices) => {
  const id = choices[map].get(key(text));
  if (id === undefined) throw new UnknownValue(text);
  return id;
};

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split(".");
  let at: Record<string, unknown> = target;
  for (const [i, part] of parts.entries()) {
    if (i === parts.length - 1) at[part] = value;
    else at = (at[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {}) as Record<string, unknown>;
  }
}

interface ContactImporterSpec {
  kind: "customers" | "suppliers";
  entity: ImportEntity;
  levelType: "selling" | "purchasing";
  fields: ContactField[];
  /** What the input needs once its fields are set (the payment terms' type beside their days). */
  finish?(input: Record<string, unknown>): void;
  create(
    ctx: Ctx,
    inputs: unknown[],
    options: { checkOnly?: boolean; alongside?: BatchItem<"sqlite">[]; after?: (id: SQL<number>) => BatchItem<"sqlite"> },
  ): Promise<number[]>;
  revert(ctx: Ctx, ids: number[]): Promise<{ deleted: number[]; kept: number[] }>;
}

/** An import of contacts, one row each, through the contact verb (so every rule of the screens holds). */
function contactImporter(spec: ContactImporterSpec): Importer {
  const columnsOf = (locale: Locale): ImportColumn[] =>
    spec.fields.map((f) => ({ field: f.field, label: translate(locale, `import.${spec.kind}.${f.field}`), required: f.required ?? false }));
  return {
    kind: spec.kind,
    entity: spec.entity,
    async columns(ctx) {
      return columnsOf(ctx.locale);
    },
    async plan(ctx, rows) {
      const choices = await loadChoices(ctx.db, spec.levelType);
      const columns = columnsOf(ctx.locale);
      const labelOf = new Map(columns.map((c) => [c.field, c.label]));
      const errors: RowError[] = [];
      const items: ImportItem[] = [];
      const seenNumber = new Map<string, number>();
      for (const { row, cells } of rows) {
        const input: Record<string, unknown> = {};
        const fields = new Map<string, { row: number; field: string }>();
        let failed = false;
        for (const f of spec.fields) {
          const text = cells.get(f.field)?.trim() ?? "";
          fields.set(f.path, { row, field: f.field });
          if (!text) {
            if (f.required) {
              errors.push({ row, column: labelOf.get(f.field), message: "required" });
              failed = true;
            }
            continue;
          }
          if (f.field === "number") {
            const first = seenNumber.get(text);
            if (first !== undefined) {
              errors.push({ row, column: labelOf.get(f.field), message: "import_duplicate_in_file", params: { row: first } });
              failed = true;
            } else seenNumber.set(text, row);
          }
          try {
            const value = f.value ? f.value(text, choices) : text;
            if (value !== undefined) setPath(input, f.path, value);
          } catch (error) {
            if (!(error instanceof UnknownValue)) throw error;
            errors.push({ row, column: labelOf.get(f.field), message: "import_unknown_value", params: { value: error.value } });
            failed = true;
          }
        }
        if (failed) continue;
        spec.finish?.(input);
        items.push({ rows: [row], input, fields, extra: [], keys: [] });
      }
      return { items, errors, columns };
    },
    async check(ctx, inputs) {
      await spec.create(ctx, inputs, { checkOnly: true });
    },
    async write(ctx, items, { operationId, marker }) {
      const ids = await spec.create(
        ctx,
        items.map((i) => i.input),
        { alongside: [marker], after: (id) => importRecord(ctx.db, operationId, spec.entity, id) },
      );
      return { ids, stockDocumentIds: [] };
    },
    revert(ctx, ids) {
      return spec.revert(ctx, ids);
    },
  };
}

const address = (field: (typeof ADDRESS_FIELDS)[number], base: string): ContactField => ({ field, path: `${base}${field}` });
const decimal = (text: string) => numberText(text);
const emails = (text: string) =>
  text
    .split(/[;,\s]+/)
    .map((e) => e.trim())
    .filter(Boolean);

/** A language as a sheet may write it ("fr", "FR", "Français", "English", "anglais"); anything else as typed, for the verb to refuse. */
function languageCode(text: string): string {
  const plain = text.trim().toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
  if (/^fr(ench|ancais)?$/.test(plain)) return "fr";
  if (/^(en(glish)?|anglais)$/.test(plain)) return "en";
  return text;
}

/** Customers, one row each: their address (billing and shipping) in the row's address columns. */
export const customerImporter = contactImporter({
  kind: "customers",
  entity: "customer",
  levelType: "selling",
  fields: [
    { field: "name", path: "label", required: true },
    { field: "number", path: "number", value: whole },
    { field: "email", path: "emails", value: emails },
    { field: "phone", path: "phone" },
    { field: "tax_number", path: "tax_number" },
    { field: "price_level", path: "price_level_id", value: reference("levels") },
    { field: "discount_rate", path: "discount_rate", value: decimal },
    { field: "currency", path: "currency_id", value: reference("currencies") },
    { field: "payment_terms_days", path: "payment_terms.days", value: whole },
    { field: "notes", path: "notes" },
    { field: "language", path: "language", value: languageCode },
    ...ADDRESS_FIELDS.map((f) => address(f, "addresses.0.")),
  ],
  finish(input) {
    const terms = input.payment_terms as { days?: unknown } | undefined;
    if (terms) input.payment_terms = { type: "net", ...terms };
  },
  create: createCustomers,
  revert: purgeImportedCustomers,
});

/** Suppliers, one row each. */
export const supplierImporter = contactImporter({
  kind: "suppliers",
  entity: "supplier",
  levelType: "purchasing",
  fields: [
    { field: "name", path: "name", required: true },
    { field: "email", path: "email" },
    { field: "phone", path: "phone" },
    { field: "website", path: "website" },
    { field: "price_level", path: "default_price_level_id", value: reference("levels") },
    { field: "currency", path: "default_currency_id", value: reference("currencies") },
    { field: "payment_terms_days", path: "default_payment_terms_days", value: whole },
    { field: "lead_time_days", path: "default_lead_time_days", value: whole },
    { field: "notes", path: "notes" },
    ...ADDRESS_FIELDS.map((f) => address(f, "")),
  ],
  create: createSuppliers,
  revert: purgeImportedSuppliers,
});
