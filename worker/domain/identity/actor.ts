import { DomainError } from "../shared/domain-error";
import type { PublicCapability } from "./permissions";

/** Who is making a request, and in which company. */
export interface CompanyRef {
  id: string;
  label: string;
  status: "trial" | "subscribed" | "paused" | "suspended" | "cancelled" | "trial_ended";
  frozen: boolean;
  trialEndsAt: number | null;
  /** A cancelled subscription's paid period ends here: full access until then, read-only after. */
  accessEndsAt: number | null;
  databaseUrl: string;
  schemaVersion: number;
}

export type Actor =
  | {
      kind: "user";
      sessionId: string;
      userId: string;
      email: string;
      firstName: string;
      lastName: string;
      language: "en" | "fr";
      /** IANA zone in which the user reads dates and times. */
      timezone: string;
      company: CompanyRef;
      permissions: string[];
      isAdmin: boolean;
      /** This user may not sell or take stock below zero, whatever the company says (stock/selling-rule.ts). */
      preventNegativeInventory: boolean;
      /** Confined to /setup until onboarding is finished. */
      sendToWizard: boolean;
      /** Set for B2B users: the customer they order for; they are confined to the store. */
      customerId: string | null;
    }
  | {
      kind: "api_token";
      tokenId: string;
      /** The user who made it: its permissions are its scopes that this user still holds. */
      creatorId: string;
      company: CompanyRef;
      permissions: string[];
    }
  | SystemActor
  | VisitorActor;

/**
 * The system acting for a company: queue consumers and cron triggers. It holds every permission
 * a verb may ask for, and names what started the work for logs and ledgers.
 */
export interface SystemActor {
  kind: "system";
  company: CompanyRef;
  permissions: string[];
  /** "queue:comptoir-jobs", "cron:* * * * *", "durable-object:…" */
  source: string;
}

/**
 * Someone not signed in, on a public page of a company (its store's login and access form, a
 * public invoice): holds only that page's capability, never a permission of the back office or
 * of the store, so every verb but that page's own refuses it.
 */
export interface VisitorActor {
  kind: "visitor";
  company: CompanyRef;
  permissions: PublicCapability[];
  /** "store:visitor", for logs. */
  source: string;
}

/** The company part of an actor, from a row of the control database's companies table. */
export function companyRef(row: CompanyRef & Record<string, unknown>): CompanyRef {
  const { id, label, status, frozen, trialEndsAt, accessEndsAt, databaseUrl, schemaVersion } = row;
  return { id, label, status, frozen, trialEndsAt: trialEndsAt ?? null, accessEndsAt: accessEndsAt ?? null, databaseUrl, schemaVersion };
}

export type UserActor = Extract<Actor, { kind: "user" }>;

/** The person acting, for what belongs to a person (their invitations, their session): an API token or the system gets `forbidden`. */
export function signedInUser(actor: Actor): UserActor {
  if (actor.kind !== "user") throw new DomainError("forbidden");
  return actor;
}

/**
 * Staff viewing the store as one of the company's customers: they hold b2b_portal and have chosen
 * a customer. Only then do the holder's restrictions apply (platform spec §6: no company switch,
 * no Settings entry, Leave store instead of logout); an administrator holding it keeps the back office.
 */
export function viewingStoreAsCustomer(actor: Actor): boolean {
  return actor.kind === "user" && actor.customerId !== null && actor.permissions.includes("b2b_portal");
}

/** A user ordering for a customer: a B2B user, or staff viewing the store as one. The back office is closed to them. */
export function confinedToStore(actor: Actor): boolean {
  return actor.kind === "user" && actor.customerId !== null;
}

/**
 * Whether the actor may act in its company at all, and where (platform spec §5, §6): a visitor
 * only through its public page's verbs; nobody but the system while the company is frozen; a
 * user ordering for a customer only in the store. The API's gate and every verb's ask this.
 */
export function assertMayAct(actor: Actor, where: "back_office" | "store" | "anywhere"): void {
  if (actor.kind === "visitor") throw new DomainError("forbidden");
  if (actor.kind !== "system" && actor.company.frozen) throw new DomainError("access_frozen");
  if (where === "back_office" && confinedToStore(actor)) throw new DomainError("forbidden");
  if (where === "store" && !confinedToStore(actor)) throw new DomainError("forbidden");
}

/** The company status as users see it: a trial past its end date reads 'trial_ended'. */
export function effectiveStatus(company: CompanyRef, now = Date.now()): CompanyRef["status"] {
  if (company.status === "trial" && company.trialEndsAt !== null && company.trialEndsAt <= now) return "trial_ended";
  return company.status;
}

/**
 * Why the company may only be read, or null when it may be written (decision 049): an ended trial,
 * a payment that failed (suspended), a paused subscription, or a cancelled one past the end of
 * its paid period. Reading, exporting, the account's own settings and the onboarding stay open,
 * and no data is ever removed: paying or reactivating gives everything back.
 */
export function readOnlyReason(company: CompanyRef, now = Date.now()): ReadOnlyReason | null {
  const status = effectiveStatus(company, now);
  if (status === "trial_ended") return "account_trial_ended";
  if (status === "suspended") return "account_suspended";
  if (status === "paused") return "account_paused";
  if (status === "cancelled" && (company.accessEndsAt === null || company.accessEndsAt <= now)) return "account_cancelled";
  return null;
}

export type ReadOnlyReason = "account_trial_ended" | "account_suspended" | "account_paused" | "account_cancelled";

/** Refuses a write in a company that may only be read (the system's own work, queued before, goes on). */
export function assertMayWrite(actor: Actor, now = Date.now()): void {
  if (actor.kind === "system") return;
  const reason = readOnlyReason(actor.company, now);
  if (reason) throw new DomainError(reason);
}
