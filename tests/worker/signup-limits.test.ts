import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { DatabaseProvisioner } from "../../db/tenants";
import { signUp } from "../../worker/domain/companies/sign-up";
import { attemptLimiter } from "../../worker/durable-objects/sign-in-throttle";
import type { Bindings } from "../../worker/env";
import { addUser, control, makeCompany, provisioner } from "../support/factories";

const bindings = env as unknown as Record<string, string>;
const limiter = attemptLimiter((env as unknown as Bindings).SIGN_IN_THROTTLE);
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

function form(email: string) {
  return {
    email,
    first_name: "Nina",
    last_name: "New",
    company_name: "Burst Ltd",
    password: "Burst-pass-2026!",
    phone: "+33 6 00 00 00 00",
    country: "FR",
    currency: "EUR",
  };
}

function attempt(deps: { provisioner?: DatabaseProvisioner; address?: string }, email: string) {
  return signUp(
    {
      control,
      provisioner: deps.provisioner ?? provisioner,
      pepper: bindings.PASSWORD_PEPPER!,
      locale: "en",
      limiter,
      address: deps.address,
    },
    form(email),
  ).then(
    () => "created",
    (error: { code?: string }) => error.code ?? String(error),
  );
}

describe("signup limits", () => {
  it("lets only 3 of 20 simultaneous signups with one email reach company creation", async () => {
    let databases = 0;
    const counting: DatabaseProvisioner = { ...provisioner, create: (name) => (databases++, provisioner.create(name)) };
    const email = `${unique("burst")}@example.test`;
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => attempt({ provisioner: counting }, email)));
    expect(outcomes.filter((o) => o === "rate_limited")).toHaveLength(17);
    expect(outcomes.filter((o) => o === "created")).toHaveLength(1);
    expect(databases).toBeLessThanOrEqual(3);
  });

  it("refuses the 11th signup from one address within an hour, whatever the emails, and not another address's", async () => {
    const company = await makeCompany();
    // Emails that already have an account: each signup is counted, yet none makes a database.
    const taken = await Promise.all(Array.from({ length: 12 }, () => addUser(company.companyId)));
    const address = unique("203.0.113.7");
    const outcomes: string[] = [];
    for (const user of taken.slice(0, 11)) outcomes.push(await attempt({ address }, user.email));
    expect(outcomes.slice(0, 10)).toEqual(Array(10).fill("email_taken"));
    expect(outcomes[10]).toBe("rate_limited");
    expect(await attempt({ address: `${address}-other` }, taken[11]!.email)).toBe("email_taken");
  });

  it("does not count a form that fails validation", async () => {
    const email = `${unique("typo")}@example.test`;
    for (let i = 0; i < 4; i++)
      await expect(
        signUp({ control, provisioner, pepper: bindings.PASSWORD_PEPPER!, locale: "en", limiter }, { ...form(email), password: "weak" }),
      ).rejects.toMatchObject({ code: "validation_failed" });
    expect(await attempt({}, email)).toBe("created");
  });
});
