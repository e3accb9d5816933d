import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema } from "../../db/client";
import { sendInvitation } from "../../worker/domain/identity/invitations";
import { passwordLinkPath } from "../../worker/domain/identity/password-link";
import { requestPasswordReset, sendResetEmail } from "../../worker/domain/identity/password-reset";
import { signIn } from "../../worker/domain/identity/sessions";
import { parseEnv, type Bindings } from "../../worker/env";
import { smtpMailer } from "../../worker/integrations/mail/smtp-mailer";
import { addUser, control, makeCompany } from "../support/factories";
import { outboxRowsFor, unreachableMailer } from "../support/outbox";
import { emailsTo, firstLink, waitForEmail } from "../support/sink-client";
import { fetchApp } from "../support/fetch-app";

const bindings = env as unknown as Record<string, string>;
const settings = parseEnv(env as unknown as Bindings).settings;
const mailUrl = bindings.TEST_MAIL_URL!;
const pepper = bindings.PASSWORD_PEPPER!;
const secret = bindings.SESSION_SECRET!;
const NEW_PASSWORD = "Brand-new-pass-2!";

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetchApp(path, { method: "POST", headers, json: body });
}

/** The confirm endpoint's body for a link path /password-reset/{uid}/{timestamp}/{hash}[?invitation=1]. */
function confirmBody(linkPath: string, extra: Record<string, unknown>) {
  const url = new URL(linkPath, "http://app.test");
  const [, , uid, timestamp, hash] = url.pathname.split("/");
  return { uid: decodeURIComponent(uid!), timestamp, hash, invitation: url.searchParams.get("invitation") === "1", ...extra };
}

async function userRow(userId: string) {
  return (await control.query.users.findFirst({ where: eq(controlSchema.users.id, userId) }))!;
}

async function freshLink(userId: string, kind: "reset" | "invitation" = "reset", now = Date.now()) {
  return passwordLinkPath(secret, await userRow(userId), kind, now);
}

async function canSignIn(email: string, password: string) {
  return signIn({ control, pepper }, { email, password }).then(
    () => true,
    () => false,
  );
}

describe("POST /api/v1/password-reset", () => {
  it("emails a link that sets a new password: the new one signs in, the old one no longer does", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId);

    const response = await post("/api/v1/password-reset", { email: user.email.toUpperCase() });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ sent: true });

    const email = await waitForEmail(mailUrl, user.email);
    expect(email.subject).toBe("Reset your Comptoir password");
    expect(email.text).toContain("Hello Sam,");
    const link = firstLink(email);
    expect(link.origin).toBe("http://app.test");
    expect(link.pathname).toMatch(new RegExp(`^/password-reset/${user.userId}/[0-9a-z]+/[0-9a-f]{64}$`));
    expect(email.html).toContain(link.pathname);

    const confirm = await post(
      "/api/v1/password-reset/confirm",
      confirmBody(link.pathname + link.search, { password: NEW_PASSWORD, confirmation: NEW_PASSWORD }),
    );
    expect(confirm.status).toBe(200);
    expect(await canSignIn(user.email, NEW_PASSWORD)).toBe(true);
    expect(await canSignIn(user.email, user.password)).toBe(false);
    expect((await userRow(user.userId)).passwordChangedAt).toBeGreaterThan(0);
  });

  it("writes the email in the user's saved language", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId);
    await control.update(controlSchema.users).set({ language: "fr" }).where(eq(controlSchema.users.id, user.userId));

    expect((await post("/api/v1/password-reset", { email: user.email })).status).toBe(202);
    const email = await waitForEmail(mailUrl, user.email);
    expect(email.subject).toBe("Réinitialisez votre mot de passe Comptoir");
    expect(email.text).toContain("Bonjour Sam,");
  });

  it("gives an unknown email the same answer as a known one and sends nothing", async () => {
    const company = await makeCompany();
    const known = await addUser(company.companyId);
    const unknown = `nobody-${Date.now().toString(36)}@example.test`;

    const knownResponse = await post("/api/v1/password-reset", { email: known.email });
    const unknownResponse = await post("/api/v1/password-reset", { email: unknown });
    expect(unknownResponse.status).toBe(knownResponse.status);
    expect(await unknownResponse.json()).toEqual(await knownResponse.json());
    await waitForEmail(mailUrl, known.email);
    expect(await emailsTo(mailUrl, unknown)).toEqual([]);
  });

  it("sends nothing to a deactivated account, with the same answer", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId);
    await control.update(controlSchema.users).set({ active: false }).where(eq(controlSchema.users.id, user.userId));

    const response = await post("/api/v1/password-reset", { email: user.email });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ sent: true });
    // Longer than the queue's batch window, so a wrongly recorded email would have arrived.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await emailsTo(mailUrl, user.email)).toEqual([]);
    expect(await outboxRowsFor(user.userId)).toEqual([]);
  });

  it.each([
    ["an empty email", { email: "" }],
    ["blank spaces", { email: "   " }],
    ["no email at all", {}],
  ])("asks for the email when given %s, in French for a French caller", async (_, body) => {
    const response = await post("/api/v1/password-reset", body, { "accept-language": "fr" });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      error: { code: "validation_failed", fields: { email: { code: "email_required", message: "Saisissez votre e-mail" } } },
    });
  });

  it("refuses a body that is not an object with 400, in French for a French caller", async () => {
    const response = await post("/api/v1/password-reset", null, { "accept-language": "fr" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: "body_not_object", message: "Le corps de la requête doit être un objet JSON" },
    });
  });

  it("refuses a body that is not JSON with 400, not 500", async () => {
    const response = await fetchApp("/api/v1/password-reset", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{email",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "invalid_json" } });
  });
});

describe("POST /api/v1/password-reset/confirm", () => {
  it("refuses a link the second time it is used", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId);
    const link = await freshLink(user.userId);

    const first = await post("/api/v1/password-reset/confirm", confirmBody(link, { password: NEW_PASSWORD, confirmation: NEW_PASSWORD }));
    expect(first.status).toBe(200);
    const second = await post(
      "/api/v1/password-reset/confirm",
      confirmBody(link, { password: "Another-pass-3!", confirmation: "Another-pass-3!" }),
    );
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ error: { code: "password_link_invalid" } });
    expect(await canSignIn(user.email, NEW_PASSWORD)).toBe(true);
  });

  it("refuses a link older than its time to live as expired", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId);
    const link = await freshLink(user.userId, "reset", Date.now() - 3 * 60 * 60 * 1000);

    const response = await post(
      "/api/v1/password-reset/confirm",
      confirmBody(link, { password: NEW_PASSWORD, confirmation: NEW_PASSWORD }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "password_link_expired", message: "This link has expired." } });
    expect(await canSignIn(user.email, user.password)).toBe(true);
  });

  it.each([
    ["an unknown user", (uid: string, ts: string, hash: string) => ({ uid: `x${uid}`, timestamp: ts, hash })],
    [
      "a forged hash",
      (uid: string, ts: string, hash: string) => ({ uid, timestamp: ts, hash: hash.replace(/^./, (c) => (c === "a" ? "b" : "a")) }),
    ],
    ["a hash that is not hexadecimal", (uid: string, ts: string) => ({ uid, timestamp: ts, hash: "not-a-hash" })],
    ["a timestamp that is not base 36", (uid: string, _ts: string, hash: string) => ({ uid, timestamp: "!!", hash })],
    [
      "a reset link presented as an invitation",
      (uid: string, ts: string, hash: string) => ({ uid, timestamp: ts, hash, invitation: true }),
    ],
  ])("refuses %s as an invalid link", async (_, tamper) => {
    const company = await makeCompany();
    const user = await addUser(company.companyId);
    const { uid, timestamp, hash } = confirmBody(await freshLink(user.userId), {});
    const response = await post("/api/v1/password-reset/confirm", {
      ...tamper(uid, timestamp!, hash!),
      password: NEW_PASSWORD,
      confirmation: NEW_PASSWORD,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "password_link_invalid" } });
  });

  it.each([
    ["", "", "password", "password_required"],
    ["Sh0rt!", "Sh0rt!", "password", "password_too_short"],
    ["No-number-here!", "No-number-here!", "password", "password_needs_number"],
    ["no-uppercase-1!", "no-uppercase-1!", "password", "password_needs_uppercase"],
    ["NoSpecialChar12", "NoSpecialChar12", "password", "password_needs_special"],
    [NEW_PASSWORD, "", "confirmation", "confirmation_required"],
    [NEW_PASSWORD, "Brand-new-pass-3!", "confirmation", "password_mismatch"],
    ["Secret-pass-1!", "Secret-pass-1!", "password", "password_unchanged"],
  ])("refuses the password %j / %j, naming %s: %s, and keeps the link usable", async (password, confirmation, field, code) => {
    const company = await makeCompany();
    const user = await addUser(company.companyId, { password: "Secret-pass-1!" });
    const link = await freshLink(user.userId);

    const response = await post("/api/v1/password-reset/confirm", confirmBody(link, { password, confirmation }));
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: { code: string; fields: Record<string, { code: string; message: string }> } };
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.fields[field]?.code).toBe(code);
    expect(body.error.fields[field]?.message).not.toBe("An error has occurred");

    const retry = await post("/api/v1/password-reset/confirm", confirmBody(link, { password: NEW_PASSWORD, confirmation: NEW_PASSWORD }));
    expect(retry.status).toBe(200);
  });

  it("ends every session of the user when asked, which is the default", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId);
    expect((await fetchApp("/api/v1/me", { token: user.token })).status).toBe(200);

    const response = await post(
      "/api/v1/password-reset/confirm",
      confirmBody(await freshLink(user.userId), { password: NEW_PASSWORD, confirmation: NEW_PASSWORD }),
    );
    expect(response.status).toBe(200);
    expect((await fetchApp("/api/v1/me", { token: user.token })).status).toBe(401);
  });

  it("keeps the other sessions when told not to end them", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId);
    const body = confirmBody(await freshLink(user.userId), {
      password: NEW_PASSWORD,
      confirmation: NEW_PASSWORD,
      end_other_sessions: false,
    });

    expect((await post("/api/v1/password-reset/confirm", body)).status).toBe(200);
    expect((await fetchApp("/api/v1/me", { token: user.token })).status).toBe(200);
  });

  it("names missing link parts as fields instead of failing", async () => {
    const response = await post("/api/v1/password-reset/confirm", { password: NEW_PASSWORD });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      error: { code: "validation_failed", fields: { uid: { code: "required" }, hash: { code: "required" } } },
    });
  });
});

describe("sending mail", () => {
  it("answers reset_email_failed to the queue when the mail server cannot be reached, so the queue tries again", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId);
    await expect(
      sendResetEmail({ control, mailer: unreachableMailer(), secret }, { userId: user.userId, baseUrl: "http://app.test" }),
    ).rejects.toMatchObject({ code: "reset_email_failed" });
  });

  it("invites a user in their language with a link that lets them choose a password once", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId);
    await control.update(controlSchema.users).set({ language: "fr" }).where(eq(controlSchema.users.id, user.userId));

    await sendInvitation(
      { control, mailer: smtpMailer(settings), secret, baseUrl: "https://comptoir.example/" },
      { userId: user.userId, companyLabel: company.label, inviterName: "Ada Admin" },
    );
    const email = await waitForEmail(mailUrl, user.email);
    expect(email.subject).toBe(`Ada Admin vous invite à rejoindre ${company.label} sur Comptoir`);
    const link = firstLink(email);
    expect(link.origin).toBe("https://comptoir.example");
    expect(link.searchParams.get("invitation")).toBe("1");

    const asReset = await post("/api/v1/password-reset/confirm", {
      ...confirmBody(link.pathname + link.search, { password: NEW_PASSWORD, confirmation: NEW_PASSWORD }),
      invitation: false,
    });
    expect(asReset.status).toBe(400);
    const accepted = await post(
      "/api/v1/password-reset/confirm",
      confirmBody(link.pathname + link.search, { password: NEW_PASSWORD, confirmation: NEW_PASSWORD }),
    );
    expect(accepted.status).toBe(200);
    expect(await canSignIn(user.email, NEW_PASSWORD)).toBe(true);
    const again = await post(
      "/api/v1/password-reset/confirm",
      confirmBody(link.pathname + link.search, { password: "Another-pass-3!", confirmation: "Another-pass-3!" }),
    );
    expect(again.status).toBe(400);
  });
});

describe("password reset requests reveal nothing and are limited", () => {
  const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.test`;

  it("answers before looking the email up, the same for a known and an unknown email, and records the known one's email afterwards", async () => {
    const company = await makeCompany();
    const user = await addUser(company.companyId);
    const deferred: Promise<unknown>[] = [];
    const deps = { control, baseUrl: "http://app.test", waitUntil: (work: Promise<unknown>) => void deferred.push(work) };

    const known = await requestPasswordReset(deps, { email: user.email });
    expect(deferred).toHaveLength(1);
    const unknown = await requestPasswordReset(deps, { email: unique("nobody") });
    // The answer waits for no lookup: both left the same work for after the answer.
    expect(deferred).toHaveLength(2);
    expect(unknown).toEqual(known);
    expect(known).toEqual({ sent: true });

    await Promise.all(deferred);
    expect(await outboxRowsFor(user.userId)).toMatchObject([{ topic: "email.password_reset", payload: { userId: user.userId } }]);
  });

  it("gives a known and an unknown email the same status, headers and body, and mails the known one afterwards", async () => {
    const company = await makeCompany();
    const known = await addUser(company.companyId);
    const [knownResponse, unknownResponse] = await Promise.all([
      post("/api/v1/password-reset", { email: known.email }),
      post("/api/v1/password-reset", { email: unique("nobody") }),
    ]);
    const headers = (r: Response) => [...r.headers].filter(([name]) => name !== "date");
    expect(unknownResponse.status).toBe(knownResponse.status);
    expect(headers(unknownResponse)).toEqual(headers(knownResponse));
    expect(await unknownResponse.text()).toBe(await knownResponse.text());
    expect((await waitForEmail(mailUrl, known.email)).subject).toBe("Reset your Comptoir password");
  });

  it("refuses a sixth request for one email within an hour with 429 in English and French, whether or not the email has an account", async () => {
    const company = await makeCompany();
    const known = await addUser(company.companyId);
    for (const email of [known.email, unique("nobody")]) {
      for (let i = 0; i < 5; i++) expect((await post("/api/v1/password-reset", { email })).status).toBe(202);
      const refused = await post("/api/v1/password-reset", { email });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({
        error: { code: "rate_limited", message: "Too many attempts, please wait before trying again" },
      });
      const french = await post("/api/v1/password-reset", { email }, { "accept-language": "fr" });
      expect(await french.json()).toMatchObject({ error: { message: "Trop de tentatives, veuillez patienter avant de réessayer" } });
    }
    // The emails go through the outbox and the queue (a batch window of a second): wait for them, then for any extra one.
    await expect.poll(async () => (await emailsTo(mailUrl, known.email)).length, { timeout: 10_000 }).toBe(5);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await emailsTo(mailUrl, known.email)).length).toBe(5);
  });

  it("refuses the 21st request from one address within an hour, whatever the emails", async () => {
    const address = `198.51.100.${Math.floor(Math.random() * 250)}-${Date.now().toString(36)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await post("/api/v1/password-reset", { email: unique("spread") }, { "cf-connecting-ip": address })).status);
    expect(statuses.slice(0, 20).every((s) => s === 202)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another address is not held back.
    expect((await post("/api/v1/password-reset", { email: unique("spread") }, { "cf-connecting-ip": `${address}-other` })).status).toBe(
      202,
    );
  });

  it("lets only 5 of 20 simultaneous requests for one email through", async () => {
    const email = unique("burst");
    const responses = await Promise.all(Array.from({ length: 20 }, () => post("/api/v1/password-reset", { email })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });
});
