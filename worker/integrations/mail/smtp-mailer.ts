import { LogLevel, WorkerMailer, type WorkerMailerOptions } from "worker-mailer";
import type { Settings } from "../../env";
import type { EmailMessage, Mailer } from "./mailer";
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
  return {
    async send(message: EmailMessage) {
      if (/[\r\n<>,;]/.test(message.to)) throw new Error("invalid recipient address");
      const { subject, text, html } = renderEmail(message);
      let mailer: WorkerMailer | undefined;
      try {
        mailer = await WorkerMailer.connect(smtpOptions(settings));
        await mailer.send({ from: parseMailbox(settings.MAIL_FROM), to: message.to, subject, text, html });
      } catch (error) {
        console.error(`email "${message.template}" not sent through ${settings.SMTP_HOST}:${settings.SMTP_PORT}:`, error);
        throw error;
      } finally {
        await mailer?.close().catch(() => {});
      }
    },
  };
}
