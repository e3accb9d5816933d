import { z } from "zod";
import { ALL_PERMISSIONS } from "../identity/permissions";
import { LOCALES } from "../shared/locale";
import { POS_PERMISSIONS } from "./permission-groups";

/** Whether a time zone name is one the runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

let zoneNames: Set<string> | undefined;

/**
 * An IANA time zone as the runtime names it ("Europe/Paris"; "europe/paris" and "Asia/Kolkata"
 * read as their canonical names), or null for anything else: offsets such as "+01:00", unknown
 * names, non-text. Only zones the settings' list offers (and UTC) are taken.
 */
export function ianaTimeZone(value: unknown): string | null {
  if (typeof value !== "string" || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value.trim())) return null;
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat("en", { timeZone: value.trim() }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  zoneNames ??= new Set(Intl.supportedValuesOf("timeZone"));
  return canonical === "UTC" || zoneNames.has(canonical) ? canonical : null;
}

const name = z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long");
const email = z.string({ error: "required" }).trim().toLowerCase().min(1, "required").max(320, "too_long").pipe(z.email("invalid_email"));
const permissionList = z
  .array(z.enum(ALL_PERMISSIONS, { error: "unknown_permission" }), { error: "invalid" })
  .max(ALL_PERMISSIONS.length)
  .transform((list) => [...new Set(list)]);
const posPermissionList = z
  .array(z.enum(POS_PERMISSIONS, { error: "unknown_permission" }), { error: "invalid" })
  .max(POS_PERMISSIONS.length)
  .transform((list) => [...new Set(list)]);

// The profile: what a user may change on their own account without the settings permission.
export const profileFields = {
  first_name: name,
  last_name: name,
  language: z.enum(LOCALES, { error: "invalid_language" }),
  timezone: z.string({ error: "required" }).trim().min(1, "required").max(64, "too_long").refine(isTimeZone, "invalid_timezone"),
  phone: z
    .string()
    .trim()
    .max(40, "too_long")
    .regex(/^([+0-9 ().-]{6,})?$/, "invalid_phone")
    .nullable()
    .transform((v) => v || null),
};

// What only someone holding the settings permission may change, and only on someone else's account.
const accessFields = {
  active: z.boolean({ error: "invalid" }),
  type: z.enum(["regularUser", "accountRepresentative"], { error: "invalid" }),
  permissions: permissionList,
  pos_permissions: posPermissionList,
  prevent_negative_inventory: z.boolean({ error: "invalid" }),
};

export const InviteUserInput = z.object({
  email,
  first_name: name,
  last_name: name,
  language: profileFields.language.default("en"),
  timezone: profileFields.timezone.default("UTC"),
  phone: profileFields.phone.optional(),
  type: accessFields.type.default("regularUser"),
  permissions: permissionList.default([]),
  pos_permissions: posPermissionList.default([]),
  prevent_negative_inventory: accessFields.prevent_negative_inventory.default(false),
});
export type InviteUserInput = z.input<typeof InviteUserInput>;

export const UpdateUserInput = z.strictObject(
  { email: email.optional(), ...partial(profileFields), ...partial(accessFields) },
  { error: (issue) => (issue.code === "unrecognized_keys" ? "unknown_field" : "invalid") },
);
export type UpdateUserInput = z.input<typeof UpdateUserInput>;

function partial<T extends Record<string, z.ZodType>>(shape: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as { [K in keyof T]: z.ZodOptional<T[K]> };
}

// Personal fields: only the user changes them, on their own account (nobody else, not even an administrator).
export const PROFILE_KEYS: ReadonlySet<string> = new Set(["first_name", "last_name", "language", "timezone", "phone", "email"]);
