import { LogLevel, WorkerMailer, type EmailOptions, type WorkerMailerOptions } from "worker-mailer";
import type { Settings } from "../../env";
import type { ComposedEmail, EmailMessage, Mailer } from "./mailer";
import { parseMailbox, renderEmail } from "./render-email";

export type SmtpSettings = Pick<Settings, "SMTP_HOST" | "SMTP_PORT" | "SMTP_SECURITY" | "SMTP_USER" | "SMTP_PASSWORD" | "MAIL_FROM">;

const TIMEOUT_MS = 10_000;

export function smtpOptions(settings: SmtpSettings): WorkerMailerOptions {
  return {
    host: settings.SMTP_HOST,
    port: settings.SMTP_PORT,
    secure: settings.SMTP_SECURITY === "tls",
    // worker-mailer upgrades whenever the server offers STARTTLS unless told not to.
    startTls: settings.SMTP_SECURITY === "starttls",
    ...(settings.SMTP_USER ? { credentials: { username: settings.SMTP_USER, password: settings.SMTP_PASSWORD ?? "" } } : {}),
    authType: ["plain", "login", "cram-md5"],
    // Its timeout for each answer is taken from socketTimeoutMs.
    socketTimeoutMs: TIMEOUT_MS,
    responseTimeoutMs: TIMEOUT_MS,
    logLevel: LogLevel.NONE,
  };
}

/**
 * Sends email through the configured SMTP server (a connection per message: Workers cannot
 * keep one between requests). Failures are logged here, where their cause is known.
 */
export function smtpMailer(settings: SmtpSettings): Mailer {
  const deliver = async (what: string, email: Omit<EmailOptions, "from">, fromName?: string) => {
    const recipients = [email.to, email.cc ?? [], email.bcc ?? [], email.reply ?? []].flat() as string[];
    if (recipients.some((address) => /[\r\n<>,;]/.test(address))) throw new Error("invalid recipient address");
    // worker-mailer puts the name between quotes as it is: nothing in it may close them or end the line.
    if (fromName !== undefined && /[\p{Cc}"\\]/u.test(fromName)) throw new Error("invalid sender name");
    const mailbox = parseMailbox(settings.MAIL_FROM);
    let mailer: WorkerMailer | undefined;
    try {
      mailer = await WorkerMailer.connect(smtpOptions(settings));
      await mailer.send({ from: fromName ? { name: fromName, email: mailbox.email } : mailbox, ...email });
    } catch (error) {
      console.error(`email "${what}" not sent through ${settings.SMTP_HOST}:${settings.SMTP_PORT}:`, error);
      throw error;
    } finally {
      await mailer?.close().catch(() => {});
    }
  };
  return {
    async send(message: EmailMessage) {
      const { subject, text, html } = renderEmail(message);
      await deliver(message.template, { to: message.to, subject, text, html });
    },
    async sendComposed(email: ComposedEmail) {
      const { to, cc, bcc, subject, text, html, attachments, fromName, replyTo } = email;
      await deliver(
        subject,
        { to, ...(cc.length ? { cc } : {}), ...(bcc.length ? { bcc } : {}), ...(replyTo ? { reply: replyTo } : {}), subject, text, html, attachments },
        fromName,
      );
    },
  };
}
