import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { I18nProvider } from "@lingui/react";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../locales";
import { ReturnCreatePage, type ReturnSource } from "../../app/components/sales/follow-pages";

function render(source: ReturnSource, locale: "en" | "fr") {
  const i18n = createI18n(locale);
  i18n.activate(locale);
  const Stub = createRoutesStub([
    { path: "/", Component: () => h(ReturnCreatePage, { loaderData: { source, idempotencyKey: "k" }, actionData: undefined }) },
  ]);
  return renderToString(h(I18nProvider, { i18n }, h(Stub, { initialEntries: ["/"] }))).replace(/<!-- -->/g, "");
}

const source: ReturnSource = {
  source: { id: 3, type: "invoice", number: "FAC-000003", customer_id: 1 },
  lines: [
    {
      id: 11,
      sku: "CHEESE",
      description: "Cheese",
      quantity: "3.0000000",
      remaining: "3.0000000",
      batches: [
        { id: 2, number: "LOT-B", expiration_date: null },
        { id: 1, number: "LOT-A", expiration_date: "2999-01-01" },
      ],
      batch_id: 1,
    },
    { id: 12, sku: "MUG", description: "Mug", quantity: "1.0000000", remaining: "1.0000000", batches: null, batch_id: null },
  ],
};

describe("the return form", () => {
  it("offers a batch-tracked line its batches, the one it shipped from chosen; other lines none", () => {
    const en = render(source, "en");
    expect(en.match(/<select name="batch_\d+"/g)).toEqual(['<select name="batch_11"']);
    expect(en).toContain('aria-label="Batch CHEESE"');
    expect(en).toContain('<option value="">Choose a batch</option>');
    expect(en).toMatch(/<option value="1" selected="">LOT-A \([^)]*2999[^)]*\)<\/option>/);
    expect(en).toContain('<option value="2">LOT-B</option>');
    const fr = render(source, "fr");
    expect(fr).toContain('aria-label="Lot CHEESE"');
    expect(fr).toContain("Choisir un lot");
  });
});
