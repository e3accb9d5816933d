import { env } from "cloudflare:test";
import type { FakeDohAnswer } from "./fake-doh-server";

/** Sets what the tests' DNS-over-HTTPS server answers for a name (globalSetup starts it; DNS_OVER_HTTPS_URL names it). */
export async function answerDns(name: string, answer: FakeDohAnswer): Promise<void> {
  const url = new URL("/records", (env as unknown as { DNS_OVER_HTTPS_URL: string }).DNS_OVER_HTTPS_URL);
  const response = await fetch(url, { method: "PUT", body: JSON.stringify({ name, answer }) });
  if (response.status !== 204) throw new Error(`the fake DNS server answered ${response.status}`);
}
