import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { controlSchema, tenantSchema } from "../../db/client";
import type { Ctx } from "../../worker/domain/shared/ctx";
import { cartStore } from "../../worker/durable-objects/cart";
import type { Bindings } from "../../worker/env";
import { addUser, control, ctxOf } from "../support/factories";
import { api, pricedVariant, type SalesWorld } from "./sales-fixtures";

const t = tenantSchema;
const bindings = env as unknown as Bindings;
const QTY = 10_000_000;

/** A variant the store sells (it and its product published), priced for the world's level, with `units` in stock at the first location. */
export async function storeVariant(w: SalesWorld, units: number, price = "10", options: { minimum?: number } = {}) {
  const variant = await pricedVariant(w.db, w.level, price);
  await w.db
    .update(t.variants)
    .set({ b2bPublished: true, minimumQuantity: (options.minimum ?? 0) * QTY })
    .where(eq(t.variants.id, variant.id));
  await w.db.update(t.products).set({ b2bPublished: true }).where(eq(t.products.id, variant.productId));
  if (units > 0) {
    const entry = await api(w.token, "POST", "/stock-entries", {
      location_id: w.location,
      lines: [{ variant_id: variant.id, quantity: String(units) }],
    });
    expect(entry.status).toBe(201);
  }
  return variant;
}

/** Opens the world's store (a store is closed until its staff open it); other settings stay as saved. */
export async function openStore(w: Pick<SalesWorld, "db">, settings: Record<string, unknown> = {}) {
  const [row] = await w.db.select().from(t.storeSettings);
  const merged = { ...(row?.settings ?? {}), status: true, ...settings };
  await w.db
    .insert(t.storeSettings)
    .values({ id: 1, settings: merged })
    .onConflictDoUpdate({ target: t.storeSettings.id, set: { settings: merged } });
}

/**
 * A B2B user ordering for the world's customer: the Ctx a store page gives their verbs (staff's
 * Ctx of the same company, acting as the buyer), their cart, and the cart's lines read as stored.
 */
export async function buyer(w: SalesWorld, staff?: Ctx) {
  await openStore(w);
  const user = await addUser(w.company.companyId, { permissions: [] });
  await control
    .update(controlSchema.memberships)
    .set({ customerId: String(w.customer.id) })
    .where(eq(controlSchema.memberships.userId, user.userId));
  const base = staff ?? (await ctxOf(w.company));
  const ctx: Ctx = {
    ...base,
    actor: {
      ...(base.actor as Extract<Ctx["actor"], { kind: "user" }>),
      userId: user.userId,
      customerId: String(w.customer.id),
      permissions: [],
    },
  };
  return {
    ctx,
    userId: user.userId,
    email: user.email,
    cart: () => cartStore(bindings.CARTS, w.company.companyId, user.userId),
    stored: () => bindings.CARTS.getByName(`${w.company.companyId}:${user.userId}`).stored(),
  };
}
