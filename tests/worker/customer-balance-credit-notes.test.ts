import { I18nProvider } from "@lingui/react";
import { eq } from "drizzle-orm";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import CustomerDetail, { loader as customerPage } from "../../app/routes/contacts/customers/detail";
import { tenantSchema } from "../../db/client";
import { createI18n } from "../../locales";
import { pageContext } from "../support/page-context";
import { api, orderFor, pricedVariant, salesWorld } from "./sales-fixtures";

const t = tenantSchema;

/** A customer with a finalised invoice of 5 mugs at 10.00 (50.00), 100 mugs in stock. */
async function world() {
  const w = await salesWorld();
  const mug = await pricedVariant(w.db, w.level, "10");
  expect(
    (await api(w.token, "POST", "/stock-entries", { location_id: w.location, lines: [{ variant_id: mug.id, quantity: "100" }] })).status,
  ).toBe(201);
  const invoice = await api(w.token, "POST", "/invoices", {
    customer_id: w.customer.id,
    location_id: w.location,
    lines: [{ variant_id: mug.id, quantity: "5" }],
    finalize: true,
  });
  expect([invoice.status, invoice.body.total]).toEqual([201, "50.00"]);
  return { ...w, mug, invoice: invoice.body as { id: number; lines: { id: number }[] } };
}
type World = Awaited<ReturnType<typeof world>>;

const creditNote = async (w: World, quantity: string) => {
  const note = await api(w.token, "POST", "/credit-notes", {
    invoice_id: w.invoice.id,
    lines: [{ line_id: w.invoice.lines[0]!.id, quantity }],
  });
  expect(note.status).toBe(201);
  return note.body as { id: number; total: string };
};

const balanceOf = async (w: World) => {
  const answer = await api(w.token, "GET", `/customers/${w.customer.id}/balance`);
  expect(answer.status).toBe(200);
  return answer.body;
};

describe("a customer's balance and their credit notes", () => {
  it("takes off what their credit notes have not yet applied, pending or partially credited, never cancelled ones", async () => {
    const w = await world();
    const note = await creditNote(w, "2");
    expect(await balanceOf(w)).toMatchObject({
      unpaid_invoices: "50.00",
      credit_notes: "20.00",
      net_unpaid: "30.00",
      uninvoiced_orders: "0.00",
      balance: "30.00",
    });

    // Applied in part: the invoice owes less and the note has less left, the net stays.
    expect((await api(w.token, "POST", `/credit-notes/${note.id}/credits`, { invoice_id: w.invoice.id, amount: "5" })).status).toBe(201);
    expect((await api(w.token, "GET", `/credit-notes/${note.id}`)).body.status).toBe("partially_credited");
    expect(await balanceOf(w)).toMatchObject({ unpaid_invoices: "45.00", credit_notes: "15.00", net_unpaid: "30.00", balance: "30.00" });

    // A cancelled credit note is nobody's money.
    const cancelled = await creditNote(w, "1");
    expect(await balanceOf(w)).toMatchObject({ credit_notes: "25.00", net_unpaid: "20.00" });
    expect((await api(w.token, "POST", `/credit-notes/${cancelled.id}/cancel`)).status).toBe(200);
    expect(await balanceOf(w)).toMatchObject({ unpaid_invoices: "45.00", credit_notes: "15.00", net_unpaid: "30.00" });

    // More credit than debt: the company owes the customer, the balance goes below zero.
    await creditNote(w, "3");
    expect(await balanceOf(w)).toMatchObject({ unpaid_invoices: "45.00", credit_notes: "45.00", net_unpaid: "0.00" });
    const paid = await api(w.token, "POST", `/invoices/${w.invoice.id}/payments`, { amount: "45" });
    expect(paid.status).toBe(201);
    expect(await balanceOf(w)).toMatchObject({ unpaid_invoices: "0.00", credit_notes: "45.00", net_unpaid: "-45.00", balance: "-45.00" });
  });

  it("the credit limit weighs the net balance: credit notes not yet applied leave room for an order", async () => {
    const w = await world();
    await w.db
      .update(t.customers)
      .set({ creditLimit: 80 * 10_000 })
      .where(eq(t.customers.id, w.customer.id));
    await creditNote(w, "2");
    // 50.00 unpaid less 20.00 of credit: an order of 40.00 makes 70.00, within 80.00 (90.00 without the credit note).
    const fits = await orderFor(w, w.mug.id, "4");
    expect(fits.status).toBe(201);
    expect(await balanceOf(w)).toMatchObject({
      net_unpaid: "30.00",
      uninvoiced_orders: "40.00",
      balance: "70.00",
      credit_limit: "80.00",
      available_credit: "10.00",
    });
    const past = await orderFor(w, w.mug.id, "2");
    expect([past.status, past.body.error.code]).toEqual([422, "credit_limit_exceeded"]);
  });

  it("the customer's page shows what they owe, their credit available and the balance, in English and French", async () => {
    const w = await world();
    await creditNote(w, "2");
    const { context } = await pageContext(w.company);
    const data = await customerPage({
      request: new Request(`http://app.test/contacts/customers/${w.customer.id}`),
      params: { id: String(w.customer.id) },
      context,
    } as unknown as Parameters<typeof customerPage>[0]);
    expect(data.balance).toMatchObject({ unpaid_invoices: "50.00", credit_notes: "20.00", balance: "30.00" });
    const render = (locale: "en" | "fr") => {
      const i18n = createI18n(locale);
      i18n.activate(locale);
      const props = { loaderData: data, actionData: undefined } as unknown as Parameters<typeof CustomerDetail>[0];
      const Stub = createRoutesStub([{ path: "/", Component: () => h(CustomerDetail, props) }]);
      return renderToString(h(I18nProvider, { i18n }, h(Stub, { initialEntries: ["/"] })))
        .replace(/<!-- -->/g, "")
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/\u00a0|\u202f|&nbsp;/g, " ");
    };
    const en = render("en");
    expect(en).toMatch(/Owed by the customer \(unpaid invoices\)<\/dt><dd[^>]*>[^<]*50\.00/);
    expect(en).toMatch(/Credit available \(credit notes not yet applied\)<\/dt><dd[^>]*>[^<]*20\.00/);
    expect(en).toMatch(/Current balance<\/dt><dd[^>]*>[^<]*30\.00/);
    const fr = render("fr");
    expect(fr).toMatch(/Dû par le client \(factures impayées\)<\/dt><dd[^>]*>[^<]*50[.,]00/);
    expect(fr).toMatch(/Crédit disponible \(avoirs non imputés\)<\/dt><dd[^>]*>[^<]*20[.,]00/);
    expect(fr).toMatch(/Encours<\/dt><dd[^>]*>[^<]*30[.,]00/);
  });
});
