import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { launchBrowser } from "../support/browser";
import { companyDb, control, makeCompany, makeUser } from "../support/e2e-factories";
import { makeCustomer, makeSalesDocument } from "../support/isolation/sales";
import { makeVariant } from "../support/isolation/stock";

const appUrl = inject("appUrl");
const t = tenantSchema;
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** The serious and critical WCAG 2 A/AA violations axe finds on the page (injected through the debugger, past the CSP). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(options: unknown): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run({ runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } })).violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("the store's pages pass axe with no serious violation", () => {
  // Some thirty pages, each read by axe: more than a test's usual minute on a busy machine.
  it("for the buyer, the visitor and the staff, in French and English, at 375 px and on a desktop", async () => {
    const company = await makeCompany();
    const db = await companyDb(company.companyId);
    const slug = `a11y-${Date.now().toString(36)}`;
    await db.insert(t.storeSettings).values({
      id: 1,
      settings: { status: true, about_us: "Since 1998.", phone: "+33 1 23 45 67 89", email: "help@example.test", primary_color: "#fdd835" },
    });
    const { controlSchema } = await import("../../db/client");
    const { newId } = await import("../../worker/domain/shared/ids");
    await control.insert(controlSchema.storeDomains).values({ id: newId(), companyId: company.companyId, kind: "slug", host: slug });
    const customer = await makeCustomer(db);
    const variant = await makeVariant(db);
    await db.update(t.variants).set({ b2bPublished: true }).where(eq(t.variants.id, variant.id));
    await db.update(t.products).set({ b2bPublished: true }).where(eq(t.products.id, variant.productId));
    const [location] = await db.select({ id: t.locations.id }).from(t.locations).limit(1);
    const orderId = await makeSalesDocument(db, {
      type: "sales_order",
      number: `CMD-A11Y-${slug}`,
      customerId: customer.id,
      locationId: location!.id,
      date: "2026-11-25",
      status: "pending_validation",
    });
    const buyer = await makeUser(company.companyId, [], { customerId: String(customer.id) });
    const staff = await makeUser(company.companyId, ADMINISTRATOR_PERMISSIONS);
    const visits: { cookie: string | null; paths: string[] }[] = [
      {
        cookie: buyer.cookie,
        paths: [
          "/b2b",
          `/b2b/products/${variant.productId}`,
          "/b2b/order",
          "/b2b/orders-history",
          `/b2b/orders-history/${orderId}`,
          "/b2b/invoices-history",
          "/b2b/about-us",
        ],
      },
      { cookie: null, paths: [`/b2b/login?company=${slug}`, `/b2b/access?company=${slug}`] },
      {
        cookie: staff.cookie,
        paths: [
          "/b2b-store/dashboard",
          "/b2b-store/customers",
          "/b2b-store/settings/setup",
          "/b2b-store/settings/customization",
          "/b2b-store/settings/filters",
        ],
      },
    ];
    const found: string[] = [];
    for (const [locale, width] of [
      ["fr-FR", 375],
      ["en-GB", 1200],
    ] as const) {
      for (const visit of visits) {
        const context = await browser.newContext({
          locale,
          extraHTTPHeaders: { "accept-language": locale },
          viewport: { width, height: 900 },
        });
        if (visit.cookie) {
          const [name, value] = visit.cookie.split(/=(.*)/s);
          await context.addCookies([{ name: name!, value: value!, url: appUrl }]);
        }
        const page = await context.newPage();
        for (const path of visit.paths) {
          const response = await page.goto(`${appUrl}${path}`);
          expect([path, response?.status()]).toEqual([path, 200]);
          found.push(...(await seriousViolations(page)).map((v) => `${locale} ${width}px ${path}: ${v}`));
        }
        await context.close();
      }
    }
    expect(found).toEqual([]);
  }, 180_000);
});
