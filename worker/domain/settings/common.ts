import { z } from "zod";
import { DomainError } from "../shared/domain-error";

export { conflict, fieldError, isUniqueViolation, objectError, parseInput, recordId, runBatch } from "../shared/input";
export { zFlag, zOptionalText } from "../shared/input";

/** The field a record's use by other data locks (a price level's type, a currency's code): `in_use` (HTTP 409). */
export const lockedByUse = (field: string) => new DomainError("in_use", {}, { [field]: { code: "in_use_locked" } });

export const zLabel = (max = 100) => z.string({ error: "required" }).trim().min(1, "required").max(max, "too_long");

/** The JSON booleans of libSQL come back as 0/1 from raw expressions. */
export const asBoolean = (value: unknown) => value === true || value === 1 || value === 1n || value === "1";

/** Changing the company's settings, currencies, taxes and locations; reading them needs no permission (other screens pick them). */
export const SETTINGS = { allOf: ["settings"] } as const;
/** Price levels are managed with settings or with the dedicated edit_price_levels. */
export const PRICE_LEVELS = { anyOf: ["settings", "edit_price_levels"] } as const;
