// Reads the SMTP sink's messages over HTTP: usable from Node and from inside workerd alike.

import type { ReceivedEmail } from "../../scripts/lib/smtp-sink";

export type { ReceivedEmail };

/** The emails received so far for one address. */
export async function emailsTo(mailUrl: string, to: string): Promise<ReceivedEmail[]> {
  const response = await fetch(`${mailUrl}/messages?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`the mail sink answered ${response.status}`);
  return (await response.json()) as ReceivedEmail[];
}

/** Polls until an email to `to` matching `predicate` has arrived. */
export async function waitForEmail(
  mailUrl: string,
  to: string,
  predicate: (message: ReceivedEmail) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<ReceivedEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await emailsTo(mailUrl, to)).find(predicate);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no email to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first absolute link of an email's text. */
export function firstLink(message: ReceivedEmail): URL {
  const match = message.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in the email "${message.subject}"`);
  return new URL(match[0]);
}
