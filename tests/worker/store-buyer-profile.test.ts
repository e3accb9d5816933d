import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema, tenantSchema } from "../../db/client";
import { getBuyerProfile, otherBuyerCompanies, updateBuyerProfile } from "../../worker/domain/store/buyer-profile";
import { listStoreCatalogue } from "../../worker/domain/store/list-store-catalogue";
import { control, ctxOf, makeCompany } from "../support/factories";
import { salesWorld } from "./sales-fixtures";
import { buyer, openStore, storeVariant } from "./store-fixtures";

describe("a buyer's own settings", () => {
  it("changes the buyer's name, phone and language only, validated on the server, and never the email", async () => {
    const w = await salesWorld();
    const b = await buyer(w);
    expect(await getBuyerProfile(b.ctx)).toMatchObject({ email: b.email });
    await expect(updateBuyerProfile(b.ctx, { first_name: " ", last_name: "Roux", language: "en" })).rejects.toMatchObject({
      fields: { first_name: { code: "required" } },
    });
    await expect(updateBuyerProfile(b.ctx, { first_name: "Léa", last_name: "Roux", language: "de" })).rejects.toMatchObject({
      fields: { language: { code: "invalid_language" } },
    });
    await expect(
      updateBuyerProfile(b.ctx, { first_name: "Léa", last_name: "Roux", language: "fr", email: "someone@else.test" }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    const saved = await updateBuyerProfile(b.ctx, { first_name: "Léa", last_name: "Roux", phone: "+33 6 12 34 56 78", language: "fr" });
    expect(saved).toEqual({ first_name: "Léa", last_name: "Roux", email: b.email, phone: "+33 6 12 34 56 78", language: "fr" });
    const [row] = await control.select().from(controlSchema.users).where(eq(controlSchema.users.id, b.userId));
    expect(row).toMatchObject({ firstName: "Léa", language: "fr", email: b.email });
  });

  it("is not a staff member's: staff, and staff viewing the store as a customer, are refused", async () => {
    const w = await salesWorld();
    const staff = await ctxOf(w.company);
    await expect(getBuyerProfile(staff)).rejects.toMatchObject({ code: "forbidden" });
    const b = await buyer(w);
    const viewing = { ...b.ctx, actor: { ...(b.ctx.actor as Extract<typeof b.ctx.actor, { kind: "user" }>), permissions: ["b2b_portal"] } };
    await expect(updateBuyerProfile(viewing, { first_name: "X", last_name: "Y", language: "en" })).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});

describe("change company", () => {
  it("offers a buyer their other companies, but not on a store's own host nor to staff viewing the store", async () => {
    const w = await salesWorld();
    const b = await buyer(w);
    expect(await otherBuyerCompanies(b.ctx, { onStoreHost: false })).toEqual([]);
    const other = await makeCompany();
    await control
      .insert(controlSchema.memberships)
      .values({ userId: b.userId, companyId: other.companyId, permissions: [], customerId: "1" });
    const [row] = await control.select().from(controlSchema.companies).where(eq(controlSchema.companies.id, other.companyId));
    expect(await otherBuyerCompanies(b.ctx, { onStoreHost: false })).toEqual([{ id: other.companyId, label: row!.label }]);
    expect(await otherBuyerCompanies(b.ctx, { onStoreHost: true })).toEqual([]);
    const viewing = { ...b.ctx, actor: { ...(b.ctx.actor as Extract<typeof b.ctx.actor, { kind: "user" }>), permissions: ["b2b_portal"] } };
    expect(await otherBuyerCompanies(viewing, { onStoreHost: false })).toEqual([]);
  });
});

describe("incoming stock in the store", () => {
  it("shows the units on their way only when the store displays them", async () => {
    const w = await salesWorld();
    const b = await buyer(w);
    const variant = await storeVariant(w, 3);
    await w.db
      .update(tenantSchema.stockLevels)
      .set({ incoming: 12 * 10_000_000 })
      .where(eq(tenantSchema.stockLevels.variantId, variant.id));
    const line = async () => (await listStoreCatalogue(b.ctx, {})).items.find((i) => i.variant_id === variant.id)!;
    expect(await line()).toMatchObject({ available: "3", incoming: null });
    await openStore(w, { display_incoming_stock: true });
    expect(await line()).toMatchObject({ available: "3", incoming: "12" });
  });
});
