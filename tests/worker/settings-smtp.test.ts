import { env } from "cloudflare:test";
import { tenantSchema } from "../../db/client";
import { describe, expect, it } from "vitest";
import { companySmtp } from "../../worker/domain/settings/smtp-settings/company-smtp";
import { getSmtpSettings } from "../../worker/domain/settings/smtp-settings/get-smtp-settings";
import { sendSmtpTestEmail } from "../../worker/domain/settings/smtp-settings/send-smtp-test-email";
import { updateSmtpSettings } from "../../worker/domain/settings/smtp-settings/update-smtp-settings";
import type { Bindings } from "../../worker/env";
import { addUser, companySecrets, ctxOf, makeCompany } from "../support/factories";
import { emailsTo, waitForEmail } from "../support/sink-client";
import { call } from "./products-fixtures";

const bindings = env as unknown as Bindings & { TEST_MAIL_URL: string; SMTP_PORT: string };
const mailUrl = bindings.TEST_MAIL_URL;
// The platform's sender as the test Worker has it: the local sink, and the default from address.
const PLATFORM = {
  SMTP_HOST: "127.0.0.1",
  SMTP_PORT: Number(bindings.SMTP_PORT),
  SMTP_SECURITY: "none" as const,
  MAIL_FROM: "Comptoir <no-reply@comptoir.example>",
};
// The company's own server: the same sink, reached under its own from address.
const OWN = {
  host: "127.0.0.1",
  port: Number(bindings.SMTP_PORT),
  security: "none",
  from_address: "factures@durand.example",
  from_name: "Maison Durand",
};

describe("the SMTP settings", () => {
  it("send with the platform's sender until the company names a host, then with its own server", async () => {
    const company = await makeCompany();
    const admin = await ctxOf(company);
    const secrets = companySecrets(company.companyId);
    expect(await companySmtp(company.db, PLATFORM, secrets)).toEqual(PLATFORM);
    await updateSmtpSettings(admin, { ...OWN, username: "mailer", password: "s3cret" });
    expect(await companySmtp(company.db, PLATFORM, secrets)).toEqual({
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: OWN.port,
      SMTP_SECURITY: "none",
      SMTP_USER: "mailer",
      SMTP_PASSWORD: "s3cret",
      MAIL_FROM: "Maison Durand <factures@durand.example>",
    });
    // A blank host goes back to the platform's sender.
    await updateSmtpSettings(admin, { host: "" });
    expect(await companySmtp(company.db, PLATFORM, secrets)).toEqual(PLATFORM);
  });

  it("keep the password sealed at rest, opened only with the company's own key", async () => {
    const company = await makeCompany();
    const other = await makeCompany();
    await updateSmtpSettings(await ctxOf(company), { ...OWN, username: "mailer", password: "s3cret-Password" });
    const [row] = await company.db.select().from(tenantSchema.smtpSettings);
    expect(row!.password).toMatch(/^sealed:v1:/);
    expect(row!.password).not.toContain("s3cret");
    expect(await companySecrets(company.companyId).open(row!.password!)).toBe("s3cret-Password");
    // The same value copied into another company's database opens for nobody there.
    await expect(companySecrets(other.companyId).open(row!.password!)).rejects.toThrow(/cannot be opened/);
    // Two saves of one password seal it differently (a fresh nonce each time).
    await updateSmtpSettings(await ctxOf(company), { password: "s3cret-Password" });
    const [again] = await company.db.select().from(tenantSchema.smtpSettings);
    expect(again!.password).not.toBe(row!.password);
  });

  it("still send with a password saved before passwords were sealed", async () => {
    const company = await makeCompany();
    await updateSmtpSettings(await ctxOf(company), { ...OWN, username: "mailer" });
    await company.db.update(tenantSchema.smtpSettings).set({ password: "plain-old" });
    expect(await companySmtp(company.db, PLATFORM, companySecrets(company.companyId))).toMatchObject({ SMTP_PASSWORD: "plain-old" });
  });

  it("never give the password back, only say it is set; leaving it out keeps it, blank removes it", async () => {
    const company = await makeCompany();
    const admin = await ctxOf(company);
    const saved = await updateSmtpSettings(admin, { ...OWN, password: "s3cret" });
    expect(saved).toMatchObject({ host: "127.0.0.1", password_set: true });
    expect(JSON.stringify(saved)).not.toContain("s3cret");
    expect(await updateSmtpSettings(admin, { from_name: "Durand" })).toMatchObject({ from_name: "Durand", password_set: true });
    const api = await call("GET", "/smtp-settings", company.token);
    expect(api.body.password_set).toBe(true);
    expect(JSON.stringify(api.body)).not.toContain("s3cret");
    expect(await updateSmtpSettings(admin, { password: "" })).toMatchObject({ password_set: false });
  });

  it("need the settings permission to be read or changed, or to send a test email", async () => {
    const company = await makeCompany();
    const clerk = await ctxOf(company, { permissions: ["view_estimates"] });
    const forbidden = { code: "forbidden" };
    await expect(getSmtpSettings(clerk)).rejects.toMatchObject(forbidden);
    await expect(updateSmtpSettings(clerk, { host: "smtp.evil.example" })).rejects.toMatchObject(forbidden);
    await expect(sendSmtpTestEmail(clerk)).rejects.toMatchObject(forbidden);
    const user = await addUser(company.companyId, { permissions: ["view_estimates"] });
    expect((await call("GET", "/smtp-settings", user.token)).status).toBe(403);
    expect((await call("PATCH", "/smtp-settings", user.token, { port: 25 })).status).toBe(403);
  });
});

describe("/api/v1/smtp-settings", () => {
  it.each([
    [{ port: 0 }, "port", "too_small"],
    [{ port: 70000 }, "port", "too_large"],
    [{ port: "25" }, "port", "invalid"],
    [{ security: "ssl" }, "security", "invalid"],
    [{ host: "smtp example.com" }, "host", "invalid"],
    [{ host: "smtp.example.com" }, "from_address", "required"],
    [{ from_address: "not an address" }, "from_address", "invalid_email"],
    [{ from_name: 'Evil" <x@y.z>' }, "from_name", "invalid"],
    [{ server: "x" }, "server", "unknown_field"],
  ])("refuses %j naming %s (%s), and changes nothing", async (body, field, code) => {
    const company = await makeCompany();
    const response = await call("PATCH", "/smtp-settings", company.token, body);
    expect(response.status).toBe(422);
    expect(response.body.error.fields[field]).toMatchObject({ code });
    expect((await call("GET", "/smtp-settings", company.token)).body.updated_at).toBeNull();
  });

  it("sends a test email to the signed-in user through the company's own server, from its address", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId, { permissions: ["settings"] });
    expect((await call("PATCH", "/smtp-settings", company.token, OWN)).status).toBe(200);
    const asked = await call("POST", "/smtp-settings/test-email", user.token, {});
    expect(asked).toMatchObject({ status: 202, body: { to: user.email } });
    const mail = await waitForEmail(mailUrl, user.email);
    expect(mail.subject).toBe("Test email from Comptoir");
    expect(mail.from).toBe("factures@durand.example");
  });

  it("sends a test email with the platform's sender when the company names no server", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId, { permissions: ["settings"] });
    expect((await call("POST", "/smtp-settings/test-email", user.token, {})).status).toBe(202);
    expect((await waitForEmail(mailUrl, user.email)).from).toBe("no-reply@comptoir.example");
  });

  it("asks an API token, which has no mailbox, for the address to send the test to", async () => {
    const company = await makeCompany();
    const refused = await call("POST", "/smtp-settings/test-email", company.token, {});
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields.to).toMatchObject({ code: "required" });
    const to = `test-${Date.now()}@example.test`;
    expect((await call("POST", "/smtp-settings/test-email", company.token, { to })).status).toBe(202);
    await waitForEmail(mailUrl, to);
    expect(await emailsTo(mailUrl, to)).toHaveLength(1);
  });
});
