import { data, redirect } from "react-router";
import { z } from "zod";
import type { RequestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { accountMoves } from "../../../worker/domain/billing/account-moves";
import {
  accountInvoices,
  applyPromoCode,
  billingOverview,
  cancelSubscription,
  confirmOrder,
  finishCardSetup,
  pauseSubscription,
  previewQuote,
  reactivateSubscription,
  saveBillingInformation,
  startCardSetup,
  type BillingOverview,
} from "../../../worker/domain/billing/account";
import { BILLING_CURRENCIES, BILLING_PERIODS, PLANS, PLAN_TERMS, type BillingCurrency } from "../../../worker/domain/billing/plans";
import { companyFormat } from "../../../worker/domain/settings/company-settings/company-format";
import { countryNames } from "../../../worker/domain/shared/countries";
import type { Ctx } from "../../../worker/domain/shared/ctx";
import type { ErrorCode } from "../../../worker/domain/shared/domain-error";
import { pageUrl, requirePage } from "../../../worker/guards";
import {
  ACCOUNT_PATH,
  BILLING_FIELDS,
  CHECKOUT_STEPS,
  checkoutPath,
  readCheckoutSegments,
  type CheckoutChoice,
  type CheckoutParams,
  type CheckoutStep,
} from "../../components/account/checkout-path";
import { formAction, recoverFrom } from "../../server/form-page.server";
import { promoCodeFromCookie, rememberPromoCode } from "../../server/promo-code.server";

/** The account page and the checkout: each loader and action calls one verb or one view of the billing domain. */

const ACCESS = { allOf: ["account_settings"] } as const;
const NOTICES = ["cancelled", "paused", "reactivated", "card_updated", "promo_applied", "promo_removed"] as const;
export type Notice = (typeof NOTICES)[number];
const noticeOf = (url: URL): Notice | null => NOTICES.find((n) => n === url.searchParams.get("notice")) ?? null;

/** Stripe puts the session's id in place of this placeholder when it sends the browser back. */
const SESSION_PLACEHOLDER = "{CHECKOUT_SESSION_ID}";

/** `path` with one more query parameter. */
const withQuery = (path: string, name: string, value: string) =>
  `${path}${path.includes("?") ? "&" : "?"}${name}=${encodeURIComponent(value)}`;

const CARD_PAGE_REFUSALS: ErrorCode[] = [
  "card_setup_not_completed",
  "card_declined",
  "card_admin_only",
  "billing_unavailable",
  "not_found",
  "validation_failed",
];
/**
 * Back from the payment provider's card page (`?session_id=`): the card is kept, then the browser
 * goes on to `next`; a refusal (a session that is not complete, the provider not answering) goes
 * back to `back` with its code, shown there.
 */
async function afterCardPage(ctx: Ctx, sessionId: string, next: string, back: string): Promise<never> {
  const refused = await recoverFrom(
    CARD_PAGE_REFUSALS,
    async () => {
      await finishCardSetup(ctx, sessionId);
      return null;
    },
    (error) => error.code,
  );
  throw redirect(refused ? withQuery(back, "card_error", refused) : next);
}

/** The code a page was sent back with (`?card_error=`), if it reads as one. */
function cardErrorOf(url: URL): string | null {
  const code = url.searchParams.get("card_error");
  return code && /^[a-z_]{1,64}$/.test(code) ? code : null;
}

// ── /account-settings ─────────────────────────────────────────────────────────────────────────

export async function accountLoader(rc: RequestContext, request: Request) {
  rememberPromoCode(request);
  const user = requirePage(request, rc, ACCESS);
  const url = pageUrl(request);
  const ctx = await ctxFromRequest(rc);
  // Back from the payment provider's card page (the "Update card" button below).
  const sessionId = url.searchParams.get("session_id");
  if (sessionId !== null) await afterCardPage(ctx, sessionId, `${ACCOUNT_PATH}?notice=card_updated`, ACCOUNT_PATH);
  // Invoices come from the payment provider: when it does not answer, the page still shows the account.
  const [overview, invoices] = await Promise.all([
    billingOverview(ctx),
    recoverFrom(
      ["billing_unavailable"],
      () => accountInvoices(ctx),
      () => null,
    ),
  ]);
  return {
    overview,
    invoices,
    moves: accountMoves({ ...overview, hasCard: overview.card !== null }, Date.now()),
    isAdmin: user.isAdmin,
    notice: noticeOf(url),
    cardError: cardErrorOf(url),
    currency: planCurrency(url) ?? overview.currency,
  };
}

/** The plan table's currency when the page asks for one (`?currency=eur`). */
function planCurrency(url: URL): BillingCurrency | null {
  const asked = url.searchParams.get("currency");
  return BILLING_CURRENCIES.find((c) => c === asked) ?? null;
}

export async function accountAction(rc: RequestContext, request: Request) {
  requirePage(request, rc, ACCESS);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const ctx = await ctxFromRequest(rc);
  const origin = pageUrl(request).origin;
  return formAction(
    async () => {
      switch (intent) {
        case "cancel": {
          // The verb checks the reason against its list; a blank comment is no comment.
          const comment = String(form.get("comment") ?? "").trim();
          await cancelSubscription(ctx, { reason: String(form.get("reason") ?? ""), ...(comment ? { comment } : {}) });
          return redirect(`${ACCOUNT_PATH}?notice=cancelled`);
        }
        case "pause":
          await pauseSubscription(ctx);
          return redirect(`${ACCOUNT_PATH}?notice=paused`);
        case "reactivate":
          // After the paid period has ended there is nothing to undo: a new checkout.
          return recoverFrom(
            ["no_active_subscription"],
            async () => {
              await reactivateSubscription(ctx);
              return redirect(`${ACCOUNT_PATH}?notice=reactivated`);
            },
            () => redirect(`${ACCOUNT_PATH}/monthly/pick-period`),
          );
        case "card": {
          const { url } = await startCardSetup(ctx, {
            successUrl: `${origin}${ACCOUNT_PATH}?session_id=${SESSION_PLACEHOLDER}`,
            cancelUrl: `${origin}${ACCOUNT_PATH}`,
          });
          return redirect(url);
        }
        default:
          throw data(null, { status: 400 });
      }
    },
    (refusal) => ({ ...refusal, intent }),
  );
}

// ── The checkout: /account-settings/{plan?}/{period}/{currency?}/{step} ─────────────────────

/** The add-on in the query: "1" or "0"; absent, null. */
function addonOf(url: URL): boolean | null {
  const value = url.searchParams.get("b2b_addon");
  return value === "1" ? true : value === "0" ? false : null;
}

/** The whole choice of a checkout address, or null when the plan or the currency was left out. */
function fullChoice(params: CheckoutParams, url: URL): CheckoutChoice | null {
  const segments = readCheckoutSegments(params);
  if (!segments) throw data(null, { status: 404 });
  const { plan, period, currency } = segments;
  if (!plan || !currency) return null;
  return { plan, period, currency, b2bAddon: PLAN_TERMS[plan].b2bIncluded || (addonOf(url) ?? false) };
}

/**
 * An address with segments left out is sent to its full form: the plan is the current one, else
 * premium; the currency the subscription's, else the company's own when it is one we bill in,
 * else USD; the add-on as the account has it.
 */
async function canonicalChoice(ctx: Ctx, params: CheckoutParams, url: URL, overview: BillingOverview) {
  const segments = readCheckoutSegments(params)!;
  const own = overview.currency ?? (segments.currency ? null : (await companyFormat(ctx)).currency.toLowerCase());
  const currency = segments.currency ?? BILLING_CURRENCIES.find((c) => c === own) ?? "usd";
  const plan = segments.plan ?? overview.plan ?? "premium";
  return { plan, period: segments.period, currency, b2bAddon: addonOf(url) ?? overview.b2bAddon } satisfies CheckoutChoice;
}

function stepOf(url: URL): CheckoutStep {
  return CHECKOUT_STEPS.find((s) => url.pathname.endsWith(`/${s}`))!;
}

export async function checkoutLoader(rc: RequestContext, request: Request, params: CheckoutParams) {
  rememberPromoCode(request);
  requirePage(request, rc, ACCESS);
  const url = pageUrl(request);
  const step = stepOf(url);
  const choice = fullChoice(params, url);
  const ctx = await ctxFromRequest(rc);
  // Back from the payment provider's card page: keep the card, then on to the order's summary.
  const sessionId = url.searchParams.get("session_id");
  if (choice && step === "payment-information" && sessionId !== null)
    await afterCardPage(ctx, sessionId, checkoutPath(choice, "confirm-order"), checkoutPath(choice, "payment-information"));
  // The order's summary is priced by the domain, with the stored promotion as the provider knows it.
  const [overview, quote] = await Promise.all([
    billingOverview(ctx),
    choice && step === "confirm-order"
      ? previewQuote(ctx, { plan: choice.plan, period: choice.period, currency: choice.currency, b2b_addon: choice.b2bAddon })
      : null,
  ]);
  if (!choice) throw redirect(checkoutPath(await canonicalChoice(ctx, params, url, overview), step));
  return {
    step,
    choice,
    overview,
    quote,
    countries: step === "billing-information" ? countryNames(rc.locale) : [],
    promoCode: overview.promoCode ?? promoCodeFromCookie(request),
    notice: noticeOf(url),
    cardError: cardErrorOf(url),
  };
}

const pickForm = z.object({
  plan: z.enum(PLANS),
  period: z.enum(BILLING_PERIODS),
  b2b_addon: z.boolean(),
});

export async function checkoutAction(rc: RequestContext, request: Request, params: CheckoutParams) {
  requirePage(request, rc, ACCESS);
  const url = pageUrl(request);
  const step = stepOf(url);
  const choice = fullChoice(params, url);
  if (!choice) throw data(null, { status: 404 });
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  const ctx = await ctxFromRequest(rc);
  switch (step) {
    case "pick-period": {
      // Only a choice between known words: anything else is the same page again.
      const picked = pickForm.safeParse({
        plan: text("plan") || choice.plan,
        period: text("period"),
        b2b_addon: form.get("b2b_addon") === "on",
      });
      if (!picked.success)
        return data({ error: "validation_failed", params: {}, fields: { period: { code: "required" } } }, { status: 422 });
      const next = { ...choice, plan: picked.data.plan, period: picked.data.period, b2bAddon: picked.data.b2b_addon };
      return redirect(checkoutPath(next, "billing-information"));
    }
    case "billing-information": {
      const values = Object.fromEntries(BILLING_FIELDS.map((f) => [f, text(f)]));
      return formAction(
        async () => {
          await saveBillingInformation(ctx, {
            ...values,
            address2: values.address2?.trim() || null,
            vat_number: values.vat_number?.trim() || null,
          });
          return redirect(checkoutPath(choice, "payment-information"));
        },
        (refusal) => ({ ...refusal, values }),
      );
    }
    case "payment-information": {
      const here = `${url.origin}${checkoutPath(choice, "payment-information")}`;
      return formAction(async () => {
        const { url: cardPage } = await startCardSetup(ctx, {
          // The placeholder is written as is: the provider looks for it in the address.
          successUrl: `${here}${here.includes("?") ? "&" : "?"}session_id=${SESSION_PLACEHOLDER}`,
          cancelUrl: here,
        });
        return redirect(cardPage);
      });
    }
    case "confirm-order": {
      const intent = text("intent");
      if (intent === "promo") {
        const code = text("promo_code").trim();
        return formAction(
          async () => {
            await applyPromoCode(ctx, code || null);
            return redirect(withQuery(checkoutPath(choice, "confirm-order"), "notice", code ? "promo_applied" : "promo_removed"));
          },
          (refusal) => ({ ...refusal, values: { promo_code: code } }),
        );
      }
      return formAction(async () => {
        await confirmOrder(ctx, {
          plan: choice.plan,
          period: choice.period,
          currency: choice.currency,
          b2b_addon: choice.b2bAddon,
          accept_card: form.get("accept_card") === "on",
          accept_terms: form.get("accept_terms") === "on",
        });
        return redirect(checkoutPath(choice, "confirmation"));
      });
    }
    default:
      throw data(null, { status: 405 });
  }
}
