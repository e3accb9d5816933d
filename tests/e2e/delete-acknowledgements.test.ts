import { describe, expect, inject, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { companyDb, makeCompany, makeUser } from "../support/e2e-factories";

const appUrl = inject("appUrl");

// A page's delete form as a browser posts it: the checkboxes ticked are the only ones sent.
function postDelete(path: string, cookie: string, ticked: string[]) {
  const form = new URLSearchParams({ intent: "delete" });
  for (const name of ticked) form.set(`acknowledge_${name}`, "on");
  return fetch(`${appUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: appUrl, "content-type": "application/x-www-form-urlencoded" },
    body: form,
  });
}

describe("the delete forms of the pages", () => {
  it("keep a customer whose delete was posted without every box ticked, and delete it once they are", async () => {
    const company = await makeCompany();
    const user = await makeUser(company.companyId, ["view_customers", "edit_customers"]);
    const db = await companyDb(company.companyId);
    const [customer] = await db.insert(tenantSchema.customers).values({ label: "Acme", number: 1 }).returning();
    const path = `/contacts/customers/${customer!.id}`;

    expect((await postDelete(path, user.cookie, [])).status).toBe(422);
    expect((await postDelete(path, user.cookie, ["irreversible"])).status).toBe(422);
    expect(await db.select().from(tenantSchema.customers)).toHaveLength(1);

    const done = await postDelete(path, user.cookie, ["cascade", "irreversible"]);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/contacts/customers?notice=deleted");
    expect(await db.select().from(tenantSchema.customers)).toHaveLength(0);
  });
});
