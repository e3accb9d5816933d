import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { I18nProvider } from "@lingui/react";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../locales";
import { SubscriptionDetailPage } from "../../app/components/sales/subscription-pages";
import type { SubscriptionView } from "../../worker/domain/subscriptions/subscription-views";

/** The subscription's page as the browser first gets it, its entities decoded so that texts read as typed. */
function render(doc: SubscriptionView, locale: "en" | "fr") {
  const i18n = createI18n(locale);
  i18n.activate(locale);
  const loaderData = { doc, invoices: [], canEdit: true, canCancel: true, canDelete: false, notice: null };
  const Stub = createRoutesStub([{ path: "/", Component: () => h(SubscriptionDetailPage, { loaderData, actionData: undefined }) }]);
  return renderToString(h(I18nProvider, { i18n }, h(Stub, { initialEntries: ["/"] })))
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/<!-- -->/g, "");
}

const doc = {
  id: 4,
  type: "subscription",
  number: "ABO-000004",
  status: "active",
  customer: { id: 1, label: "Boulangerie de Lille" },
  location: { id: 1, label: "Entrepôt" },
  date: "2026-11-24",
  currency: "EUR",
  notes: null,
  terms: null,
  internal_notes: null,
  lines: [],
  subtotal: "0",
  global_discount_amount: "0",
  tax_total: "0",
  total: "0",
  total_weight: "0",
  billing_cycle: 1,
  cycle_limit: null,
  first_billing: "immediately",
  specific_day: null,
  first_billing_date: "2026-11-24",
  renewal_date: "2026-11-24",
  end_date: null,
  cycles_billed: 0,
  billing_failure: null,
} as unknown as SubscriptionView;

const failed: SubscriptionView = {
  ...doc,
  billing_failure: {
    error: { code: "validation_failed", fields: { "lines.0.quantity": { code: "too_large" } } },
    failed_at: Date.UTC(2026, 10, 24, 9, 30),
    failures: 2,
    retry_at: Date.UTC(2026, 10, 24, 11, 30),
  },
};

describe("a subscription's page", () => {
  it("shows its last failed billing, what is at fault and when the next try is, in English and French", () => {
    const en = render(failed, "en");
    expect(en).toContain("Billing failed on");
    expect(en).toContain("(2 times in a row): Some fields are not valid");
    expect(en).toContain("Line 1 (Quantity): This value is too large");
    expect(en).toMatch(/The next try is on [^<]*2026[^<]*; saving the subscription makes it try again at the next run\./);
    const fr = render(failed, "fr");
    expect(fr).toContain("La facturation a échoué le");
    expect(fr).toContain("(2 fois de suite) : Certains champs ne sont pas valides");
    expect(fr).toContain("Ligne 1 (Quantité) : Cette valeur est trop grande");
    expect(fr).toContain("Prochain essai le");
  });

  it("after an edit, says the next run tries again; without a failure, shows nothing of it", () => {
    const edited = { ...failed, billing_failure: { ...failed.billing_failure!, retry_at: null } };
    expect(render(edited, "en")).toContain("The next try is at the next run, within a minute.");
    expect(render(edited, "fr")).toContain("Prochain essai au prochain passage, dans la minute.");
    expect(render(doc, "en")).not.toContain("billing-failure");
  });
});
