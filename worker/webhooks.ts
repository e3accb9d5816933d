import { Hono } from "hono";
import type { RequestContext } from "./context";
import { handleStripeWebhook } from "./domain/billing/stripe-webhook";
import type { Bindings } from "./env";
import { stripeFromSettings } from "./integrations/stripe/client";

/** Stripe's events are small; a larger body is not one of them. */
const MAX_EVENT_BYTES = 512 * 1024;

/**
 * Events posted by other services, mounted at /webhooks: no session and no CSRF token, each
 * request proven by its own signature instead.
 */
export function webhooksRouter() {
  return new Hono<{ Bindings: Bindings; Variables: { ctx: RequestContext } }>().post("/stripe", async (c) => {
    const ctx = c.get("ctx");
    if (Number(c.req.header("content-length") ?? 0) > MAX_EVENT_BYTES) return c.json({ error: "too large" }, 413);
    const rawBody = await c.req.text();
    if (rawBody.length > MAX_EVENT_BYTES) return c.json({ error: "too large" }, 413);
    const outcome = await handleStripeWebhook({
      control: ctx.control,
      stripe: stripeFromSettings(ctx.env.settings),
      webhookSecret: ctx.env.settings.STRIPE_WEBHOOK_SECRET,
      rawBody,
      signature: c.req.header("stripe-signature"),
      now: Date.now(),
    });
    if (outcome.status === 200) return c.json({ received: true, result: outcome.result }, 200);
    if (outcome.status === 400) return c.json({ error: "invalid signature or event" }, 400);
    return c.json({ error: "try again later" }, 503);
  });
}
