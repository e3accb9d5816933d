import type { Settings } from "../../env";
import { smtpHostRefusal } from "../../domain/shared/internal-hosts";
import type { ComposedEmail, EmailMessage, Mailer } from "./mailer";
import { buildMimeMessage, type MimeEmail } from "./mime-message";
import { parseMailbox, renderEmail } from "./render-email";
import { SMTP_BOUNDS, sendOverSmtp, SmtpError, type SmtpBounds } from "./smtp-client";

export type SmtpSettings = Pick<Settings, "SMTP_HOST" | "SMTP_PORT" | "SMTP_SECURITY" | "SMTP_USER" | "SMTP_PASSWORD" | "MAIL_FROM">;

export interface SmtpMailerOptions {
  /**
   * A company's own server: refused on an internal address unless it is one of these `host:port`
   * (checked again before each connection, as a row may predate the rule). The platform's own
   * server is the operator's choice and is never checked.
   */
  companyServer?: { privateHosts: readonly string[] };
  /** Shorter bounds than SMTP_BOUNDS (tests). */
  bounds?: SmtpBounds;
}

/**
 * Sends email through the configured SMTP server (a connection per message: Workers cannot
 * keep one between requests). Failures are logged here, where their cause is known.
 */
export function smtpMailer(settings: SmtpSettings, options: SmtpMailerOptions = {}): Mailer {
  const deliver = async (what: string, email: Omit<MimeEmail, "from">, bcc: string[], fromName?: string) => {
    const recipients = [...email.to, ...email.cc, ...bcc];
    if ([...recipients, email.replyTo ?? ""].some((address) => /[\r\n<>,;]/.test(address))) throw new Error("invalid recipient address");
    // Kept to what every reader shows as one name: no control character, quote nor backslash.
    if (fromName !== undefined && /[\p{Cc}"\\]/u.test(fromName)) throw new Error("invalid sender name");
    const mailbox = parseMailbox(settings.MAIL_FROM);
    try {
      if (options.companyServer && smtpHostRefusal(settings.SMTP_HOST, settings.SMTP_PORT, options.companyServer.privateHosts))
        throw new SmtpError(`${settings.SMTP_HOST} is not a public address: the company's server is refused`);
      const message = buildMimeMessage({ from: fromName ? { name: fromName, email: mailbox.email } : mailbox, ...email });
      await sendOverSmtp(
        {
          host: settings.SMTP_HOST,
          port: settings.SMTP_PORT,
          security: settings.SMTP_SECURITY,
          ...(settings.SMTP_USER ? { username: settings.SMTP_USER, password: settings.SMTP_PASSWORD ?? "" } : {}),
        },
        { from: mailbox.email, recipients, message },
        options.bounds ?? SMTP_BOUNDS,
      );
    } catch (error) {
      console.error(`email "${what}" not sent through ${settings.SMTP_HOST}:${settings.SMTP_PORT}:`, error);
      throw error;
    }
  };
  return {
    async send(message: EmailMessage) {
      const { subject, text, html } = renderEmail(message);
      await deliver(message.template, { to: [message.to], cc: [], subject, text, html, attachments: message.attachments ?? [] }, []);
    },
    async sendComposed(email: ComposedEmail) {
      const { to, cc, bcc, subject, text, html, attachments, fromName, replyTo } = email;
      await deliver(subject, { to, cc, ...(replyTo ? { replyTo } : {}), subject, text, html, attachments }, bcc, fromName);
    },
  };
}
