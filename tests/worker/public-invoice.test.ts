import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { controlSchema } from "../../db/client";
import { headers as pageHeaders, loader as invoicePage } from "../../app/routes/public/invoice";
import { loader as invoicePdfPage } from "../../app/routes/public/invoice-pdf";
import { buildContext, requestContext } from "../../worker/context";
import { ctxForPublicInvoice } from "../../worker/ctx";
import { documentPdf } from "../../worker/domain/documents/outputs";
import { getInvoice } from "../../worker/domain/invoices/get-invoice";
import { publicIdCompany, readPublicInvoice } from "../../worker/domain/invoices/public-invoice";
import { formatDate, formatMoney } from "../../worker/domain/shared/format";
import type { Locale } from "../../worker/domain/shared/locale";
import { parseEnv, type Bindings } from "../../worker/env";
import { addUser, control } from "../support/factories";
import { pdfStrings } from "../support/pdf-text";
import { api, pricedVariant, salesWorld } from "./sales-fixtures";

const workerEnv = parseEnv(env as unknown as Bindings);
const open = (companyId: string) => ctxForPublicInvoice(workerEnv, companyId);

/** A company with one invoice of two mugs at 12.50, finalised unless `draft`; its public id from its public_url. */
async function invoiceWorld(options: { draft?: boolean } = {}) {
  const w = await salesWorld();
  const mug = await pricedVariant(w.db, w.level, "12.5");
  const created = await api(w.token, "POST", "/invoices", {
    customer_id: w.customer.id,
    location_id: w.location,
    lines: [{ variant_id: mug.id, quantity: "2" }],
    due_date: "2031-03-15",
    finalize: !options.draft,
  });
  expect(created.status).toBe(201);
  const url: string = created.body.public_url;
  expect(url).toMatch(/^\/public\/invoices\/[0-9a-z]{26}\.[A-Za-z0-9_-]{22}$/);
  return { ...w, invoice: created.body, publicId: decodeURIComponent(url.slice("/public/invoices/".length)) };
}

/** The page's loader as React Router calls it for a visitor who is not signed in: its status and its data. */
async function page(id: string | undefined, locale: Locale = "en") {
  const rc = buildContext(workerEnv, { waitUntil: () => {} }, locale);
  const context = new RouterContextProvider();
  context.set(requestContext, rc);
  const answer = (await invoicePage({
    request: new Request(`http://app.test/public/invoices/${id ?? ""}`),
    context,
    params: { id },
  } as unknown as Parameters<typeof invoicePage>[0])) as unknown as { data?: unknown; init?: { status?: number } } & Record<
    string,
    unknown
  >;
  if ("init" in answer && "data" in answer)
    return { status: answer.init?.status ?? 200, data: answer.data as { invoice: unknown; pdf: unknown } };
  return { status: 200, data: answer as unknown as { invoice: { number: string } & Record<string, unknown>; pdf: string } };
}

/** The PDF route's loader for a visitor who is not signed in. */
async function pdf(id: string) {
  const rc = buildContext(workerEnv, { waitUntil: () => {} }, "en");
  const context = new RouterContextProvider();
  context.set(requestContext, rc);
  return (await invoicePdfPage({
    request: new Request(`http://app.test/public/invoices/${id}/pdf`),
    context,
    params: { id },
  } as unknown as Parameters<typeof invoicePdfPage>[0])) as Response;
}

const NOT_FOUND = { status: 404, data: { invoice: null, pdf: null } };

describe("an invoice's public page", () => {
  it("shows the invoice to a visitor who is not signed in: number, dates, customer, lines, totals, paid and remaining", async () => {
    const w = await invoiceWorld();
    const shown = await page(w.publicId);
    expect(shown.status).toBe(200);
    expect(shown.data).toMatchObject({
      pdf: `/public/invoices/${encodeURIComponent(w.publicId)}/pdf`,
      invoice: {
        title: "invoice",
        number: "FAC-000001",
        date: expect.any(String),
        due_date: formatDate("2031-03-15", "en"),
        status: "unpaid",
        bill_to: { label: w.customer.label },
        lines: [
          {
            kind: "item",
            sku: expect.any(String),
            description: expect.any(String),
            quantity: "2",
            unit_price: "€12.50",
            discount: "",
            tax: "",
            total: "€25.00",
          },
        ],
        totals: [
          { label: "total_excl_tax", key: true, amount: "€25.00", strong: false },
          { label: "total_incl_tax", key: true, amount: "€25.00", strong: true },
        ],
        amount_paid: "€0.00",
        remaining_to_pay: "€25.00",
      },
    });
    const french = await page(w.publicId, "fr");
    expect(french.data).toMatchObject({
      invoice: { due_date: formatDate("2031-03-15", "fr"), remaining_to_pay: formatMoney("25", "EUR", "comma_point", "fr") },
    });
  });

  it("answers with no cache, no index and no referrer: the token is in the address", () => {
    expect(pageHeaders()).toEqual({
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex, nofollow",
      "referrer-policy": "no-referrer",
    });
  });

  it("gives the invoice's PDF through the same printable, without any permission", async () => {
    const w = await invoiceWorld();
    const answer = await pdf(w.publicId);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
    expect(answer.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(await pdfStrings(bytes)).toContain("No. FAC-000001");
    // The visitor holds no permission: the back office's own PDF is refused to it.
    const visitor = await open(w.company.companyId);
    expect(visitor.actor).toMatchObject({ kind: "visitor", permissions: ["public_invoice"] });
    await expect(documentPdf(visitor, { type: "invoice", id: w.invoice.id })).rejects.toMatchObject({ code: "forbidden" });
    await expect(getInvoice(visitor, { id: w.invoice.id })).rejects.toMatchObject({ code: "forbidden" });
  });

  it("is not found for a draft, with no id at all, and for another company's prefix on a real token", async () => {
    const a = await invoiceWorld();
    const b = await invoiceWorld();
    const draft = await invoiceWorld({ draft: true });
    expect(draft.invoice.public_url).not.toBeNull();
    expect(await page(draft.publicId)).toEqual(NOT_FOUND);
    expect((await pdf(draft.publicId)).status).toBe(404);
    expect(await page(undefined)).toEqual(NOT_FOUND);
    const [, tokenOfB] = b.publicId.split(".");
    const [companyOfA] = a.publicId.split(".");
    expect(await page(`${companyOfA}.${tokenOfB}`)).toEqual(NOT_FOUND);
    await expect(readPublicInvoice(open, `${companyOfA}.${tokenOfB}`, "en")).rejects.toMatchObject({ code: "not_found" });
    // Once finalised, the draft's address shows it.
    expect((await api(draft.token, "POST", `/invoices/${draft.invoice.id}/finalize`)).status).toBe(200);
    expect((await page(draft.publicId)).status).toBe(200);
  });

  it("answers 1,000 altered, foreign and malformed ids with the same 404 and the same body, and still shows the real one", async () => {
    const a = await invoiceWorld();
    const b = await invoiceWorld();
    const [companyOfA, tokenOfA] = a.publicId.split(".") as [string, string];
    const [companyOfB] = b.publicId.split(".") as [string, string];
    const base64url = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const crockford = "0123456789abcdefghjkmnpqrstvwxyz";
    const ids = new Set<string>();
    // Every character of the id changed (the company part within its alphabet, the token within its own).
    for (let i = 0; i < a.publicId.length; i++) {
      if (i === 26) continue;
      const alphabet = i < 26 ? crockford : base64url;
      for (let k = 1; k <= 8; k++) {
        const c = alphabet[(alphabet.indexOf(a.publicId[i]!) + k * 7) % alphabet.length]!;
        ids.add(a.publicId.slice(0, i) + c + a.publicId.slice(i + 1));
      }
    }
    ids.add(`${companyOfB}.${tokenOfA}`);
    ids.add(a.publicId.toUpperCase());
    ids.add(`${a.publicId}x`);
    ids.add(`${a.publicId}.`);
    ids.add(a.publicId.slice(0, -1));
    ids.add(`${a.publicId}/../${a.publicId}`);
    ids.add(`../${a.publicId}`);
    ids.add(`..%2F${a.publicId}`);
    ids.add(encodeURIComponent(a.publicId).replace(".", "%2E"));
    ids.add(a.publicId.replace(".", "%2e"));
    ids.add(`${companyOfA}.${"A".repeat(22)}`);
    ids.add(`${companyOfA}.${tokenOfA}${"=".repeat(2)}`);
    ids.add("x".repeat(10_000));
    ids.add(`${a.publicId} `);
    ids.add(` ${a.publicId}`);
    ids.add(`${companyOfA}:${tokenOfA}`);
    ids.add(`${companyOfA}.${tokenOfA.replace(/_/g, "/").replace(/-/g, "+")}+/`);
    ids.add("\u0000");
    ids.add("' or 1=1 --");
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = (alphabet: string, n: number) =>
      Array.from({ length: n }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
    while (ids.size < 1000) {
      const kind = ids.size % 4;
      if (kind === 0) ids.add(`${pick(crockford, 26)}.${pick(base64url, 22)}`);
      else if (kind === 1) ids.add(`${companyOfA}.${pick(base64url, 22)}`);
      else if (kind === 2) ids.add(pick(`${base64url}./%~!`, 1 + Math.floor(random() * 80)));
      else ids.add(`${companyOfB}.${pick(base64url, 22)}`);
    }
    ids.delete(a.publicId);
    ids.delete(b.publicId);
    expect(ids.size).toBeGreaterThanOrEqual(999);
    const answers = new Set<string>();
    for (const id of ids) answers.add(JSON.stringify(await page(id)));
    expect([...answers]).toEqual([JSON.stringify(NOT_FOUND)]);
    // The PDF route the same way, on a sample: one 404 and one body.
    const pdfAnswers = new Set<string>();
    for (const id of [...ids].filter((_, i) => i % 10 === 0)) {
      const answer = await pdf(id);
      pdfAnswers.add(`${answer.status} ${answer.headers.get("cache-control")} ${await answer.text()}`);
    }
    expect([...pdfAnswers]).toEqual(["404 private, no-store Not found"]);
    expect((await page(a.publicId)).status).toBe(200);
  }, 120_000);

  it("is not found for a frozen company", async () => {
    const w = await invoiceWorld();
    expect((await page(w.publicId)).status).toBe(200);
    await control.update(controlSchema.companies).set({ frozen: true }).where(eq(controlSchema.companies.id, w.company.companyId));
    expect(await page(w.publicId)).toEqual(NOT_FOUND);
    await control.update(controlSchema.companies).set({ frozen: false }).where(eq(controlSchema.companies.id, w.company.companyId));
  });

  it("reads only well-formed public ids for their company", () => {
    expect(publicIdCompany("01m8d0cf91rz6j1xhmnjr8ceyn.4HGGu6BvEnff6qzp_wm1OQ")).toBe("01m8d0cf91rz6j1xhmnjr8ceyn");
    for (const bad of [
      null,
      42,
      "",
      "01m8d0cf91rz6j1xhmnjr8ceyn",
      "01M8D0CF91RZ6J1XHMNJR8CEYN.4HGGu6BvEnff6qzp_wm1OQ",
      "01m8d0cf91rz6j1xhmnjr8ceyn.4HGGu6BvEnff6qzp_wm1O=",
    ])
      expect(publicIdCompany(bad)).toBeNull();
  });
});

describe("an invoice's public link switch", () => {
  it("turns the page off and on again at the same address (POST /invoices/{id}/public-link)", async () => {
    const w = await invoiceWorld();
    const url = `/public/invoices/${encodeURIComponent(w.publicId)}`;
    expect(w.invoice).toMatchObject({ public_link: true, public_url: url });
    const off = await api(w.token, "POST", `/invoices/${w.invoice.id}/public-link`, { enabled: false });
    expect(off).toMatchObject({ status: 200, body: { id: w.invoice.id, public_link: false, public_url: null } });
    expect(await page(w.publicId)).toEqual(NOT_FOUND);
    expect((await pdf(w.publicId)).status).toBe(404);
    expect((await api(w.token, "GET", `/invoices/${w.invoice.id}`)).body).toMatchObject({ public_link: false, public_url: null });
    const on = await api(w.token, "POST", `/invoices/${w.invoice.id}/public-link`, { enabled: true });
    expect(on).toMatchObject({ status: 200, body: { public_link: true, public_url: url } });
    expect((await page(w.publicId)).status).toBe(200);
  });

  it("asks edit_invoices, a boolean `enabled`, and an invoice of the company", async () => {
    const w = await invoiceWorld();
    const viewer = await addUser(w.company.companyId, { permissions: ["view_invoices"] });
    expect((await api(viewer.token, "POST", `/invoices/${w.invoice.id}/public-link`, { enabled: false })).status).toBe(403);
    const missing = await api(w.token, "POST", `/invoices/${w.invoice.id}/public-link`, {});
    expect([missing.status, missing.body.error.fields.enabled.code]).toEqual([422, "required"]);
    const wrong = await api(w.token, "POST", `/invoices/${w.invoice.id}/public-link`, { enabled: "no" });
    expect([wrong.status, wrong.body.error.fields.enabled.code]).toEqual([422, "invalid"]);
    const extra = await api(w.token, "POST", `/invoices/${w.invoice.id}/public-link`, { enabled: false, public_id: "x" });
    expect([extra.status, extra.body.error.fields.public_id.code]).toEqual([422, "unknown_field"]);
    expect((await api(w.token, "POST", `/invoices/999999/public-link`, { enabled: false })).status).toBe(404);
    // Ids are per company: switching this company's invoice 1 off leaves another company's invoice 1 alone.
    const other = await invoiceWorld();
    expect(other.invoice.id).toBe(w.invoice.id);
    expect((await api(w.token, "POST", `/invoices/${w.invoice.id}/public-link`, { enabled: false })).status).toBe(200);
    expect(await page(w.publicId)).toEqual(NOT_FOUND);
    expect((await page(other.publicId)).status).toBe(200);
  });

  it("answers a repeated Idempotency-Key with the first answer, and refuses the key with another body", async () => {
    const w = await invoiceWorld();
    const key = `switch-${w.invoice.id}`;
    const first = await api(w.token, "POST", `/invoices/${w.invoice.id}/public-link`, { enabled: false }, { "idempotency-key": key });
    const again = await api(w.token, "POST", `/invoices/${w.invoice.id}/public-link`, { enabled: false }, { "idempotency-key": key });
    expect(again).toEqual(first);
    const other = await api(w.token, "POST", `/invoices/${w.invoice.id}/public-link`, { enabled: true }, { "idempotency-key": key });
    expect([other.status, other.body.error.code]).toEqual([422, "idempotency_key_reused"]);
  });
});
