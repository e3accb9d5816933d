// The builders of a verb's Ctx, one per kind of caller. Each is a few lines over the same
// makeCtx: the verbs cannot tell a page from the API, a Durable Object, a queue or a cron.
import { eq } from "drizzle-orm";
import { controlSchema } from "../db/client";
import { openCompanyDatabase } from "../db/tenants";
import { controlFor, provisionerFor, type RequestContext } from "./context";
import { companyRef, type Actor, type CompanyRef, type SystemActor, type VisitorActor } from "./domain/identity/actor";
import { ADMINISTRATOR_PERMISSIONS, type PublicCapability } from "./domain/identity/permissions";
import { makeCtx, type Ctx } from "./domain/shared/ctx";
import { DomainError } from "./domain/shared/domain-error";
import { DEFAULT_LOCALE, type Locale } from "./domain/shared/locale";
import { secretBox } from "./domain/shared/secret-box";
import type { Env } from "./env";
import { stripeFromSettings } from "./integrations/stripe/client";

/** Loaders, actions and API handlers: the signed-in actor and its company's database. */
export async function ctxFromRequest(rc: RequestContext): Promise<Ctx> {
  if (!rc.actor) throw new DomainError("unauthenticated");
  return makeCtx({
    db: await rc.tenant(),
    control: rc.control,
    actor: rc.actor,
    locale: rc.locale,
    files: rc.env.bindings.FILES,
    secrets: secretBox(() => rc.env.settings.SESSION_SECRET, rc.actor.company.id),
    privateSmtpHosts: rc.env.settings.SMTP_ALLOWED_PRIVATE_HOSTS,
    stripe: stripeFromSettings(rc.env.settings),
  });
}

/** A Durable Object acting for the actor that called it (the cart for its user, for example). */
export async function ctxFromDurableObject(env: Env, actor: Actor, locale: Locale = DEFAULT_LOCALE): Promise<Ctx> {
  const control = controlFor(env);
  return makeCtx({
    db: await openCompanyDatabase(control, provisionerFor(env), actor.company),
    control,
    actor,
    locale,
    files: env.bindings.FILES,
    secrets: secretBox(() => env.settings.SESSION_SECRET, actor.company.id),
    privateSmtpHosts: env.settings.SMTP_ALLOWED_PRIVATE_HOSTS,
  });
}

/** A queue consumer working for the company a message names. */
export function ctxFromQueueMessage(env: Env, companyId: string, queue: string): Promise<Ctx> {
  return systemCtx(env, companyId, `queue:${queue}`);
}

/** A cron trigger's work for one company. */
export function ctxFromCron(env: Env, companyId: string, cron: string): Promise<Ctx> {
  return systemCtx(env, companyId, `cron:${cron}`);
}

/** A visitor of a company's store who is not signed in (its login and access form): it may only do what that page does. */
export function ctxForStoreVisitor(env: Env, companyId: string): Promise<Ctx> {
  return ctxForPublicPage(env, companyId, "public_store", "store:visitor");
}

/** A visitor of an invoice's public page (invoices/public-invoice.ts): no sign-in, no permission, the page's capability alone. */
export function ctxForPublicInvoice(env: Env, companyId: string): Promise<Ctx> {
  return ctxForPublicPage(env, companyId, "public_invoice", "invoice:public");
}

/** A visitor of one of a company's public pages: an actor holding that page's capability alone (the public invoice page's too). */
export function ctxForPublicPage(env: Env, companyId: string, capability: PublicCapability, source: string): Promise<Ctx> {
  return companyCtx(env, companyId, (company): VisitorActor => ({ kind: "visitor", company, permissions: [capability], source }));
}

function systemCtx(env: Env, companyId: string, source: string): Promise<Ctx> {
  return companyCtx(env, companyId, (company): SystemActor => ({
    kind: "system",
    company,
    permissions: [...ADMINISTRATOR_PERMISSIONS],
    source,
  }));
}

async function companyCtx(env: Env, companyId: string, actorOf: (company: CompanyRef) => Actor): Promise<Ctx> {
  const control = controlFor(env);
  const row = await control.query.companies.findFirst({ where: eq(controlSchema.companies.id, companyId) });
  if (!row) throw new DomainError("not_found");
  const actor = actorOf(companyRef(row));
  const db = await openCompanyDatabase(control, provisionerFor(env), actor.company);
  return makeCtx({
    db,
    control,
    actor,
    locale: DEFAULT_LOCALE,
    files: env.bindings.FILES,
    secrets: secretBox(() => env.settings.SESSION_SECRET, companyId),
    privateSmtpHosts: env.settings.SMTP_ALLOWED_PRIVATE_HOSTS,
  });
}
