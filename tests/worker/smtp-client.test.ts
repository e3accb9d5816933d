import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { sendSmtpTestEmail } from "../../worker/domain/settings/smtp-settings/send-smtp-test-email";
import type { Bindings } from "../../worker/env";
import { smtpMailer, type SmtpSettings } from "../../worker/integrations/mail/smtp-mailer";
import { consumeOutboxMessage } from "../../worker/queues/outbox";
import { ctxOf, makeCompany } from "../support/factories";
import { consumerDeps } from "../support/outbox";
import { emailsTo, waitForEmail } from "../support/sink-client";

const bindings = env as unknown as Bindings & { TEST_MAIL_URL: string; SMTP_PORT: string; TEST_SMTP_PORTS: string };
const mailUrl = bindings.TEST_MAIL_URL;
const ports = JSON.parse(bindings.TEST_SMTP_PORTS) as Record<"plain" | "login", number>;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const server = (port: number, more: Partial<SmtpSettings> = {}): SmtpSettings => ({
  SMTP_HOST: "127.0.0.1",
  SMTP_PORT: port,
  SMTP_SECURITY: "none",
  MAIL_FROM: "Maison Durand <factures@durand.example>",
  ...more,
});
const composed = (to: string, more: object = {}) => ({
  to: [to],
  cc: [],
  bcc: [],
  subject: "Votre devis",
  text: "Bonjour",
  html: "<p>Bonjour</p>",
  attachments: [],
  ...more,
});

describe("the SMTP client", () => {
  it.each([
    ["PLAIN", ports.plain],
    ["LOGIN", ports.login],
  ])("signs in with AUTH %s when the server offers only that, and the message arrives", async (_, port) => {
    const to = `signed-in-${unique()}@example.test`;
    await smtpMailer(server(port, { SMTP_USER: "mailer", SMTP_PASSWORD: "s3cret-Pass" })).sendComposed(composed(to));
    expect((await waitForEmail(mailUrl, to)).from).toBe("factures@durand.example");
  });

  it("fails with the server's answer when the password is wrong or missing, and sends nothing", async () => {
    const to = `refused-${unique()}@example.test`;
    await expect(
      smtpMailer(server(ports.plain, { SMTP_USER: "mailer", SMTP_PASSWORD: "wrong" })).sendComposed(composed(to)),
    ).rejects.toThrow(/sign-in refused: 535/);
    await expect(smtpMailer(server(ports.login)).sendComposed(composed(to))).rejects.toThrow(/MAIL FROM refused: 530/);
    expect(await emailsTo(mailUrl, to)).toEqual([]);
  });

  it("refuses to send in clear when STARTTLS is asked for and the server does not offer it", async () => {
    const to = `clear-${unique()}@example.test`;
    await expect(smtpMailer(server(Number(bindings.SMTP_PORT), { SMTP_SECURITY: "starttls" })).sendComposed(composed(to))).rejects.toThrow(
      /does not offer STARTTLS/,
    );
    expect(await emailsTo(mailUrl, to)).toEqual([]);
  });

  it("carries lines starting with a dot, long lines, accents and a file with an accented name unchanged", async () => {
    const to = `dots-${unique()}@example.test`;
    const cc = `copy-${unique()}@example.test`;
    const hidden = `hidden-${unique()}@example.test`;
    const text = [".", "..", ".leading dot", "a line.", `${"long words ".repeat(30)}end`, "Éléonore : 12,50 € — façade", "", "."].join(
      "\n",
    );
    const subject = `Devis n°42 — Éléonore ${"très ".repeat(20)}long`;
    const pdf = btoa("%PDF-1.4 fake\n".repeat(200));
    await smtpMailer(server(Number(bindings.SMTP_PORT))).sendComposed(
      composed(to, {
        cc: [cc],
        bcc: [hidden],
        subject,
        text,
        html: "<p>.</p>\n.\n<p>Éléonore</p>",
        attachments: [{ filename: "Devis n°42 (façade).pdf", content: pdf, mimeType: "application/pdf" }],
      }),
    );
    const mail = await waitForEmail(mailUrl, to);
    expect(mail.to).toEqual([to, cc, hidden]);
    expect(mail.subject).toBe(subject);
    expect(mail.text.replace(/\n$/, "")).toBe(text);
    expect(mail.html).toBe("<p>.</p>\n.\n<p>Éléonore</p>");
    expect(mail.attachments).toEqual([
      expect.objectContaining({ filename: "Devis n°42 (façade).pdf", contentType: "application/pdf", size: 14 * 200 }),
    ]);
  });

  it("refuses a company's server saved on an internal address before the rule, right before connecting, and sends nothing", async () => {
    const company = await makeCompany();
    // The local sink under another name: without the check the Worker would connect and deliver.
    await company.db
      .insert(tenantSchema.smtpSettings)
      .values({ id: 1, host: "localhost", port: Number(bindings.SMTP_PORT), security: "none", fromAddress: "factures@durand.example" });
    const to = `internal-${unique()}@example.test`;
    await sendSmtpTestEmail(await ctxOf(company), { to });
    const [row] = await company.db.select().from(tenantSchema.outbox);
    const message = {
      type: "company_outbox" as const,
      companyId: company.companyId,
      outboxId: row!.id,
      topic: row!.topic,
      payload: row!.payload,
    };
    await expect(consumeOutboxMessage(consumerDeps(), message)).rejects.toThrow(/localhost is not a public address/);
    expect(await emailsTo(mailUrl, to)).toEqual([]);
  });
});
