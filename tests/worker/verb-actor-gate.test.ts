import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema, tenantSchema } from "../../db/client";
import { listCustomers } from "../../worker/domain/contacts/list-customers";
import { createSalesOrder } from "../../worker/domain/sales/create-sales-order";
import { getCompanySettings } from "../../worker/domain/settings/company-settings/get-company-settings";
import { getStorefront } from "../../worker/domain/store/get-storefront";
import { updateStoreSettings } from "../../worker/domain/store/settings/store-settings-verbs";
import { leaveStore, viewStoreAsCustomer } from "../../worker/domain/store/view-as-customer";
import { control, ctxOf } from "../support/factories";
import { pricedVariant, salesWorld } from "./sales-fixtures";

type World = Awaited<ReturnType<typeof salesWorld>>;

const orderInput = (w: World, variantId: number) => ({
  customer_id: w.customer.id,
  location_id: w.location,
  lines: [{ variant_id: variantId, quantity: "1" }],
});

describe("every verb asks the domain whether its actor may act, whichever door called it", () => {
  it("refuses a frozen company's administrator, for writes and reads alike", async () => {
    const w = await salesWorld();
    const variant = await pricedVariant(w.db, w.level, "10");
    await control.update(controlSchema.companies).set({ frozen: true }).where(eq(controlSchema.companies.id, w.company.companyId));
    const admin = await ctxOf(w.company);
    await expect(createSalesOrder(admin, orderInput(w, variant.id))).rejects.toMatchObject({ code: "access_frozen" });
    await expect(listCustomers(admin, {})).rejects.toMatchObject({ code: "access_frozen" });
    await expect(getCompanySettings(admin)).rejects.toMatchObject({ code: "access_frozen" });
    expect(await w.db.select().from(tenantSchema.salesDocuments)).toEqual([]);
  });

  it("confines staff viewing the store as a customer to the store until they leave it", async () => {
    const w = await salesWorld();
    const variant = await pricedVariant(w.db, w.level, "10");
    await updateStoreSettings(await ctxOf(w.company), { status: true });
    await viewStoreAsCustomer(await ctxOf(w.company), { customer_id: w.customer.id });
    const inStore = await ctxOf(w.company);
    // The store answers; the back office does not, though the user holds every permission.
    expect(await getStorefront(inStore)).toMatchObject({ viewingAsStaff: true });
    await expect(createSalesOrder(inStore, orderInput(w, variant.id))).rejects.toMatchObject({ code: "forbidden" });
    await expect(listCustomers(inStore, {})).rejects.toMatchObject({ code: "forbidden" });
    await expect(getCompanySettings(inStore)).rejects.toMatchObject({ code: "forbidden" });
    expect(await w.db.select().from(tenantSchema.salesDocuments)).toEqual([]);

    const cart = { read: async () => [], begin: async () => ({ token: "t", lines: [] }), end: async () => true };
    await leaveStore(inStore, { cart });
    const back = await ctxOf(w.company);
    expect((await listCustomers(back, {})).items.map((c) => c.id)).toEqual([w.customer.id]);
    await expect(getStorefront(back)).rejects.toMatchObject({ code: "forbidden" });
  });
});
