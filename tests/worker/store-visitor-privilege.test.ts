import { env } from "cloudflare:test";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { action as accessAction } from "../../app/routes/b2b/access";
import { loader as storeImagePage } from "../../app/routes/b2b/images";
import { buildContext, requestContext } from "../../worker/context";
import { ctxForStoreVisitor } from "../../worker/ctx";
import { listCustomers } from "../../worker/domain/contacts/list-customers";
import { startExport } from "../../worker/domain/operations/start";
import { createSalesOrder } from "../../worker/domain/sales/create-sales-order";
import { getCompanySettings } from "../../worker/domain/settings/company-settings/get-company-settings";
import { listLocations } from "../../worker/domain/settings/locations/list-locations";
import { getPdfSettings } from "../../worker/domain/settings/pdf-settings/get-pdf-settings";
import { readStoreImage, setStoreImage } from "../../worker/domain/store/settings/store-images";
import { updateStoreSettings } from "../../worker/domain/store/settings/store-settings-verbs";
import { requestStoreAccess } from "../../worker/domain/store/request-store-access";
import { parseEnv, type Bindings } from "../../worker/env";
import { storeVisit } from "../../worker/store-visit";
import { ctxOf } from "../support/factories";
import { pricedVariant, salesWorld } from "./sales-fixtures";

const workerEnv = parseEnv(env as unknown as Bindings);
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (c) =>
  c.charCodeAt(0),
);

/** A company whose store is open (its access form on) with a banner, and the context of a page seen by a visitor who is not signed in. */
async function openStore() {
  const w = await salesWorld();
  const admin = await ctxOf(w.company);
  await updateStoreSettings(admin, { status: true });
  await setStoreImage(admin, { image: "banner", bytes: PNG.slice().buffer });
  const rc = buildContext(workerEnv, { waitUntil: () => {} }, "en");
  rc.storeCompanyId = w.company.companyId;
  const context = new RouterContextProvider();
  context.set(requestContext, rc);
  return { w, rc, context };
}

describe("a visitor of a store who is not signed in acts with the store's public capability alone", () => {
  it("sees the store's login page and banner, and sends its access form, through the pages", async () => {
    const { w, rc, context } = await openStore();
    const visit = await storeVisit(rc, new Request("http://app.test/b2b/login"));
    expect(visit).toMatchObject({ companyId: w.company.companyId, open: true, accessForm: { enabled: true } });

    const banner = (await storeImagePage({
      request: new Request("http://app.test/b2b/images/banner"),
      context,
      params: { image: "banner" },
    } as unknown as Parameters<typeof storeImagePage>[0])) as Response;
    expect(banner.status).toBe(200);
    expect(new Uint8Array(await banner.arrayBuffer())).toEqual(PNG);

    const body = new FormData();
    for (const [name, value] of Object.entries({
      company_name: "Visit SARL",
      first_name: "Léa",
      last_name: "Roy",
      email: "lea@example.test",
    }))
      body.set(name, value);
    const sent = (await accessAction({
      request: new Request("http://app.test/b2b/access", { method: "POST", body, headers: { "cf-connecting-ip": "192.0.2.44" } }),
      context,
      params: {},
    } as unknown as Parameters<typeof accessAction>[0])) as Response;
    expect(sent.status).toBe(302);
    const requests = await w.db.select({ email: tenantSchema.storeAccessRequests.email }).from(tenantSchema.storeAccessRequests);
    expect(requests.map((r) => r.email)).toEqual(["lea@example.test"]);
  });

  it("is refused by the back office's verbs: customers, a sales order, the settings, an export, the store's settings", async () => {
    const { w } = await openStore();
    const visitor = await ctxForStoreVisitor(workerEnv, w.company.companyId);
    // Its own page's reads still work with the same ctx.
    expect(await readStoreImage(visitor, { image: "banner" })).not.toBeNull();

    const variant = await pricedVariant(w.db, w.level, "10");
    const refusals = {
      listCustomers: () => listCustomers(visitor, {}),
      createSalesOrder: () =>
        createSalesOrder(visitor, {
          customer_id: w.customer.id,
          location_id: w.location,
          lines: [{ variant_id: variant.id, quantity: "1" }],
        }),
      getCompanySettings: () => getCompanySettings(visitor),
      getPdfSettings: () => getPdfSettings(visitor),
      listLocations: () => listLocations(visitor),
      startExport: () => startExport(visitor, { list: "customers", format: "csv", columns: [{ key: "label", label: "Name" }] }),
      updateStoreSettings: () => updateStoreSettings(visitor, { status: false }),
    };
    for (const [verb, call] of Object.entries(refusals)) await expect(call(), verb).rejects.toMatchObject({ code: "forbidden" });

    // Nothing was written by the refused calls.
    expect(await w.db.select().from(tenantSchema.salesDocuments)).toEqual([]);
    expect(await w.db.select().from(tenantSchema.backgroundOperations)).toEqual([]);
  });

  it("holds no permission: a public page's visitor of another kind is refused the store's own verbs", async () => {
    const { w } = await openStore();
    const visitor = await ctxForStoreVisitor(workerEnv, w.company.companyId);
    expect(visitor.actor.permissions).toEqual(["public_store"]);
    const invoiceVisitor = { ...visitor, actor: { ...visitor.actor, permissions: [] } } as typeof visitor;
    await expect(readStoreImage(invoiceVisitor, { image: "banner" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      requestStoreAccess(invoiceVisitor, {
        company_name: "X",
        first_name: "Y",
        last_name: "Z",
        email: "z@example.test",
        limiter: undefined as never,
        address: null,
      }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });
});
