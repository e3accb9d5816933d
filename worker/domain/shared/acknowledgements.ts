import { DomainError } from "./domain-error";

/** What a delete asks to be acknowledged (domain spec §5 "Delete confirmations"). */
export const DELETE_ACKNOWLEDGEMENTS = ["cascade", "inventory", "irreversible"] as const;
export type DeleteAcknowledgement = (typeof DELETE_ACKNOWLEDGEMENTS)[number];

/** What each delete asks, by the record it removes: the pages show these boxes, the verbs check them. */
export const DELETE_ASKS = {
  customer: ["cascade", "irreversible"],
  supplier: ["irreversible"],
  employee: ["irreversible"],
  service: ["irreversible"],
  product: ["cascade", "irreversible"],
  stock_document: ["inventory", "irreversible"],
  sales_document: ["cascade", "inventory", "irreversible"],
} as const satisfies Record<string, readonly DeleteAcknowledgement[]>;

/**
 * Refuses a delete unless every consequence it asks was acknowledged, whichever door the call
 * came through (a page's ticked boxes, the API's `acknowledge` parameter). The missing ones are
 * named as fields `acknowledge_<name>`.
 */
export function requireAcknowledged(given: readonly string[] | undefined, asked: readonly DeleteAcknowledgement[]): void {
  const missing = asked.filter((name) => !given?.includes(name));
  if (missing.length === 0) return;
  throw new DomainError(
    "acknowledgement_required",
    {},
    Object.fromEntries(missing.map((name) => [`acknowledge_${name}`, { code: "acknowledgement_required" }])),
  );
}

/** The acknowledgements an API call names: `?acknowledge=cascade,irreversible` (or the parameter repeated). */
export function acknowledgementsOf(values: readonly string[]): string[] {
  return values.flatMap((value) => value.split(",")).map((name) => name.trim());
}
