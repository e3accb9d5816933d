import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { controlDb } from "../../db/client";
import { resolveSessionWithShell } from "../../worker/domain/identity/session-shell";
import { accessTokenHash } from "../../worker/domain/identity/sessions";
import { dbServerStats } from "../support/db-server-stats";
import { inviteToCompany, makeCompany, sessionFor } from "../support/factories";

// A control client as a request gets it (reads gathered into one batch), under a label of its own
// so the database server's counters tell its round trips apart from other test files'.
const bindings = env as unknown as Record<string, string>;
function labelledControl(label: string) {
  const server = bindings.LOCAL_DB_URL!;
  return controlDb({ url: bindings.CONTROL_DATABASE_URL!.replace(server, `${server}/-/${label}`) }, { batchReads: true });
}
const roundTrips = async (label: string) => (await dbServerStats(bindings.LOCAL_DB_URL!)).labels[label] ?? 0;

describe("a page's session and the shell around it", () => {
  it("are read in one round trip: the user, their companies and their invitations", async () => {
    const company = await makeCompany();
    const other = await makeCompany();
    await inviteToCompany(other.companyId, company.userId);
    const session = await sessionFor(company.userId);
    const hash = (await accessTokenHash(session.accessToken))!;
    const label = `shell-${company.companyId}`;
    const control = labelledControl(label);

    const before = await roundTrips(label);
    const { actor, shell } = await resolveSessionWithShell(control, hash, Date.now());
    expect(await roundTrips(label)).toBe(before + 1);

    expect(actor).toMatchObject({ kind: "user", userId: company.userId, company: { id: company.companyId } });
    expect(shell.companies.map((c) => c.id)).toEqual([company.companyId]);
    expect(shell.invitations.map((i) => i.company.id)).toEqual([other.companyId]);
  });

  it("read nothing of anyone for a token whose session ended", async () => {
    const company = await makeCompany();
    const session = await sessionFor(company.userId);
    const hash = (await accessTokenHash(session.accessToken))!;
    const { endSession, resolveAccessToken } = await import("../../worker/domain/identity/sessions");
    const control = labelledControl(`shell-ended-${company.companyId}`);
    await endSession(control, (await resolveAccessToken(control, session.accessToken))!.sessionId);

    const { actor, shell } = await resolveSessionWithShell(control, hash, Date.now());
    expect(actor).toBeNull();
    expect(shell).toEqual({ companies: [], invitations: [] });
  });
});
