import { z } from "zod";
import type { TxtResolver } from "../../domain/store/settings/verify-store-domain";

/** How long a lookup may take: a DNS-over-HTTPS server that hangs fails the check after this. */
export const DOH_DEADLINE_MS = 5_000;

/** The JSON answer of DNS over HTTPS (`application/dns-json`, as Cloudflare and Google document it). */
const DohAnswer = z.object({
  Status: z.number().int(),
  Answer: z.array(z.object({ type: z.number().int(), data: z.string() })).optional(),
});

const TXT = 16;
const NXDOMAIN = 3;

/**
 * TXT lookups through a DNS-over-HTTPS server's JSON API: `GET <endpoint>?name=…&type=TXT` with
 * `accept: application/dns-json`. A name that does not exist has no records; any other failure
 * (the connection closed, no answer within the deadline, an answer that is not the API's) rejects.
 */
export function dohTxtResolver(endpoint: string, deadlineMs = DOH_DEADLINE_MS): TxtResolver {
  return {
    async txt(name) {
      const url = new URL(endpoint);
      url.searchParams.set("name", name);
      url.searchParams.set("type", "TXT");
      const signal = AbortSignal.timeout(deadlineMs);
      const response = await fetch(url, { headers: { accept: "application/dns-json" }, signal });
      if (!response.ok) throw new Error(`DNS over HTTPS answered ${response.status}`);
      const answer = DohAnswer.parse(await response.json());
      if (answer.Status === NXDOMAIN) return [];
      if (answer.Status !== 0) throw new Error(`DNS over HTTPS answered status ${answer.Status}`);
      return (answer.Answer ?? []).filter((record) => record.type === TXT).map((record) => txtText(record.data));
    },
  };
}

/** A TXT record's text from its presentation form: one or more quoted strings (`"abc" "def"`), joined, escapes undone. */
export function txtText(data: string): string {
  const strings = [...data.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\(.)/g, "$1"));
  return strings.length ? strings.join("") : data;
}
