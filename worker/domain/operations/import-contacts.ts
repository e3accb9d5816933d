import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { translate } from "../../../locales";
import { createCustomers } from "../contacts/create-customer";
import { createSuppliers } from "../contacts/create-supplier";
import { purgeImportedCustomers, purgeImportedSuppliers } from "../contacts/purge-imported-contacts";
import { updateCustomers } from "../contacts/update-customer";
import { updateSuppliers } from "../contacts/update-supplier";
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

/** The record a row names by its key (a number or emails), or the records when the key is not unique. */
interface Found {
  field: string;
  value: string;
  ids: number[];
}

/** One record's change: the verb's input (filled cells only) and its id. */
interface ContactChange {
  id: number;
  input: Record<string, unknown>;
}

interface ContactImporterSpec {
  kind: "customers" | "suppliers";
  entity: ImportEntity;
  levelType: "selling" | "purchasing";
  fields: ContactField[];
  /** The records rows name by their keys (update modes), but those this very import created; undefined: no key given. */
  find(db: TenantDb, rows: Map<string, string>[], operationId: number): Promise<(Found | undefined)[]>;
  /** The column that names a record when none is given. */
  keyField: string;
  /** An update's input once the record is read (a customer's address merged into its own). */
  prepare?(db: TenantDb, changes: ContactChange[]): Promise<ContactChange[]>;
  update(ctx: Ctx, changes: ContactChange[], options: { checkOnly?: boolean; alongside?: BatchItem<"sqlite">[] }): Promise<number>;
  /** What the input needs once its fields are set (the payment terms' type beside their days). */
  finish?(input: Record<string, unknown>): void;
  create(
    ctx: Ctx,
    inputs: unknown[],
    options: { checkOnly?: boolean; alongside?: BatchItem<"sqlite">[]; after?: (id: SQL<number>) => BatchItem<"sqlite"> },
  ): Promise<number[]>;
  revert(ctx: Ctx, ids: number[]): Promise<{ deleted: number[]; kept: number[] }>;
}

/**
 * An import of contacts, one row each, through the contact verbs (so every rule of the screens
 * holds). In update modes a row is found by its key; its filled cells are the new values, an
 * empty one leaves its field as it is.
 */
function contactImporter(spec: ContactImporterSpec): Importer {
  const columnsOf = (locale: Locale): ImportColumn[] =>
    spec.fields.map((f) => ({
      field: f.field,
      label: translate(locale, `import.${spec.kind}.${f.field}`),
      required: f.required ?? false,
      ...(f.required ? { createOnly: true } : {}),
    }));
  const changes = async (ctx: Ctx, items: ImportItem[]) => {
    const list = items.map((i) => i.input as ContactChange);
    return spec.prepare ? spec.prepare(ctx.db, list) : list;
  };
  return {
    kind: spec.kind,
    entity: spec.entity,
    modes: ["create", "update", "upsert"],
    async columns(ctx) {
      return columnsOf(ctx.locale);
    },
    async plan(ctx, rows, { mode, operationId }) {
      const choices = await loadChoices(ctx.db, spec.levelType);
      const columns = columnsOf(ctx.locale);
      const labelOf = new Map(columns.map((c) => [c.field, c.label]));
      const errors: RowError[] = [];
      const items: ImportItem[] = [];
      const seenNumber = new Map<string, number>();
      const found =
        mode === "create"
          ? []
          : await spec.find(
              ctx.db,
              rows.map((r) => r.cells),
              operationId,
            );
      for (const [n, { row, cells }] of rows.entries()) {
        const match = found[n];
        if (match && match.ids.length > 1) {
          errors.push({ row, column: labelOf.get(match.field), message: "import_ambiguous_value", params: { value: match.value } });
          continue;
        }
        const id = match?.ids[0];
        if (mode === "update" && id === undefined) {
          errors.push(
            match
              ? { row, column: labelOf.get(match.field), message: "import_no_match", params: { value: match.value } }
              : { row, column: labelOf.get(spec.keyField), message: "import_key_required" },
          );
          continue;
        }
        const input: Record<string, unknown> = {};
        const fields = new Map<string, { row: number; field: string }>();
        let failed = false;
        for (const f of spec.fields) {
          const text = cells.get(f.field)?.trim() ?? "";
          fields.set(f.path, { row, field: f.field });
          if (!text) {
            if (f.required && id === undefined) {
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
        if (id === undefined) items.push({ rows: [row], input, fields, extra: [], keys: [] });
        else items.push({ rows: [row], input: { id, input } satisfies ContactChange, fields, extra: [], keys: [], update: true });
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
    async checkUpdates(ctx, items) {
      await spec.update(ctx, await changes(ctx, items), { checkOnly: true });
    },
    async writeUpdates(ctx, items, { marker }) {
      return { updated: await spec.update(ctx, await changes(ctx, items), { alongside: [marker] }) };
    },
    revert(ctx, ids) {
      return spec.revert(ctx, ids);
    },
  };
}

/** Ids of the records of `entity` this import created: a delivery run again must not find them as records to update. */
const createdHere = (db: TenantDb, operationId: number, entity: ImportEntity) =>
  db
    .select({ id: t.importRecords.entityId })
    .from(t.importRecords)
    .where(and(eq(t.importRecords.operationId, operationId), eq(t.importRecords.entity, entity)));

/** Emails of a cell, as the matching compares them. */
const emailKeys = (text: string) => emails(text).map((e) => e.toLocaleLowerCase("en"));

/** Records by their emails (any of a row's emails against any of a record's), the lookup given one slice of emails. */
async function byEmails(
  rows: Map<string, string>[],
  lookup: (emails: string[]) => Promise<{ id: number; email: string }[]>,
): Promise<Map<string, Set<number>>> {
  const all = [...new Set(rows.flatMap((cells) => emailKeys(cells.get("email") ?? "")))];
  const ids = new Map<string, Set<number>>();
  for (let at = 0; at < all.length; at += 500)
    for (const r of await lookup(all.slice(at, at + 500))) ids.set(r.email, (ids.get(r.email) ?? new Set()).add(r.id));
  return ids;
}

/** A row's record by its emails: every record any of them names. */
function foundByEmail(cells: Map<string, string>, ids: Map<string, Set<number>>): Found | undefined {
  const keys = emailKeys(cells.get("email") ?? "");
  if (!keys.length) return undefined;
  return { field: "email", value: cells.get("email")!.trim(), ids: [...new Set(keys.flatMap((k) => [...(ids.get(k) ?? [])]))] };
}

/** Customers by their number when the row gives one (the reference people quote), else by their emails. */
async function findCustomers(db: TenantDb, rows: Map<string, string>[], operationId: number): Promise<(Found | undefined)[]> {
  const { customers } = t;
  const mine = createdHere(db, operationId, "customer");
  const numbers = rows.flatMap((cells) => {
    const text = cells.get("number")?.trim() ?? "";
    return /^\d{1,15}$/.test(text) ? [Number(text)] : [];
  });
  const byNumber = new Map<number, number>();
  for (let at = 0; at < numbers.length; at += 500)
    for (const r of await db
      .select({ id: customers.id, number: customers.number })
      .from(customers)
      .where(and(inArray(customers.number, numbers.slice(at, at + 500)), notInArray(customers.id, mine))))
      byNumber.set(r.number, r.id);
  const byEmail = await byEmails(
    rows.filter((cells) => !cells.get("number")?.trim()),
    async (list) =>
      (
        await db
          .select({ id: customers.id, emails: customers.emails })
          .from(customers)
          .where(
            and(
              sql`exists (select 1 from json_each(${customers.emails}) e where lower(e.value) in ${list})`,
              notInArray(customers.id, mine),
            ),
          )
      ).flatMap((c) => c.emails.map((email) => ({ id: c.id, email: email.toLocaleLowerCase("en") }))),
  );
  return rows.map((cells) => {
    const number = cells.get("number")?.trim() ?? "";
    if (!number) return foundByEmail(cells, byEmail);
    const id = /^\d{1,15}$/.test(number) ? byNumber.get(Number(number)) : undefined;
    return { field: "number", value: number, ids: id === undefined ? [] : [id] };
  });
}

/** Suppliers by their email. */
async function findSuppliers(db: TenantDb, rows: Map<string, string>[], operationId: number): Promise<(Found | undefined)[]> {
  const { suppliers } = t;
  const mine = createdHere(db, operationId, "supplier");
  const byEmail = await byEmails(rows, (list) =>
    db
      .select({ id: suppliers.id, email: sql<string>`lower(${suppliers.email})` })
      .from(suppliers)
      .where(and(sql`lower(${suppliers.email}) in ${list}`, notInArray(suppliers.id, mine))),
  );
  return rows.map((cells) => foundByEmail(cells, byEmail));
}

/**
 * A customer's row gives one address: an update puts it in the customer's default billing address
 * (its other fields kept), or adds it when the customer has none; the other addresses stay.
 */
async function customerAddressChanges(db: TenantDb, changes: ContactChange[]): Promise<ContactChange[]> {
  const given = changes.filter((c) => Array.isArray(c.input.addresses));
  if (!given.length) return changes;
  const { customerAddresses: a } = t;
  const rows = await db
    .select()
    .from(a)
    .where(
      inArray(
        a.customerId,
        given.map((c) => c.id),
      ),
    )
    .orderBy(asc(a.id));
  return changes.map((change) => {
    const [typed] = (change.input.addresses as Record<string, unknown>[] | undefined) ?? [];
    if (!typed) return change;
    const own = rows.filter((r) => r.customerId === change.id);
    const main = own.find((r) => r.defaultBilling) ?? own[0];
    const stored = (r: (typeof own)[number]) => ({
      id: r.id,
      label: r.label,
      phone: r.phone,
      type: r.type,
      default_billing: r.defaultBilling,
      default_shipping: r.defaultShipping,
      address1: r.address1,
      address2: r.address2,
      city: r.city,
      postal_code: r.postalCode,
      province: r.province,
      dependent_locality: r.dependentLocality,
      country: r.country,
    });
    // The row's address first, so that `addresses.0.city` still names the row's city.
    const addresses = main ? [{ ...stored(main), ...typed }, ...own.filter((r) => r !== main).map(stored)] : [typed];
    return { ...change, input: { ...change.input, addresses } };
  });
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
  find: findCustomers,
  keyField: "number",
  prepare: customerAddressChanges,
  update: updateCustomers,
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
  find: findSuppliers,
  keyField: "email",
  update: updateSuppliers,
  revert: purgeImportedSuppliers,
});
