import { and, eq, ne, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { tenantSchema, type TenantDb } from "../../../../db/client";
import { DomainError } from "../../shared/domain-error";
import { defineListRegistry, likePrefix } from "../../shared/list-query-sql";
import { fromScaledInteger, PRICE_SCALE, toScaledInteger } from "../../shared/money";
import { conflict } from "../common";
import { LOCATION_TYPES, type LocationView, type UpdateLocationInput } from "./location-schemas";

// What the location verbs share: the row's view, the columns an input sets, look-ups and guards.
const { locations } = tenantSchema;

export type LocationRow = typeof locations.$inferSelect;

export function view(row: LocationRow): LocationView {
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

/** The columns an input sets (only those given). */
export function columns(input: z.output<typeof UpdateLocationInput>): Partial<typeof locations.$inferInsert> {
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
export async function assertLabelFree(db: TenantDb, label: string, exceptId?: number) {
  const same = sql`${locations.label} = ${label} collate nocase`;
  const [taken] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(exceptId === undefined ? same : and(same, ne(locations.id, exceptId)))
    .limit(1);
  if (taken) throw conflict("location_label_taken", "label");
}

/** True when another active location than `id` exists: the company always keeps one. */
export const anotherActive = (id: number): SQL => sql`exists (select 1 from locations other where other.active = 1 and other.id <> ${id})`;

export async function findRow(db: TenantDb, id: number): Promise<LocationRow> {
  const row = await db.query.locations.findFirst({ where: eq(locations.id, id) });
  if (!row) throw new DomainError("not_found");
  return row;
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
