import { createContext, useContext, type ReactNode } from "react";

/** The hidden field of a create form that makes a second post of the same form a no-op. */
export const IDEMPOTENCY_FIELD = "idempotency_key";

const IdempotencyKey = createContext<string | null>(null);

/** Gives the forms inside the key a create page's loader made for this one showing of the form. */
export function IdempotencyKeyProvider({ value, children }: { value: string | null | undefined; children: ReactNode }) {
  return <IdempotencyKey.Provider value={value ?? null}>{children}</IdempotencyKey.Provider>;
}

/** The hidden key, inside a create page's form (nothing on an edit page). */
export function IdempotencyKeyField() {
  const key = useContext(IdempotencyKey);
  return key ? <input type="hidden" name={IDEMPOTENCY_FIELD} value={key} /> : null;
}
