import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema } from "../../db/client";
import { atAGlance } from "../../worker/domain/dashboard/at-a-glance";
import { activeStaffCount, companyStaff, INVITATION_PENDING_HASH } from "../../worker/domain/users/staff";
import { addUser, control, ctxOf, inviteToCompany, makeCompany } from "../support/factories";
import { callApiJson } from "../support/fetch-app";

describe("the dashboard's figures", () => {
  it("counts what waits on the user, and hides what the user may not see", async () => {
    const company = await makeCompany();
    const owner = await ctxOf(company);
    const before = await atAGlance(owner);
    for (const label of ["Active one", "Active two", "Made inactive"]) {
      const created = await callApiJson("POST", "/customers", company.token, { label });
      expect(created.status).toBe(201);
      if (label === "Made inactive")
        expect((await callApiJson("POST", `/customers/${created.body.id}/disable`, company.token)).status).toBeLessThan(300);
    }
    const after = await atAGlance(owner);
    expect(after.activeCustomers).toBe(before.activeCustomers! + 2);
    expect(after).toMatchObject({ estimatesPending: 0, salesOrdersOpen: 0, invoicesToCollect: 0 });

    const clerk = await ctxOf(company, { permissions: ["view_customers"] });
    expect(await atAGlance(clerk)).toEqual({
      estimatesPending: null,
      salesOrdersOpen: null,
      invoicesToCollect: null,
      activeProducts: null,
      activeCustomers: after.activeCustomers,
    });
  });

  it("counts the active users as the staff list shows them: account and membership active, invitation accepted, buyers aside", async () => {
    const company = await makeCompany();
    const other = await makeCompany();
    const { users, memberships } = controlSchema;
    const active = await addUser(company.companyId);
    const accountOff = await addUser(company.companyId);
    await control.update(users).set({ active: false }).where(eq(users.id, accountOff.userId));
    const membershipOff = await addUser(company.companyId);
    await control
      .update(memberships)
      .set({ active: false })
      .where(and(eq(memberships.userId, membershipOff.userId), eq(memberships.companyId, company.companyId)));
    const pending = await addUser(company.companyId);
    await control.update(users).set({ passwordHash: INVITATION_PENDING_HASH }).where(eq(users.id, pending.userId));
    const buyer = await addUser(company.companyId);
    await control
      .update(memberships)
      .set({ customerId: "1" })
      .where(and(eq(memberships.userId, buyer.userId), eq(memberships.companyId, company.companyId)));
    // Invited from another company, not accepted yet: on the staff list, not a member.
    await inviteToCompany(company.companyId, other.userId);

    const staff = await companyStaff(control, company.companyId);
    expect(staff.map((u) => u.id).sort()).toEqual(
      [company.userId, active.userId, accountOff.userId, membershipOff.userId, pending.userId, other.userId].sort(),
    );
    const shown = staff.filter((u) => u.active && u.member && !u.invitation_pending).map((u) => u.id);
    expect(shown.sort()).toEqual([company.userId, active.userId].sort());
    expect(await activeStaffCount(control, company.companyId)).toBe(2);
    expect(await activeStaffCount(control, other.companyId)).toBe(1);
  });
});
