import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { I18nProvider } from "@lingui/react";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../locales";
import { CustomerForm, customerFormValues, customerInput, NEW_CUSTOMER, blankAddress } from "../../app/components/contacts/customer-form";
import { SupplierForm, NEW_SUPPLIER, parseSocialLinks } from "../../app/components/contacts/supplier-form";
import { EmployeeForm, NEW_EMPLOYEE } from "../../app/components/contacts/employee-form";
import { ContactTagsScreen } from "../../app/components/contacts/contact-tags-screen";

function render(node: () => ReturnType<typeof h>, locale: "en" | "fr" = "en") {
  const Stub = createRoutesStub([{ path: "/", Component: () => node() }]);
  return renderToString(
    h(
      I18nProvider,
      {
        i18n: (() => {
          const i = createI18n(locale);
          i.activate(locale);
          return i;
        })(),
      },
      h(Stub, { initialEntries: ["/"] }),
    ),
  );
}

const options = {
  priceLevels: [{ id: 1, label: "Retail" }],
  currencies: [{ id: 2, label: "Euro", iso: "EUR" }],
  tags: [{ id: 3, label: "VIP" }],
  accountManagers: [{ id: "u1", name: "Rita Rep" }],
  countries: [{ code: "FR", name: "France" }],
};

describe("the contact forms", () => {
  it("show each field error in French at its field and keep every address typed", () => {
    const values = {
      ...NEW_CUSTOMER,
      label: "",
      emails: "a@b.c\nbad",
      addresses: [{ ...blankAddress(), id: "4", city: "Paris", type: "shipping", default_billing: true }, blankAddress()],
    };
    const html = render(
      () =>
        h(CustomerForm, {
          values,
          options,
          errors: {
            label: { code: "required" },
            "emails.1": { code: "invalid_email" },
            "addresses.0.default_billing": { code: "address_not_billing" },
            "payment_terms.days": { code: "too_small" },
          },
          submitLabel: "Save",
        }),
      "fr",
    );
    expect(html).toContain('id="field-label-error"');
    expect(html).toContain('id="field-emails-error"');
    expect(html).toContain("field-payment_terms_days-error");
    expect(html).toContain("Seule une adresse de facturation");
    expect(html).toContain('name="addresses.1.city"');
    expect(html).toContain("Ajouter une autre adresse");
  });
  it("turn a posted customer form into the input of the domain verb, dropping blank addresses", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      label: "Acme",
      emails: "a@b.test, c@d.test",
      payment_terms_type: "eom",
      payment_terms_days: "",
      credit_limit: "",
      discount_rate: "5",
      address_count: "3",
      "addresses.0.id": "7",
      "addresses.0.city": "Paris",
      "addresses.0.type": "both",
      "addresses.1.id": "",
      "addresses.1.type": "both",
      "addresses.2.id": "",
      "addresses.2.city": "Lyon",
      "addresses.2.type": "shipping",
      default_billing: "0",
      default_shipping: "2",
      active: "on",
      tag_ids: "3",
    }))
      form.append(k, v);
    const values = customerFormValues(form);
    const { input, addresses } = customerInput(values);
    expect(addresses).toHaveLength(2);
    expect(input).toMatchObject({
      label: "Acme",
      emails: ["a@b.test", "c@d.test"],
      payment_terms: { type: "eom", days: 0 },
      credit_limit: null,
      active: true,
      tag_ids: [3],
    });
    expect(input.addresses).toMatchObject([
      { id: 7, city: "Paris", default_billing: true, default_shipping: false },
      { city: "Lyon", default_shipping: true },
    ]);
  });
  it("render the supplier and employee forms and the tags screen with their errors", () => {
    expect(
      render(() =>
        h(SupplierForm, { values: NEW_SUPPLIER, options, errors: { "social_links.fb": { code: "invalid_url" } }, submitLabel: "Save" }),
      ),
    ).toContain("field-social_links-error");
    expect(
      render(() => h(EmployeeForm, { values: NEW_EMPLOYEE, countries: options.countries, errors: undefined, submitLabel: "Save" })),
    ).toContain("field-label");
    const tags = render(() =>
      h(ContactTagsScreen, {
        kind: "customer_tags",
        tags: [{ id: 1, label: "VIP", usage_count: 2, created_at: 0 }],
        notice: "created",
        failure: { error: "tag_label_taken", fields: { label: { code: "tag_label_taken" } }, label: "vip" },
        backHref: "/contacts/customers",
      }),
    );
    expect(tags).toContain("Another tag already has this label");
    expect(tags).toContain("Customer tags");
    expect(parseSocialLinks("linkedin https://linkedin.com/x\nhttps://www.instagram.com/y\nfacebook: https://fb.com/z")).toEqual({
      linkedin: "https://linkedin.com/x",
      instagram: "https://www.instagram.com/y",
      facebook: "https://fb.com/z",
    });
  });
});
