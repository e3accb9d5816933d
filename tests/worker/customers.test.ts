import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { controlSchema, tenantSchema } from "../../db/client";
import { addUser, control, makeCompany } from "../support/factories";
import { callApi as call } from "../support/fetch-app";

interface Address {
  id: number;
  label: string | null;
  type: string;
  default_billing: boolean;
  default_shipping: boolean;
  city: string | null;
  country: string | null;
  is_european: boolean;
}
interface Customer {
  id: number;
  number: number;
  label: string;
  emails: string[];
  active: boolean;
  credit_limit: string | null;
  discount_rate: string;
  payment_terms: { type: string; days: number };
  tag_ids: number[];
  tags: { id: number; label: string }[];
  addresses: Address[];
  price_level_id: number | null;
  currency_id: number | null;
  account_manager_id: string | null;
  [key: string]: unknown;
}
interface Page {
  items: Customer[];
  page: number;
  page_size: number;
  totalCount?: number;
}
interface ErrorBody {
  error: { code: string; fields?: Record<string, { code: string }> };
}

const { customers, customerAddresses, customerTags, customerTagLinks, priceLevels, currencies } = tenantSchema;

/** A company with the references a customer can point at, inserted straight into its database. */
async function world() {
  const company = await makeCompany();
  const n = Math.random().toString(36).slice(2, 6);
  const [selling, purchasing, oldSelling] = await company.db
    .insert(priceLevels)
    .values([
      { label: `Test wholesale ${n}`, type: "selling" },
      { label: `Test supplier list ${n}`, type: "purchasing" },
      { label: `Test old retail ${n}`, type: "selling", active: false },
    ])
    .returning();
  const [currency, inactiveCurrency] = await company.db
    .insert(currencies)
    .values([
      { iso: "XTA", label: "Test dollar", sign: "T$" },
      { iso: "XTB", label: "Old test dollar", sign: "OT$", active: false },
    ])
    .returning();
  const [vip, retail] = await company.db
    .insert(customerTags)
    .values([{ label: "VIP" }, { label: "Retail" }])
    .returning();
  return {
    company,
    token: company.token,
    selling: selling!,
    purchasing: purchasing!,
    oldSelling: oldSelling!,
    currency: currency!,
    inactiveCurrency: inactiveCurrency!,
    vip: vip!,
    retail: retail!,
  };
}

async function create(token: string, body: Record<string, unknown>): Promise<Customer> {
  const response = await call("POST", "/customers", token, body);
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return (await response.json()) as Customer;
}

async function list(token: string, query: string): Promise<Page> {
  const response = await call("GET", `/customers?${query}`, token);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Page;
}

async function refused(response: Response, status: number): Promise<ErrorBody["error"]> {
  expect(response.status).toBe(status);
  return ((await response.json()) as ErrorBody).error;
}

describe("/api/v1/customers", () => {
  it("creates a customer with two addresses, net-30 terms and a credit limit, and reads it back", async () => {
    const { token, selling, currency, vip, retail } = await world();
    const created = await create(token, {
      label: "Acme Retail",
      emails: ["orders@acme.test", "  billing@acme.test "],
      phone: "+33 1 23 45 67 89",
      tax_number: "FR123456789",
      discount_rate: "12.5",
      status: "prospect",
      payment_terms: { type: "net", days: 30 },
      credit_limit: "15000.50",
      minimum_order_amount: 250,
      minimum_order_quantity: "10",
      private_message: "Call before delivering",
      tax_type: "tax_exclusive",
      price_level_id: selling.id,
      currency_id: currency.id,
      b2b_access: "granted",
      tag_ids: [vip.id, retail.id, vip.id],
      addresses: [
        {
          label: "Head office",
          type: "billing",
          default_billing: true,
          address1: "1 rue de la Paix",
          city: "Paris",
          postal_code: "75002",
          country: "fr",
        },
        { label: "Warehouse", type: "shipping", default_shipping: true, address1: "Dock 4", city: "Geneva", country: "CH" },
      ],
    });
    expect(created).toMatchObject({
      number: 1,
      label: "Acme Retail",
      emails: ["orders@acme.test", "billing@acme.test"],
      active: true,
      discount_rate: "12.5000",
      status: "prospect",
      payment_terms: { type: "net", days: 30 },
      credit_limit: "15000.5000",
      current_balance: "0.0000",
      minimum_order_amount: "250.0000",
      minimum_order_quantity: "10.0000000",
      tax_type: "tax_exclusive",
      price_level_id: selling.id,
      price_level: { id: selling.id, label: selling.label },
      currency_id: currency.id,
      currency: { id: currency.id, iso: "XTA" },
      b2b_access: "granted",
      tags: [
        { id: retail.id, label: "Retail" },
        { id: vip.id, label: "VIP" },
      ],
    });
    expect(created.addresses).toMatchObject([
      {
        label: "Head office",
        type: "billing",
        default_billing: true,
        default_shipping: false,
        city: "Paris",
        country: "FR",
        is_european: true,
      },
      {
        label: "Warehouse",
        type: "shipping",
        default_billing: false,
        default_shipping: true,
        city: "Geneva",
        country: "CH",
        is_european: false,
      },
    ]);

    const read = await call("GET", `/customers/${created.id}`, token);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(created);
  });

  it("numbers customers one after the other unless a number is given", async () => {
    const { token } = await world();
    expect((await create(token, { label: "First" })).number).toBe(1);
    expect((await create(token, { label: "Given", number: 100 })).number).toBe(100);
    expect((await create(token, { label: "Next" })).number).toBe(101);
  });

  it("makes the first suitable address the default billing and shipping one when none is marked", async () => {
    const { token } = await world();
    const created = await create(token, {
      label: "Defaults",
      addresses: [
        { label: "Ship only", type: "shipping", city: "Lyon" },
        { label: "Both", type: "both", city: "Lille" },
      ],
    });
    expect(created.addresses.map((a) => [a.label, a.default_billing, a.default_shipping])).toEqual([
      ["Ship only", false, true],
      ["Both", true, false],
    ]);
  });

  it("fills in defaults: active, net 0, no discount, no credit limit, no tags, no addresses, no store access", async () => {
    const { token } = await world();
    expect(await create(token, { label: "Bare" })).toMatchObject({
      active: true,
      emails: [],
      payment_terms: { type: "net", days: 0 },
      discount_rate: "0.0000",
      credit_limit: null,
      minimum_order_amount: null,
      status: null,
      tax_type: null,
      b2b_access: "none",
      tag_ids: [],
      addresses: [],
    });
  });

  it("replaces the address list in one update: kept addresses are updated, new ones added, missing ones removed", async () => {
    const { company, token } = await world();
    const created = await create(token, {
      label: "Movers",
      addresses: [
        { label: "A", type: "both", city: "Paris" },
        { label: "B", type: "both", city: "Nantes" },
      ],
    });
    const [a, b] = created.addresses;
    expect([a!.default_billing, b!.default_billing]).toEqual([true, false]);
    const response = await call("PATCH", `/customers/${created.id}`, token, {
      addresses: [
        { id: b!.id, label: "B moved", type: "both", city: "Rennes", default_billing: true, default_shipping: true },
        { label: "C", type: "shipping", city: "Brest", is_european: true },
      ],
    });
    expect(response.status).toBe(200);
    const updated = (await response.json()) as Customer;
    expect(updated.addresses).toMatchObject([
      { id: b!.id, label: "B moved", city: "Rennes", default_billing: true, default_shipping: true },
      { label: "C", city: "Brest", default_billing: false, default_shipping: false },
    ]);
    expect(await company.db.select().from(customerAddresses).where(eq(customerAddresses.id, a!.id))).toEqual([]);
    expect(updated.label).toBe("Movers");
  });

  it("updates only the fields given and replaces the tags; enables and disables a customer", async () => {
    const { token, vip, retail } = await world();
    const created = await create(token, {
      label: "Partial",
      tag_ids: [vip.id],
      credit_limit: "100",
      payment_terms: { type: "net", days: 30 },
    });
    const response = await call("PATCH", `/customers/${created.id}`, token, {
      payment_terms: { type: "eom", days: 0 },
      tag_ids: [retail.id],
      credit_limit: null,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      label: "Partial",
      payment_terms: { type: "eom", days: 0 },
      tag_ids: [retail.id],
      credit_limit: null,
    });
    expect(await (await call("POST", `/customers/${created.id}/disable`, token)).json()).toMatchObject({ active: false });
    expect(await (await call("POST", `/customers/${created.id}/enable`, token)).json()).toMatchObject({ active: true });
  });

  it("deletes a customer with its addresses and tag links; an unknown or non-numeric id is not found", async () => {
    const { company, token, vip } = await world();
    const created = await create(token, { label: "Gone", tag_ids: [vip.id], addresses: [{ city: "Paris" }] });
    expect((await call("DELETE", `/customers/${created.id}?acknowledge=cascade,inventory,irreversible`, token)).status).toBe(204);
    expect((await call("GET", `/customers/${created.id}`, token)).status).toBe(404);
    expect(await company.db.select().from(customerAddresses).where(eq(customerAddresses.customerId, created.id))).toEqual([]);
    expect(await company.db.select().from(customerTagLinks).where(eq(customerTagLinks.customerId, created.id))).toEqual([]);
    expect((await call("DELETE", `/customers/${created.id}`, token)).status).toBe(404);
    expect((await call("GET", "/customers/abc", token)).status).toBe(404);
    expect((await call("PATCH", "/customers/999999", token, { label: "X" })).status).toBe(404);
  });

  describe("refuses bad input with 422 naming the field, and saves nothing", () => {
    it.each([
      ["a customer without a label", { emails: ["a@b.test"] }, "label", "required"],
      ["a blank label", { label: "   " }, "label", "required"],
      ["a label over 200 characters", { label: "x".repeat(201) }, "label", "too_long"],
      ["an invalid email", { label: "Bad email", emails: ["ok@example.test", "not-an-email"] }, "emails.1", "invalid_email"],
      ["a negative credit limit", { label: "Negative", credit_limit: "-1" }, "credit_limit", "too_small"],
      ["a credit limit that is not a number", { label: "NaN", credit_limit: "lots" }, "credit_limit", "invalid_number"],
      ["a discount over 100 percent", { label: "Discount", discount_rate: "100.01" }, "discount_rate", "too_large"],
      ["negative payment days", { label: "Terms", payment_terms: { type: "net", days: -5 } }, "payment_terms.days", "too_small"],
      ["unknown payment terms", { label: "Terms", payment_terms: { type: "cod", days: 0 } }, "payment_terms.type", "invalid"],
      ["an unknown status", { label: "Status", status: "vip" }, "status", "invalid"],
      ["a country that is not ISO", { label: "Country", addresses: [{ country: "France" }] }, "addresses.0.country", "invalid_country"],
      [
        "a default billing on a shipping-only address",
        { label: "Ship", addresses: [{ type: "shipping", default_billing: true }] },
        "addresses.0.default_billing",
        "address_not_billing",
      ],
      [
        "two default shipping addresses",
        { label: "Two", addresses: [{ default_shipping: true }, { default_shipping: true }] },
        "addresses.1.default_shipping",
        "duplicate_default_address",
      ],
      ["an address id on a new customer", { label: "Id", addresses: [{ id: 5, city: "Paris" }] }, "addresses.0.id", "unknown_address"],
      ["a read-only balance", { label: "Balance", current_balance: "10" }, "current_balance", "unknown_field"],
      ["an unknown tag", { label: "Tag", tag_ids: [987654] }, "tag_ids", "unknown_tag"],
      ["an unknown account manager", { label: "Manager", account_manager_id: "nobody" }, "account_manager_id", "unknown_account_manager"],
    ])("%s", async (_name, body, field, code) => {
      const { company, token } = await world();
      const error = await refused(await call("POST", "/customers", token, body), 422);
      expect(error.code).toBe("validation_failed");
      expect(error.fields?.[field]?.code).toBe(code);
      expect(await company.db.select().from(customers)).toEqual([]);
      expect(await company.db.select().from(customerAddresses)).toEqual([]);
    });

    it("refuses a purchasing or inactive price level and an unknown or inactive currency", async () => {
      const { company, token, purchasing, oldSelling, inactiveCurrency } = await world();
      for (const id of [purchasing.id, oldSelling.id, 987654])
        expect(
          (await refused(await call("POST", "/customers", token, { label: "L", price_level_id: id }), 422)).fields?.price_level_id?.code,
        ).toBe("unknown_price_level");
      for (const id of [inactiveCurrency.id, 987654])
        expect(
          (await refused(await call("POST", "/customers", token, { label: "C", currency_id: id }), 422)).fields?.currency_id?.code,
        ).toBe("unknown_currency");
      expect(await company.db.select().from(customers)).toEqual([]);
    });

    it("leaves a customer untouched when an update is refused", async () => {
      const { token } = await world();
      const created = await create(token, { label: "Keep", credit_limit: "10", addresses: [{ city: "Paris" }] });
      const error = await refused(
        await call("PATCH", `/customers/${created.id}`, token, { label: "Changed", credit_limit: "-3", addresses: [] }),
        422,
      );
      expect(error.fields?.credit_limit?.code).toBe("too_small");
      const other = await create(token, { label: "Other", addresses: [{ city: "Lyon" }] });
      const foreign = await refused(
        await call("PATCH", `/customers/${created.id}`, token, { addresses: [{ id: other.addresses[0]!.id, city: "Stolen" }] }),
        422,
      );
      expect(foreign.fields?.["addresses.0.id"]?.code).toBe("unknown_address");
      expect(await (await call("GET", `/customers/${created.id}`, token)).json()).toEqual(created);
    });
  });

  it("refuses a customer number already used with 409 naming the field", async () => {
    const { token } = await world();
    const first = await create(token, { label: "One", number: 7 });
    expect(await refused(await call("POST", "/customers", token, { label: "Two", number: 7 }), 409)).toMatchObject({
      code: "customer_number_taken",
      fields: { number: { code: "customer_number_taken" } },
    });
    const second = await create(token, { label: "Two" });
    expect((await refused(await call("PATCH", `/customers/${second.id}`, token, { number: 7 }), 409)).code).toBe("customer_number_taken");
    // Its own number is no conflict.
    expect((await call("PATCH", `/customers/${first.id}`, token, { number: 7, label: "One again" })).status).toBe(200);
  });

  it("accepts an account representative of the company as account manager, and no other user", async () => {
    const { company, token } = await world();
    const rep = await addUser(company.companyId, { permissions: [] });
    const regular = await addUser(company.companyId, { permissions: [] });
    await control
      .update(controlSchema.memberships)
      .set({ userType: "accountRepresentative" })
      .where(and(eq(controlSchema.memberships.userId, rep.userId), eq(controlSchema.memberships.companyId, company.companyId)));
    const created = await create(token, { label: "Managed", account_manager_id: rep.userId });
    expect(created.account_manager_id).toBe(rep.userId);
    const error = await refused(await call("PATCH", `/customers/${created.id}`, token, { account_manager_id: regular.userId }), 422);
    expect(error.fields?.account_manager_id?.code).toBe("unknown_account_manager");
    const stranger = await makeCompany();
    expect(
      (await refused(await call("PATCH", `/customers/${created.id}`, token, { account_manager_id: stranger.userId }), 422)).fields
        ?.account_manager_id?.code,
    ).toBe("unknown_account_manager");
  });

  it("needs view_customers to read and edit_customers to write", async () => {
    const { company, token } = await world();
    const created = await create(token, { label: "Guarded" });
    const reader = await addUser(company.companyId, { permissions: ["view_customers"] });
    const nobody = await addUser(company.companyId, { permissions: [] });
    expect((await call("GET", "/customers", nobody.token)).status).toBe(403);
    expect((await call("GET", `/customers/${created.id}`, nobody.token)).status).toBe(403);
    expect((await call("GET", "/customers", reader.token)).status).toBe(200);
    for (const [method, path, body] of [
      ["POST", "/customers", { label: "No" }],
      ["PATCH", `/customers/${created.id}`, { label: "No" }],
      ["DELETE", `/customers/${created.id}`, undefined],
      ["POST", `/customers/${created.id}/disable`, undefined],
    ] as const) {
      const response = await call(method, path, reader.token, body);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: "forbidden" } });
    }
    expect(await company.db.select({ label: customers.label }).from(customers)).toEqual([{ label: "Guarded" }]);
  });

  describe("the list", () => {
    let ctx: Awaited<ReturnType<typeof world>>;
    let byLabel: Record<string, Customer>;
    beforeAll(async () => {
      ctx = await world();
      const { token, selling, currency, vip, retail } = ctx;
      const made = [
        await create(token, {
          label: "bravo",
          emails: ["sales@bravo.test"],
          credit_limit: "500",
          tag_ids: [vip.id],
          addresses: [{ country: "FR" }],
        }),
        await create(token, {
          label: "Alpha",
          credit_limit: "1500",
          status: "prospect",
          price_level_id: selling.id,
          addresses: [{ country: "DE" }, { country: "FR" }],
        }),
        await create(token, {
          label: "Charlie",
          number: 250,
          active: false,
          currency_id: currency.id,
          tag_ids: [retail.id, vip.id],
          addresses: [{ country: "US" }],
        }),
        await create(token, { label: "delta", status: "former_customer", emails: ["hello@delta.test"] }),
      ];
      byLabel = Object.fromEntries(made.map((c) => [c.label, c]));
    });
    const labels = (page: Page) => page.items.map((c) => c.label);

    it("sorts by label ascending by default, case-insensitively, and by number, credit limit or created on demand", async () => {
      expect(labels(await list(ctx.token, ""))).toEqual(["Alpha", "bravo", "Charlie", "delta"]);
      expect(labels(await list(ctx.token, "sort=-number"))).toEqual(["delta", "Charlie", "Alpha", "bravo"]);
      expect(labels(await list(ctx.token, "sort=credit_limit&credit_limit__Gte=0"))).toEqual(["bravo", "Alpha"]);
      expect(labels(await list(ctx.token, "sort=-created,-number"))[0]).toBe("delta");
    });

    it("filters on number, label, active, status, tags, price level, currency, country, credit limit and created", async () => {
      const { token, selling, currency, vip, retail } = ctx;
      expect(labels(await list(token, "number=250"))).toEqual(["Charlie"]);
      expect(labels(await list(token, "label__Contains=HA"))).toEqual(["Alpha", "Charlie"]);
      expect(labels(await list(token, "active=false"))).toEqual(["Charlie"]);
      expect(labels(await list(token, "status__In=prospect,former_customer"))).toEqual(["Alpha", "delta"]);
      expect(labels(await list(token, `tag_id=${vip.id}`))).toEqual(["bravo", "Charlie"]);
      expect(labels(await list(token, `tag_id__In=${retail.id}`))).toEqual(["Charlie"]);
      expect(labels(await list(token, `price_level_id=${selling.id}`))).toEqual(["Alpha"]);
      expect(labels(await list(token, `currency_id=${currency.id}`))).toEqual(["Charlie"]);
      expect(labels(await list(token, "country=fr"))).toEqual(["Alpha", "bravo"]);
      expect(labels(await list(token, "country__In=DE,US"))).toEqual(["Alpha", "Charlie"]);
      expect(labels(await list(token, "credit_limit__Between=400,1000"))).toEqual(["bravo"]);
      const today = new Date().toISOString().slice(0, 10);
      expect(labels(await list(token, `created__Between=2000-01-01,${today}`))).toHaveLength(4);
      expect(labels(await list(token, "created__Lte=2000-01-01"))).toEqual([]);
      expect(
        labels(await list(token, `or=${encodeURIComponent(JSON.stringify([{ country: "US" }, { status: "former_customer" }]))}`)),
      ).toEqual(["Charlie", "delta"]);
      expect(labels(await list(token, "status=&label__Contains="))).toHaveLength(4);
    });

    it("searches the start of the label or number, or anywhere in the emails", async () => {
      expect(labels(await list(ctx.token, "search=ch"))).toEqual(["Charlie"]);
      expect(labels(await list(ctx.token, "search=250"))).toEqual(["Charlie"]);
      expect(labels(await list(ctx.token, `search=${byLabel.delta!.number}`))).toEqual(["delta"]);
      expect(labels(await list(ctx.token, "search=bravo.test"))).toEqual(["bravo"]);
      expect(labels(await list(ctx.token, "search=zzz"))).toEqual([]);
    });

    it("pages the rows and counts them when asked, with each customer's addresses and tags", async () => {
      const first = await list(ctx.token, "page_size=3&total_count=true");
      expect(first).toMatchObject({ page: 0, page_size: 3, totalCount: 4 });
      expect(first.items).toHaveLength(3);
      expect(first.items[0]!.addresses.map((a) => a.country)).toEqual(["DE", "FR"]);
      const second = await list(ctx.token, "page_size=3&page=1");
      expect(labels(second)).toEqual(["delta"]);
      expect(second).not.toHaveProperty("totalCount");
      expect((await list(ctx.token, "label__Contains=charlie")).items[0]!.tags.map((t) => t.label)).toEqual(["Retail", "VIP"]);
    });

    it("answers 422 naming a bad list parameter", async () => {
      for (const [query, field, code] of [
        ["colour=red", "colour", "unknown_filter"],
        ["sort=emails", "sort", "unknown_sort"],
        ["status=vip", "status", "invalid_filter_value"],
        ["country__Contains=F", "country__Contains", "invalid_operator"],
        ["credit_limit__Gte=abc", "credit_limit__Gte", "invalid_number"],
      ]) {
        const error = await refused(await call("GET", `/customers?${query}`, ctx.token), 422);
        expect(error.fields?.[field!]?.code, query).toBe(code);
      }
    });
  });
});
