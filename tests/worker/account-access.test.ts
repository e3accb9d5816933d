import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema } from "../../db/client";
import { readOnlyReason } from "../../worker/domain/identity/actor";
import { control, makeCompany } from "../support/factories";
import { callApiJson } from "../support/fetch-app";

type Company = Awaited<ReturnType<typeof makeCompany>>;
const DAY = 24 * 60 * 60 * 1000;

async function setAccount(company: Company, values: Partial<typeof controlSchema.companies.$inferInsert>) {
  await control.update(controlSchema.companies).set(values).where(eq(controlSchema.companies.id, company.companyId));
}

const newCustomer = (label: string) => ({ label });

describe("what each account state may do (platform spec §4, decision 049)", () => {
  it("refuses writes with the state's code once a trial has ended, keeps reads, and the data", async () => {
    const company = await makeCompany();
    const created = await callApiJson("POST", "/customers", company.token, newCustomer("Before the end"));
    expect(created.status).toBe(201);
    await setAccount(company, { trialEndsAt: Date.now() - 1000 });

    const refused = await callApiJson("POST", "/customers", company.token, newCustomer("After the end"));
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe("account_trial_ended");
    const updated = await callApiJson("PATCH", `/customers/${created.body.id}`, company.token, { label: "Renamed" });
    expect(updated.body.error.code).toBe("account_trial_ended");
    const removed = await callApiJson("DELETE", `/customers/${created.body.id}`, company.token);
    expect(removed.body.error.code).toBe("account_trial_ended");

    const read = await callApiJson("GET", `/customers/${created.body.id}`, company.token);
    expect(read.status).toBe(200);
    expect(read.body.label).toBe("Before the end");
    expect((await callApiJson("GET", "/customers", company.token)).status).toBe(200);
  });

  it.each([
    ["suspended", "account_suspended"],
    ["paused", "account_paused"],
  ] as const)("a %s company reads but does not write (%s)", async (status, code) => {
    const company = await makeCompany();
    await setAccount(company, { status });
    const refused = await callApiJson("POST", "/customers", company.token, newCustomer("Refused"));
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe(code);
    expect((await callApiJson("GET", "/customers", company.token)).status).toBe(200);
    expect((await callApiJson("GET", "/me", company.token)).body.company.status).toBe(status);
  });

  it("a cancelled company keeps full access until its paid period ends, then reads only", async () => {
    const company = await makeCompany();
    await setAccount(company, { status: "cancelled", accessEndsAt: Date.now() + 10 * DAY });
    expect((await callApiJson("POST", "/customers", company.token, newCustomer("Still paid for"))).status).toBe(201);

    await setAccount(company, { accessEndsAt: Date.now() - 1000 });
    const refused = await callApiJson("POST", "/customers", company.token, newCustomer("Period over"));
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe("account_cancelled");
    const list = await callApiJson("GET", "/customers?search=Still", company.token);
    expect(list.body.items.map((c: { label: string }) => c.label)).toContain("Still paid for");
  });

  it("subscribed and trial companies write; a company's state never reaches another's", async () => {
    const subscribed = await makeCompany();
    const other = await makeCompany();
    await setAccount(subscribed, { status: "subscribed" });
    await setAccount(other, { status: "suspended" });
    expect((await callApiJson("POST", "/customers", subscribed.token, newCustomer("Paid"))).status).toBe(201);
    expect((await callApiJson("POST", "/customers", other.token, newCustomer("Unpaid"))).status).toBe(402);
    const trial = await makeCompany();
    expect((await callApiJson("POST", "/customers", trial.token, newCustomer("On trial"))).status).toBe(201);
  });

  it("reads the reason from the state and the dates alone", () => {
    const now = Date.now();
    const base = { id: "c", label: "C", frozen: false, databaseUrl: "", schemaVersion: 0, trialEndsAt: null, accessEndsAt: null };
    expect(readOnlyReason({ ...base, status: "trial", trialEndsAt: now + DAY }, now)).toBeNull();
    expect(readOnlyReason({ ...base, status: "trial", trialEndsAt: now }, now)).toBe("account_trial_ended");
    expect(readOnlyReason({ ...base, status: "subscribed" }, now)).toBeNull();
    expect(readOnlyReason({ ...base, status: "cancelled", accessEndsAt: now + 1 }, now)).toBeNull();
    expect(readOnlyReason({ ...base, status: "cancelled", accessEndsAt: now }, now)).toBe("account_cancelled");
    expect(readOnlyReason({ ...base, status: "cancelled" }, now)).toBe("account_cancelled");
  });
});
