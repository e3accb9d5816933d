import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { createInvoice } from "../../worker/domain/invoices/create-invoice";
import { createService } from "../../worker/domain/services/create-service";
import { updateCompanySettings } from "../../worker/domain/settings/company-settings/update-company-settings";
import { companyCtx, companyDb, makeCompany, makeUser } from "../support/e2e-factories";
import { makeCustomer } from "../support/isolation/sales";
import { firstLocation } from "../support/isolation/stock";

const appUrl = inject("appUrl");
const t = tenantSchema;
const dir = mkdtempSync(join(tmpdir(), "factur-x-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the built app's invoice PDF of a French company", () => {
  it("carries its Factur-X XML as factur-x.xml (the library's chunk loads in the built Worker)", async () => {
    const company = await makeCompany();
    const db = await companyDb(company.companyId);
    const ctx = await companyCtx(company.companyId);
    await db.update(t.companySettings).set({ country: "FR" }).where(eq(t.companySettings.id, 1));
    await updateCompanySettings(ctx, {
      siren: "732829320",
      vat_number: "FR44732829320",
      address1: "12 rue des Lilas",
      postal_code: "59000",
      city: "Lille",
    });
    const customer = await makeCustomer(db, { label: "Épicerie Dupont" });
    const service = await createService(ctx, { reference: "CONSEIL", label: "Conseil", price: "150" });
    const invoice = await createInvoice(ctx, {
      customer_id: customer.id,
      location_id: await firstLocation(db),
      finalize: true,
      lines: [{ service_id: service.id, quantity: "2" }],
    });
    const user = await makeUser(company.companyId, ["view_invoices"]);
    const response = await fetch(`${appUrl}/sales/invoices/${invoice.id}/pdf`, { headers: { cookie: user.cookie } });
    expect([response.status, response.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    const path = join(dir, "invoice.pdf");
    writeFileSync(path, new Uint8Array(await response.arrayBuffer()));
    expect(execFileSync("pdfdetach", ["-list", path]).toString()).toContain("factur-x.xml");
  });
});
