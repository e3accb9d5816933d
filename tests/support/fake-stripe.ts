import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { Ctx } from "../../worker/domain/shared/ctx";
import { finishCardSetup, saveBillingInformation, startCardSetup } from "../../worker/domain/billing/account";

/** The tests' Stripe fake (globalSetup starts it; STRIPE_API_URL names it). */
export const stripeUrl = (env as unknown as { STRIPE_API_URL: string }).STRIPE_API_URL;

/** What the fake holds, as its control route answers it. */
export async function fakeStripeState(): Promise<{
  customers: { id: string; metadata: Record<string, string>; invoice_settings: { default_payment_method: string | null } }[];
  subscriptions: {
    id: string;
    customer: string;
    status: string;
    cancel_at_period_end: boolean;
    pause_collection: unknown;
    discounts: string[];
    default_payment_method: string | null;
    items: { data: { id: string; quantity: number; price: { product: string; unit_amount: number; currency: string } }[] };
  }[];
  requests: { method: string; path: string; idempotencyKey: string | null }[];
}> {
  return (await (await fetch(`${stripeUrl}/_fake/state`)).json()) as never;
}

/** A signed event the fake makes (changing the subscription as Stripe would), not delivered: the test posts it. */
export async function fakeStripeEvent(
  type: string,
  subscription: string,
): Promise<{ event: { id: string; created: number }; payload: string; signature: string }> {
  const response = await fetch(`${stripeUrl}/_fake/events`, {
    method: "POST",
    body: JSON.stringify({ type, subscription, deliver: false }),
  });
  if (!response.ok) throw new Error(`the fake Stripe answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as never;
}

export const BILLING_INFORMATION = {
  name: "Ada Admin",
  email: "billing@example.test",
  address1: "1 rue de la Paix",
  city: "Paris",
  postal_code: "75002",
  country: "fr",
};

/** Types a card on the fake's hosted page of a setup session, as a browser would; answers the session id Stripe sends back. */
export async function enterCard(url: string, number = "4242 4242 4242 4242"): Promise<string> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ card_number: number, expiry: "12/34", cvc: "123", name: "Ada Admin" }).toString(),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get("location")!);
  return location.searchParams.get("session_id")!;
}

/** Billing information and a card saved, through the verbs the checkout pages call. */
export async function withCard(ctx: Ctx, number?: string): Promise<void> {
  await saveBillingInformation(ctx, BILLING_INFORMATION);
  const { url } = await startCardSetup(ctx, {
    successUrl: "https://app.test/account-settings/payment-information?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "https://app.test/account-settings/payment-information",
  });
  await finishCardSetup(ctx, await enterCard(url, number));
}
