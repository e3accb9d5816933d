import { and, eq, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { isCountryCode } from "../shared/countries";
import { DomainError } from "../shared/domain-error";
import { parseListQuery } from "../shared/list-query";
import { defineListRegistry, likePrefix, runList, type ListResult } from "../shared/list-query-sql";
import { fromScaledInteger, PRICE_SCALE, toScaledInteger, zMoney } from "../shared/money";
import { conflict, isUniqueViolation, objectError, parseInput, recordId, zFlag, zLabel, zOptionalText } from "./common";

const { locations } = tenantSchema;

export const LOCATION_TYPES = ["store", "warehouse"] as const;

/** A store or warehouse as the API and the settings page show it (domain spec §3 'Location'). */
export interface LocationView {
  id: number;
  label: string;
  type: (typeof LOCATION_TYPES)[number];
  active: boolean;
  shipping: boolean;
  /** Money at 4 decimals, as text: "12.5000". */
  shipping_cost: string;
  phone: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  postal_code: string | null;
  province: string | null;
  country: string | null;
  created_at: number;
}

type LocationRow = typeof locations.$inferSelect;

function view(row: LocationRow): LocationView {
  return {
    id: row.id,
    label: row.label,
    type: row.type,
    active: row.active,
    shipping: row.shipping,
    shipping_cost: fromScaledInteger(row.shippingCost, PRICE_SCALE).toString(),
    phone: row.phone,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    postal_code: row.postalCode,
    province: row.province,
    country: row.country,
    created_at: row.createdAt,
  };
}

const fields = {
  label: zLabel(100),
  type: z.enum(LOCATION_TYPES, { error: "invalid" }),
  active: zFlag,
  shipping: zFlag,
  shipping_cost: zMoney({ min: 0 }),
  phone: zOptionalText(40).refine((v) => v === null || /^[+0-9 ().-]{6,}$/.test(v), "invalid_phone"),
  address1: zOptionalText(200),
  address2: zOptionalText(200),
  city: zOptionalText(100),
  postal_code: zOptionalText(20),
  province: zOptionalText(100),
  // ISO 3166-1 alpha-2, e.g. "FR".
  country: z
    .string({ error: "invalid" })
    .trim()
    .toUpperCase()
    .nullable()
    .transform((v) => v || null)
    .refine((v) => v === null || isCountryCode(v), "invalid_country"),
};

export const LocationInput = z.strictObject(
  {
    label: fields.label,
    type: fields.type.optional(),
    active: fields.active.optional(),
    shipping: fields.shipping.optional(),
    shipping_cost: fields.shipping_cost.optional(),
    phone: fields.phone.optional(),
    address1: fields.address1.optional(),
    address2: fields.address2.optional(),
    city: fields.city.optional(),
    postal_code: fields.postal_code.optional(),
    province: fields.province.optional(),
    country: fields.country.optional(),
  },
  objectError,
);
export type LocationInput = z.input<typeof LocationInput>;

export const UpdateLocationInput = LocationInput.partial();
export type UpdateLocationInput = z.input<typeof UpdateLocationInput>;

type ParsedInput = z.output<typeof UpdateLocationInput>;

/** The columns an input sets (only those given). */
function columns(input: ParsedInput): Partial<typeof locations.$inferInsert> {
  const out: Partial<typeof locations.$inferInsert> = {};
  if (input.label !== undefined) out.label = input.label;
  if (input.type !== undefined) out.type = input.type;
  if (input.active !== undefined) out.active = input.active;
  if (input.shipping !== undefined) out.shipping = input.shipping;
  if (input.shipping_cost !== undefined) out.shippingCost = Number(toScaledInteger(input.shipping_cost, PRICE_SCALE));
  if (input.phone !== undefined) out.phone = input.phone;
  if (input.address1 !== undefined) out.address1 = input.address1;
  if (input.address2 !== undefined) out.address2 = input.address2;
  if (input.city !== undefined) out.city = input.city;
  if (input.postal_code !== undefined) out.postalCode = input.postal_code;
  if (input.province !== undefined) out.province = input.province;
  if (input.country !== undefined) out.country = input.country;
  return out;
}

// The labels' unique index compares exactly; the rule is case-insensitive, so it is checked here too.
async function assertLabelFree(db: TenantDb, label: string, exceptId?: number) {
  const same = sql`${locations.label} = ${label} collate nocase`;
  const [taken] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(exceptId === undefined ? same : and(same, ne(locations.id, exceptId)))
    .limit(1);
  if (taken) throw conflict("location_label_taken", "label");
}

/** True when another active location than `id` exists: the company always keeps one. */
const anotherActive = (id: number): SQL => sql`exists (select 1 from locations other where other.active = 1 and other.id <> ${id})`;

async function findRow(db: TenantDb, id: number): Promise<LocationRow> {
  const row = await db.query.locations.findFirst({ where: eq(locations.id, id) });
  if (!row) throw new DomainError("not_found");
  return row;
}

export async function getLocation(db: TenantDb, rawId: unknown): Promise<LocationView> {
  return view(await findRow(db, recordId(rawId)));
}

export const locationList = defineListRegistry({
  primaryKey: locations.id,
  fields: {
    id: { type: "id", column: locations.id, sortable: true },
    label: { type: "text", column: locations.label, sortColumn: sql`${locations.label} collate nocase`, sortable: true },
    type: { type: "enum", values: LOCATION_TYPES, column: locations.type, sortable: true },
    active: { type: "boolean", column: locations.active, sortable: true },
    shipping: { type: "boolean", column: locations.shipping, sortable: true },
    shipping_cost: { type: "decimal", scale: PRICE_SCALE, column: locations.shippingCost, sortable: true },
    city: { type: "text", column: locations.city, sortable: true },
    postal_code: { type: "text", column: locations.postalCode, sortable: true },
    country: { type: "text", column: locations.country, sortable: true },
    created: { type: "number", column: locations.createdAt, sortable: true },
  },
  search: (text: string) => or(likePrefix(locations.label, text), likePrefix(locations.city, text)),
});

/** The company's stores and warehouses, filtered, sorted and paged by the list parameters. */
export async function listLocationsPage(
  db: TenantDb,
  params: URLSearchParams | Record<string, unknown>,
): Promise<ListResult<LocationView>> {
  const query = parseListQuery(params, locationList);
  const result = await runList(db, { from: locations, registry: locationList, query });
  return { ...result, items: result.items.map(view) };
}

/** Every location, by label (the settings page and location pickers). */
export async function allLocations(db: TenantDb): Promise<LocationView[]> {
  return (await listLocationsPage(db, { page_size: -1 })).items;
}

export async function createLocation(db: TenantDb, raw: unknown): Promise<LocationView> {
  const input = parseInput(LocationInput, raw);
  await assertLabelFree(db, input.label);
  try {
    const [row] = await db
      .insert(locations)
      .values({ ...columns(input), label: input.label })
      .returning();
    return view(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("location_label_taken", "label");
    throw error;
  }
}

/**
 * Changes a location. Deactivating the company's last active location is refused
 * (`last_active_location`): the condition is part of the update, so two at once cannot both pass.
 */
export async function updateLocation(db: TenantDb, rawId: unknown, raw: unknown): Promise<LocationView> {
  const id = recordId(rawId);
  const row = await findRow(db, id);
  const input = parseInput(UpdateLocationInput, raw);
  if (input.label !== undefined && input.label !== row.label) await assertLabelFree(db, input.label, id);
  const changes = columns(input);
  if (Object.keys(changes).length === 0) return view(row);
  const deactivating = input.active === false && row.active;
  let updated: LocationRow | undefined;
  try {
    [updated] = await db
      .update(locations)
      .set(changes)
      .where(deactivating ? and(eq(locations.id, id), anotherActive(id)) : eq(locations.id, id))
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("location_label_taken", "label");
    throw error;
  }
  if (!updated) {
    await findRow(db, id);
    throw conflict("last_active_location", "active");
  }
  return view(updated);
}

export const enableLocation = (db: TenantDb, rawId: unknown) => updateLocation(db, rawId, { active: true });
export const disableLocation = (db: TenantDb, rawId: unknown) => updateLocation(db, rawId, { active: false });

/** Deletes a location, unless it is the last active one (`last_active_location`). */
export async function deleteLocation(db: TenantDb, rawId: unknown): Promise<void> {
  const id = recordId(rawId);
  const row = await findRow(db, id);
  const guard = row.active ? and(eq(locations.id, id), anotherActive(id)) : eq(locations.id, id);
  const deleted = await db.delete(locations).where(guard).returning({ id: locations.id });
  if (deleted.length === 0) {
    await findRow(db, id);
    throw conflict("last_active_location");
  }
}
