import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { createCustomer } from "../../worker/domain/contacts/create-customer";
import { createInvoice } from "../../worker/domain/invoices/create-invoice";
import { setInvoicePublicLink } from "../../worker/domain/invoices/set-invoice-public-link";
import { launchBrowser } from "../support/browser";
import { companyCtx, companyDb, makeCompany } from "../support/e2e-factories";
import { fetchApp } from "../support/e2e-fetch-app";
import { makeVariant } from "../support/isolation/stock";

const appUrl = inject("appUrl");
const t = tenantSchema;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A company with a finalised invoice of two lines (long names, large amounts) for a customer with an address. */
async function world() {
  const company = await makeCompany(`Établissements Marchand-Delacroix ${Date.now().toString(36)}`);
  const db = await companyDb(company.companyId);
  const ctx = await companyCtx(company.companyId);
  const [level] = await db.insert(t.priceLevels).values({ label: "Retail", type: "selling" }).returning({ id: t.priceLevels.id });
  const [location] = await db.select({ id: t.locations.id }).from(t.locations).orderBy(t.locations.id).limit(1);
  const customer = await createCustomer(ctx, { label: "Boulangerie-Pâtisserie des Quatre Saisons", price_level_id: level!.id });
  const oven = await makeVariant(db, { sku: `FOUR-${Date.now().toString(36).toUpperCase()}` });
  await db.update(t.variants).set({ label: "Four à sole rotatif professionnel, six étages" }).where(eq(t.variants.id, oven.id));
  const invoice = await createInvoice(ctx, {
    customer_id: customer.id,
    location_id: location!.id,
    finalize: true,
    due_date: "2031-03-15",
    lines: [
      { variant_id: oven.id, quantity: "12", price: "1234567.89", discount: "5" },
      { description: "Livraison, installation et mise en service sur site par un technicien agréé" },
    ],
  });
  return { ctx, invoice: invoice as unknown as { id: number; number: string; public_url: string } };
}

describe("an invoice's public link, signed out", () => {
  it("shows the invoice with its PDF link at 1280 and 375 px, without sideways scrolling", async () => {
    const w = await world();
    expect(w.invoice.public_url).toMatch(/^\/public\/invoices\//);
    for (const [width, locale] of [
      [1280, "en-GB"],
      [375, "fr-FR"],
    ] as const) {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        locale,
        extraHTTPHeaders: { "accept-language": locale },
      });
      const page = await context.newPage();
      const response = await page.goto(`${appUrl}${w.invoice.public_url}`);
      expect(response?.status()).toBe(200);
      await page.waitForLoadState("networkidle");
      const heading = await page.locator("h1").innerText();
      expect(heading).toContain(w.invoice.number);
      expect(heading).toContain(locale === "fr-FR" ? "Facture" : "Invoice");
      await expect(page.getByText("Boulangerie-Pâtisserie des Quatre Saisons").count()).resolves.toBeGreaterThan(0);
      const link = page.getByRole("link", { name: locale === "fr-FR" ? "Télécharger le PDF" : "Download PDF" });
      expect(await link.getAttribute("href")).toBe(`${w.invoice.public_url}/pdf`);
      const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect(scroll, `${width} px`).toBeLessThanOrEqual(inner);
      // Nothing signed in, nothing remembered: the browser holds no cookie of the site.
      expect((await context.cookies(appUrl)).filter((c) => c.name === "session")).toEqual([]);
      await context.close();
    }
  });

  it("answers with no session cookie, no cache, no index, no referrer; its PDF is a PDF; switched off it is the same 404 as any unknown id", async () => {
    const w = await world();
    const page = await fetchApp(w.invoice.public_url);
    expect(page.status).toBe(200);
    expect(page.headers.get("set-cookie")).toBeNull();
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await page.text()).toContain(w.invoice.number);

    const pdf = await fetchApp(`${w.invoice.public_url}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("set-cookie")).toBeNull();
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");

    const id = w.invoice.public_url.slice("/public/invoices/".length);
    const flipped = `${id.slice(0, -1)}${id.endsWith("A") ? "B" : "A"}`;
    /** The 404 page as served, the address it was asked for taken out (React Router names it in its data). */
    const notFound = async (asked: string) => {
      const response = await fetchApp(`/public/invoices/${asked}`);
      expect(response.status, asked).toBe(404);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("set-cookie")).toBeNull();
      return (await response.text())
        .split(asked)
        .join("")
        .replace(/nonce="[^"]*"/g, "")
        .replace(/"nonce":"[^"]*"/g, "");
    };
    const unknown = await notFound(flipped);
    expect(unknown).toContain("Invoice not found");
    // (A percent-encoded dot is the same address: the router decodes it into the same id.)
    for (const asked of ["garbage", `${id}x`, `..%2F${id}`, `${id.slice(0, 26)}%2F${id.slice(27)}`])
      expect(await notFound(asked)).toBe(unknown);
    expect((await fetchApp("/public/invoices")).status).toBe(404);

    await setInvoicePublicLink(w.ctx, { id: w.invoice.id, enabled: false });
    expect(await notFound(id)).toBe(unknown);
    expect((await fetchApp(`${w.invoice.public_url}/pdf`)).status).toBe(404);
    await setInvoicePublicLink(w.ctx, { id: w.invoice.id, enabled: true });
    expect((await fetchApp(w.invoice.public_url)).status).toBe(200);
  });
});
