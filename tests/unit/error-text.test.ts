import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { I18nProvider } from "@lingui/react";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../locales";
import { errorMessage } from "../../app/i18n";
import { FormPage } from "../../app/components/form-page";
import { SalesCreatePage } from "../../app/components/sales/sales-document-pages";
import { NEW_SALES_DOCUMENT } from "../../app/components/sales/sales-document-form";

function render(node: () => ReturnType<typeof h>, locale: "en" | "fr") {
  const i18n = createI18n(locale);
  i18n.activate(locale);
  const Stub = createRoutesStub([{ path: "/", Component: () => node() }]);
  return renderToString(h(I18nProvider, { i18n }, h(Stub, { initialEntries: ["/"] })));
}

// What a page's action answers when the verb refuses an order below the customer's minimum (formAction's refusal).
const refusal = { error: "minimum_order_amount_not_reached", params: { value: "1234.50" }, fields: undefined };

describe("a refused action's message on a page", () => {
  it("shows the minimum order amount in the sales order form's alert, in English and in French", () => {
    const page = (locale: "en" | "fr") =>
      render(
        () =>
          h(SalesCreatePage, {
            kind: "sales_order",
            loaderData: { customers: [], locations: [], idempotencyKey: "k" },
            action: { ...refusal, values: NEW_SALES_DOCUMENT },
          }),
        locale,
      );
    expect(page("en")).toContain("The minimum order amount for this customer has not been reached (1234.50)");
    expect(page("fr")).toMatch(/minimum[^<]*\(1234\.50\)/);
    expect(page("en")).not.toContain("()");
  });

  it("shows the error's values on every form page (FormPage)", () => {
    const html = render(() => h(FormPage, { title: "New", back: { href: "/", label: "Back" }, failure: refusal, children: null }), "en");
    expect(html).toContain("has not been reached (1234.50)");
  });

  it("takes a refusal or a code with its values, and falls back on the generic error for an unknown code", () => {
    const i18n = createI18n("en");
    i18n.activate("en");
    expect(errorMessage(i18n, refusal)).toBe("The minimum order amount for this customer has not been reached (1234.50)");
    expect(errorMessage(i18n, "minimum_order_amount_not_reached", { value: "9.00" })).toContain("(9.00)");
    expect(errorMessage(i18n, { code: "minimum_order_amount_not_reached", params: { value: "1.00" } })).toContain("(1.00)");
    expect(errorMessage(i18n, "no_such_code")).toBe(i18n._("error.generic"));
  });
});
