import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { loader as customerPage } from "../../app/routes/contacts/customers/detail";
import { dueToday } from "../../worker/domain/contacts/due-today";
import type { UserActor } from "../../worker/domain/identity/actor";
import { todayIn } from "../../worker/domain/stock/common";
import { ctxOf, makeCompany } from "../support/factories";
import { makeCustomer } from "../support/isolation/sales";
import { pageContext } from "../support/page-context";

const setCompanyZone = (company: Awaited<ReturnType<typeof makeCompany>>, timezone: string) =>
  company.db.update(tenantSchema.companySettings).set({ timezone });

describe("a customer's due date is worked out on the company's calendar, as its documents are dated", () => {
  it("just after midnight in Paris, a New York reader's terms run from Paris's new day", async () => {
    const company = await makeCompany();
    await setCompanyZone(company, "Europe/Paris");
    const ctx = await ctxOf(company);
    (ctx.actor as UserActor).timezone = "America/New_York";
    // 22:30 UTC on 31 March: 1 April 00:30 in Paris, still 31 March 18:30 in New York.
    const at = { ...ctx, now: () => Date.UTC(2026, 2, 31, 22, 30) };
    expect(await dueToday(at, { terms: { type: "eom", days: 0 } })).toBe("2026-05-31");
    expect(await dueToday(at, { terms: { type: "net", days: 30 } })).toBe("2026-05-01");
    // Just before midnight in Paris it is still March there.
    const before = { ...ctx, now: () => Date.UTC(2026, 2, 31, 21, 30) };
    expect(await dueToday(before, { terms: { type: "eom", days: 0 } })).toBe("2026-04-30");
  });

  it("the customer page shows the company's date to a user whose zone is a day away", async () => {
    const company = await makeCompany();
    // 25 hours apart: the two calendars never show the same date.
    await setCompanyZone(company, "Pacific/Pago_Pago");
    const customer = await makeCustomer(company.db, { paymentTermsType: "net", paymentTermsDays: 0 });
    const { ctx: rc, context } = await pageContext(company);
    (rc.actor as UserActor).timezone = "Pacific/Kiritimati";
    const expected = [todayIn("Pacific/Pago_Pago")];
    const data = await customerPage({
      request: new Request(`http://app.test/contacts/customers/${customer.id}`),
      params: { id: String(customer.id) },
      context,
    } as unknown as Parameters<typeof customerPage>[0]);
    expected.push(todayIn("Pacific/Pago_Pago"));
    expect(expected).toContain(data.dueToday);
    expect(data.dueToday).not.toBe(todayIn("Pacific/Kiritimati"));
  });
});
