import { and, eq, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { controlSchema, tenantSchema, type ControlDb, type TenantDb } from "../../../db/client";
import {
  addressChanges,
  addressFields,
  addressView,
  zCountry,
  zDays,
  zOptionalEmail,
  zPhone,
  zUrl,
  type AddressView,
} from "../contacts/shared";
import { PAYMENT_TERMS_TYPES, type PaymentTerms } from "../contacts/payment-terms";
import {
  changedNumberFormats,
  NumberFormatsInput,
  numberFormats,
  type NumberFormat,
  type NumberedDocumentType,
} from "../documents/numbering";
import type { Actor } from "../identity/actor";
import { hasPermissions } from "../identity/permissions";
import { checkedImage, type FileStore } from "../products/product-image";
import { DomainError } from "../shared/domain-error";
import type { FormatSettings } from "../shared/format";
import { newId } from "../shared/ids";
import { LOCALES, type Locale } from "../shared/locale";
import { isTimeZone } from "../users/users-schemas";
import { defaultCurrencyStatements, findCurrencyByIso } from "./currencies";
import { fieldError, objectError, parseInput, runBatch, zLabel } from "./common";

const { companySettings, currencies } = tenantSchema;

export const NUMBER_FORMATS = ["space_comma", "comma_point"] as const;
export const SETTINGS = { allOf: ["settings"] } as const;

/** The company's own settings (domain spec §3 'Company'), as the API and the settings page show them. */
export interface CompanySettingsView extends AddressView {
  label: string;
  country: string;
  /** Key of the logo in the files bucket, null without one. */
  logo_key: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  number_format: (typeof NUMBER_FORMATS)[number];
  /** ISO code of the default currency. */
  default_currency: string;
  languages: Locale[];
  timezone: string;
  payment_terms: PaymentTerms;
  estimate_expiration_days: number;
  /** How each type of document is numbered (worker/domain/documents/numbering.ts). */
  document_numbering: Record<NumberedDocumentType, NumberFormat>;
  /** Each location numbers its documents on its own, its id in the number. */
  separate_numbering_per_location: boolean;
  updated_at: number;
}

type SettingsRow = typeof companySettings.$inferSelect;

function view(row: SettingsRow): CompanySettingsView {
  return {
    label: row.label,
    logo_key: row.logoKey,
    email: row.email,
    phone: row.phone,
    website: row.website,
    ...addressView(row),
    country: row.country,
    number_format: row.numberFormat,
    default_currency: row.defaultCurrency,
    languages: row.languages.filter((l): l is Locale => (LOCALES as readonly string[]).includes(l)),
    timezone: row.timezone,
    payment_terms: { type: row.paymentTermsType, days: row.paymentTermsDays },
    estimate_expiration_days: row.estimateExpirationDays,
    document_numbering: numberFormats(row.documentNumbering),
    separate_numbering_per_location: row.separateNumberingPerLocation,
    updated_at: row.updatedAt,
  };
}

export const UpdateCompanySettingsInput = z
  .strictObject(
    {
      label: zLabel(200),
      email: zOptionalEmail,
      phone: zPhone,
      website: zUrl,
      ...addressFields,
      // The company always has a country (taxes and documents depend on it).
      country: zCountry.pipe(z.string({ error: "required" })),
      number_format: z.enum(NUMBER_FORMATS, { error: "invalid" }),
      default_currency: z.string({ error: "unknown_currency" }).trim().toUpperCase(),
      languages: z
        .array(z.enum(LOCALES, { error: "invalid_language" }), { error: "invalid" })
        .min(1, "required")
        .transform((list) => [...new Set(list)]),
      timezone: z.string({ error: "required" }).trim().min(1, "required").max(64, "too_long").refine(isTimeZone, "invalid_timezone"),
      payment_terms: z.strictObject({ type: z.enum(PAYMENT_TERMS_TYPES, { error: "invalid" }), days: zDays.default(0) }, objectError),
      estimate_expiration_days: zDays,
      document_numbering: NumberFormatsInput,
      separate_numbering_per_location: z.boolean({ error: "invalid" }),
    },
    objectError,
  )
  .partial();
export type UpdateCompanySettingsInput = z.input<typeof UpdateCompanySettingsInput>;

async function findRow(db: TenantDb): Promise<SettingsRow> {
  const [row] = await db.select().from(companySettings).limit(1);
  if (!row) throw new DomainError("not_found");
  return row;
}

export async function getCompanySettings(db: TenantDb): Promise<CompanySettingsView> {
  return view(await findRow(db));
}

function assertMayChange(actor: Actor): void {
  if (!hasPermissions(actor.permissions, SETTINGS)) throw new DomainError("forbidden");
}

/**
 * Changes the company settings that are given, in one batch; a new default currency (one of the
 * company's, by code) rebases the exchange rates as makeDefaultCurrency does. The label is also
 * the company's name in the control database (the account menu, the company switcher).
 */
export async function updateCompanySettings(
  deps: { db: TenantDb; control: ControlDb },
  actor: Actor,
  raw: unknown,
): Promise<CompanySettingsView> {
  assertMayChange(actor);
  const { db, control } = deps;
  const input = parseInput(UpdateCompanySettingsInput, raw);
  const row = await findRow(db);
  const statements: BatchItem<"sqlite">[] = [];
  if (input.default_currency !== undefined && input.default_currency !== row.defaultCurrency) {
    const currency = await findCurrencyByIso(db, input.default_currency);
    if (!currency) throw fieldError("default_currency", "unknown_currency");
    statements.push(...(await defaultCurrencyStatements(db, currency)));
  }
  const { country, ...address } = addressChanges(input);
  const changes = {
    ...(input.label !== undefined ? { label: input.label } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.website !== undefined ? { website: input.website } : {}),
    ...address,
    ...(country ? { country } : {}),
    ...(input.number_format !== undefined ? { numberFormat: input.number_format } : {}),
    ...(input.languages !== undefined ? { languages: input.languages } : {}),
    ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
    ...(input.payment_terms !== undefined
      ? { paymentTermsType: input.payment_terms.type, paymentTermsDays: input.payment_terms.days }
      : {}),
    ...(input.estimate_expiration_days !== undefined ? { estimateExpirationDays: input.estimate_expiration_days } : {}),
    ...(input.document_numbering !== undefined
      ? { documentNumbering: changedNumberFormats(row.documentNumbering, input.document_numbering) }
      : {}),
    ...(input.separate_numbering_per_location !== undefined ? { separateNumberingPerLocation: input.separate_numbering_per_location } : {}),
  };
  if (Object.keys(changes).length)
    statements.push(
      db
        .update(companySettings)
        .set({ ...changes, updatedAt: Date.now() })
        .where(eq(companySettings.id, 1)),
    );
  await runBatch(db, statements);
  // Two databases cannot share a batch: the company's own row is written first, and saving again repairs a failed copy.
  if (input.label !== undefined)
    await control.update(controlSchema.companies).set({ label: input.label }).where(eq(controlSchema.companies.id, actor.company.id));
  return getCompanySettings(db);
}

/** Stores the company's logo in the files bucket (PNG, JPEG, GIF or WebP, at most 5 MB); the one it replaces is removed. */
export async function setCompanyLogo(db: TenantDb, store: FileStore, actor: Actor, bytes: ArrayBuffer): Promise<CompanySettingsView> {
  assertMayChange(actor);
  const format = checkedImage(bytes, "logo");
  const previous = (await findRow(db)).logoKey;
  const key = `companies/${actor.company.id}/logo/${newId()}.${format.ext}`;
  await store.put(key, bytes, { httpMetadata: { contentType: format.type } });
  // Another upload may have won meanwhile: the row says which logo to remove.
  const updated = await db
    .update(companySettings)
    .set({ logoKey: key, updatedAt: Date.now() })
    .where(and(eq(companySettings.id, 1), previous === null ? isNull(companySettings.logoKey) : eq(companySettings.logoKey, previous)))
    .returning({ id: companySettings.id });
  if (!updated.length) {
    await store.delete(key);
    throw new DomainError("conflict");
  }
  if (previous) await store.delete(previous);
  return getCompanySettings(db);
}

/** Removes the company's logo (nothing to do without one). */
export async function removeCompanyLogo(db: TenantDb, store: FileStore, actor: Actor): Promise<CompanySettingsView> {
  assertMayChange(actor);
  const previous = (await findRow(db)).logoKey;
  if (previous) {
    await db.update(companySettings).set({ logoKey: null, updatedAt: Date.now() }).where(eq(companySettings.id, 1));
    await store.delete(previous);
  }
  return getCompanySettings(db);
}

/** The company's logo as stored, or null without one. */
export async function readCompanyLogo(db: TenantDb, store: FileStore) {
  const key = (await findRow(db)).logoKey;
  const object = key ? await store.get(key) : null;
  if (!object) return null;
  return { body: object.body, contentType: object.httpMetadata?.contentType ?? "application/octet-stream" };
}

/** The company's part of the format settings: its number format, default currency and currencies. */
export async function companyFormat(db: TenantDb): Promise<Omit<FormatSettings, "language" | "timeZone">> {
  const [settings, rows] = await db.batch([
    db.select({ numberFormat: companySettings.numberFormat, currency: companySettings.defaultCurrency }).from(companySettings).limit(1),
    db.select({ iso: currencies.iso, sign: currencies.sign, symbol_template: currencies.symbolTemplate }).from(currencies),
  ]);
  return {
    numberFormat: settings[0]?.numberFormat ?? "comma_point",
    currency: settings[0]?.currency ?? "USD",
    currencies: rows,
  };
}
