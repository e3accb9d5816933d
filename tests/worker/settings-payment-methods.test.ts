import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { openCompanyDatabase } from "../../db/tenants";
import { migrations } from "../../migrations/tenant/bundle";
import { action, loader } from "../../app/routes/settings/payment-methods";
import { createCompany } from "../../worker/domain/companies/create-company";
import { createPaymentMethod } from "../../worker/domain/settings/payment-methods/create-payment-method";
import { DEFAULT_PAYMENT_METHODS } from "../../worker/domain/settings/payment-methods/default-payment-methods";
import { deletePaymentMethod } from "../../worker/domain/settings/payment-methods/delete-payment-method";
import { allPaymentMethods } from "../../worker/domain/settings/payment-methods/list-payment-methods";
import { labelKey } from "../../worker/domain/settings/payment-methods/payment-method-shared";
import { updatePaymentMethod } from "../../worker/domain/settings/payment-methods/update-payment-method";
import { addUser, control, ctxOf, makeCompany, provisioner } from "../support/factories";
import { callApiJson as call } from "../support/fetch-app";
import { formPost, pageContext } from "../support/page-context";

const bindings = env as unknown as Record<string, string>;

interface Method {
  id: number;
  label: string;
  pos: boolean;
  quickbooks_id: string | null;
  active: boolean;
  created_at: number;
  updated_at: number;
}

async function methods(token: string, query = ""): Promise<Method[]> {
  const response = await call("GET", `/payment-methods${query}`, token);
  expect(response.status).toBe(200);
  return response.body.items;
}

const rows = (db: Awaited<ReturnType<typeof makeCompany>>["db"]) =>
  db
    .select({ label: tenantSchema.paymentMethods.label, key: tenantSchema.paymentMethods.labelKey, pos: tenantSchema.paymentMethods.pos })
    .from(tenantSchema.paymentMethods)
    .orderBy(tenantSchema.paymentMethods.id);

describe("the payment methods a company starts with", () => {
  it("are cash, bank transfer, card and cheque, active, cash and card offered at the point of sale", async () => {
    const company = await makeCompany();
    expect((await methods(company.token)).map((m) => [m.label, m.pos, m.active, m.quickbooks_id])).toEqual([
      ["Bank transfer", false, true, null],
      ["Card", true, true, null],
      ["Cash", true, true, null],
      ["Cheque", false, true, null],
    ]);
  });

  it("are named in the company's language", async () => {
    const n = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const created = await createCompany(
      { control, provisioner, pepper: bindings.PASSWORD_PEPPER! },
      {
        label: `Société ${n}`,
        country: "FR",
        currency: "EUR",
        language: "fr",
        admin: { email: `pm-fr-${n}@example.test`, firstName: "Léa", lastName: "Roux", password: "Secret-pass-1!" },
      },
    );
    const row = (await control.query.companies.findFirst({ where: (c, { eq }) => eq(c.id, created.companyId) }))!;
    const db = await openCompanyDatabase(control, provisioner, row);
    expect(await rows(db)).toEqual([
      { label: "Espèces", key: "especes", pos: true },
      { label: "Virement", key: "virement", pos: false },
      { label: "Carte bancaire", key: "carte bancaire", pos: true },
      { label: "Chèque", key: "cheque", pos: false },
    ]);
  });

  it("are given by the migration to a company that existed before it, in its language, as a new company gets them", async () => {
    const company = await makeCompany();
    const step = migrations.find((m) => m.tag.endsWith("_payment_methods"))!.statements.at(-1)!;
    expect(step).toMatch(/^INSERT INTO `payment_methods`/);
    for (const language of ["en", "fr"] as const) {
      await company.db.delete(tenantSchema.paymentMethods);
      await company.db.update(tenantSchema.companySettings).set({ languages: [language] });
      await company.db.run(sql.raw(step));
      // The same labels as a new company's, each with the key the verbs would give it.
      expect(await rows(company.db)).toEqual(
        DEFAULT_PAYMENT_METHODS.map((m) => ({ label: m.label[language], key: labelKey(m.label[language]), pos: m.pos })),
      );
    }
  });
});

describe("/api/v1/payment-methods", () => {
  it("adds a method, shows it back, renames it, disables and enables it, and deletes it", async () => {
    const company = await makeCompany();
    const created = await call("POST", "/payment-methods", company.token, { label: "  PayPal ", pos: false, quickbooks_id: " 42 " });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ label: "PayPal", pos: false, quickbooks_id: "42", active: true });
    const id = created.body.id as number;
    expect((await call("GET", `/payment-methods/${id}`, company.token)).body).toEqual(created.body);

    const renamed = await call("PATCH", `/payment-methods/${id}`, company.token, {
      label: "PayPal Business",
      pos: true,
      quickbooks_id: "",
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id, label: "PayPal Business", pos: true, quickbooks_id: null, active: true });
    expect(renamed.body.updated_at).toBeGreaterThanOrEqual(created.body.updated_at);

    expect((await call("POST", `/payment-methods/${id}/disable`, company.token)).body.active).toBe(false);
    expect((await methods(company.token, "?active=false")).map((m) => m.label)).toEqual(["PayPal Business"]);
    expect((await call("POST", `/payment-methods/${id}/enable`, company.token)).body.active).toBe(true);

    expect((await call("DELETE", `/payment-methods/${id}`, company.token)).status).toBe(204);
    expect((await call("GET", `/payment-methods/${id}`, company.token)).status).toBe(404);
    expect((await call("DELETE", `/payment-methods/${id}`, company.token)).status).toBe(404);
    expect((await methods(company.token)).map((m) => m.label)).toEqual(["Bank transfer", "Card", "Cash", "Cheque"]);
  });

  it.each([
    [{}, "label", "required"],
    [{ label: "   " }, "label", "required"],
    [{ label: "x".repeat(101) }, "label", "too_long"],
    [{ label: 12 }, "label", "required"],
    [{ label: "PayPal", pos: "yes" }, "pos", "invalid"],
    [{ label: "PayPal", active: 1 }, "active", "invalid"],
    [{ label: "PayPal", quickbooks_id: "9".repeat(101) }, "quickbooks_id", "too_long"],
    [{ label: "PayPal", kind: "online" }, "kind", "unknown_field"],
  ])("refuses %j naming %s (%s), in the caller's language", async (body, field, code) => {
    const company = await makeCompany();
    const response = await call("POST", "/payment-methods", company.token, body);
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe("validation_failed");
    expect(response.body.error.fields[field]).toMatchObject({ code });
    expect(await methods(company.token)).toHaveLength(4);
  });

  it("refuses a change naming a bad field, and keeps the method as it was", async () => {
    const company = await makeCompany();
    const [first] = await methods(company.token);
    const response = await call("PATCH", `/payment-methods/${first!.id}`, company.token, { label: "" });
    expect(response.status).toBe(422);
    expect(response.body.error.fields.label).toMatchObject({ code: "required" });
    expect((await call("GET", `/payment-methods/${first!.id}`, company.token)).body).toEqual(first);
  });

  it("refuses a label already used, whatever its case and accents, on a new method and on a rename", async () => {
    const company = await makeCompany();
    for (const label of ["CASH", "cash", "Chèque", "CHÈQUE", "chéque", "Bank  Transfer", "ＣＡＲＤ"]) {
      const response = await call("POST", "/payment-methods", company.token, { label });
      expect(response.status, label).toBe(409);
      expect(response.body.error).toMatchObject({
        code: "payment_method_label_taken",
        fields: { label: { code: "payment_method_label_taken" } },
      });
      expect(response.body.error.message).toBe("A payment method already has this name.");
    }
    const paypal = await call("POST", "/payment-methods", company.token, { label: "PayPal" });
    const renamed = await call("PATCH", `/payment-methods/${paypal.body.id}`, company.token, { label: "Espèces" });
    expect(renamed.status).toBe(200);
    const clash = await call("PATCH", `/payment-methods/${paypal.body.id}`, company.token, { label: "CARD" });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe("payment_method_label_taken");
    // A method may change the case or accents of its own label.
    const cash = (await methods(company.token)).find((m) => m.label === "Cash")!;
    expect((await call("PATCH", `/payment-methods/${cash.id}`, company.token, { label: "CASH" })).body.label).toBe("CASH");
  });

  it("keeps one method when ten people add the same label at once", async () => {
    const company = await makeCompany();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call("POST", "/payment-methods", company.token, { label: i % 2 ? "Voucher" : "VOUCHER" })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(9);
    for (const answer of refused) expect(answer.body.error.code).toBe("payment_method_label_taken");
    const stored = await company.db
      .select()
      .from(tenantSchema.paymentMethods)
      .where(sql`label_key = 'voucher'`);
    expect(stored).toHaveLength(1);
  });

  it("lets anyone signed in read the methods, and only the settings permission change them", async () => {
    const company = await makeCompany();
    const reader = await addUser(company.companyId, { permissions: ["view_invoices", "edit_invoices"] });
    const [first] = await methods(company.token);
    expect((await call("GET", "/payment-methods", reader.token)).status).toBe(200);
    expect((await call("GET", `/payment-methods/${first!.id}`, reader.token)).status).toBe(200);
    for (const [method, path, body] of [
      ["POST", "/payment-methods", { label: "Nope" }],
      ["PATCH", `/payment-methods/${first!.id}`, { label: "Nope" }],
      ["DELETE", `/payment-methods/${first!.id}`, undefined],
      ["POST", `/payment-methods/${first!.id}/disable`, undefined],
      ["POST", `/payment-methods/${first!.id}/enable`, undefined],
    ] as const) {
      const response = await call(method, path, reader.token, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.error.code).toBe("forbidden");
    }
    expect(await methods(company.token)).toEqual(await methods(reader.token));
    expect((await methods(company.token)).map((m) => m.label)).toEqual(["Bank transfer", "Card", "Cash", "Cheque"]);
  });

  it("answers 404 for another company's method, and changes nothing there", async () => {
    const mine = await makeCompany();
    const theirs = await makeCompany();
    const made = await call("POST", "/payment-methods", theirs.token, { label: "Theirs only" });
    const id = made.body.id as number;
    for (const [method, path, body] of [
      ["GET", `/payment-methods/${id}`, undefined],
      ["PATCH", `/payment-methods/${id}`, { label: "Taken over" }],
      ["DELETE", `/payment-methods/${id}`, undefined],
      ["POST", `/payment-methods/${id}/disable`, undefined],
      ["POST", `/payment-methods/${id}/enable`, undefined],
    ] as const) {
      const response = await call(method, path, mine.token, body);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body.error.code).toBe("not_found");
    }
    expect((await call("GET", `/payment-methods/${id}`, theirs.token)).body).toEqual(made.body);
  });

  it("filters by point of sale, status and label, and sorts", async () => {
    const company = await makeCompany();
    await call("POST", "/payment-methods", company.token, { label: "Voucher", pos: true, active: false });
    const labels = async (query: string) => (await methods(company.token, `?${query}`)).map((m) => m.label);
    expect(await labels("pos=true")).toEqual(["Card", "Cash", "Voucher"]);
    expect(await labels("active=false")).toEqual(["Voucher"]);
    expect(await labels("search=ca")).toEqual(["Card", "Cash"]);
    expect(await labels("sort=-label&page_size=2")).toEqual(["Voucher", "Cheque"]);
  });
});

describe("the payment method verbs called directly", () => {
  it("refuse a user without the settings permission, and change nothing", async () => {
    const company = await makeCompany();
    const clerk = await ctxOf(company, { permissions: ["view_invoices", "edit_invoices"] });
    const [first] = await allPaymentMethods(clerk);
    await expect(createPaymentMethod(clerk, { label: "Voucher" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(updatePaymentMethod(clerk, { id: first!.id, label: "Other" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(deletePaymentMethod(clerk, { id: first!.id })).rejects.toMatchObject({ code: "forbidden" });
    expect(await allPaymentMethods(clerk)).toHaveLength(4);
  });
});

describe("/settings/payment-methods", () => {
  it("adds a method from the form, and gives back a taken label with the field named and what was typed", async () => {
    const company = await makeCompany();
    const { context } = await pageContext(company);
    const path = "/settings/payment-methods";
    const post = (fields: Record<string, string>) => action({ request: formPost(path, fields), context, params: {} } as never);
    const done = (await post({ intent: "create", label: "Voucher", pos: "on", active: "on" })) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`${path}?notice=create`);
    // A refusal comes back as data with its status: the form shows it under the field, with what was typed.
    const refused = (await post({ intent: "create", label: "VOUCHER", quickbooks_id: "7" })) as {
      data: { fields: Record<string, { code: string }>; values: Record<string, unknown> };
      init: { status: number };
    };
    expect(refused.init.status).toBe(409);
    expect(refused.data.fields.label).toEqual({ code: "payment_method_label_taken" });
    expect(refused.data.values).toMatchObject({ label: "VOUCHER", quickbooks_id: "7", pos: false });
    const page = (await loader({ request: new Request(`http://app.test${path}?edit=999999`), context, params: {} } as never)) as {
      methods: Method[];
      editing: Method | null;
    };
    expect(page.methods.find((m) => m.label === "Voucher")).toMatchObject({ pos: true, active: true });
    expect(page.editing).toBeNull();
  });

  it("sends a user without the settings permission away", async () => {
    const company = await makeCompany();
    const { context } = await pageContext(company, ["view_invoices"]);
    const request = new Request("http://app.test/settings/payment-methods");
    const thrown = (await loader({ request, context, params: {} } as never).catch((e: unknown) => e)) as Response;
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("location")).toBe("/dashboard");
  });
});
