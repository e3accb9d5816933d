// The outbox as the Worker runs it (decisions/013): dispatch after a request, the consumer's services, the cron's sweep.
import { openCompanyDatabase } from "../../db/tenants";
import { controlFor, provisionerFor, type RequestContext } from "../context";
import { ctxFromQueueMessage } from "../ctx";
import { ownSmtp } from "../domain/settings/smtp-settings/company-smtp";
import { secretBox } from "../domain/shared/secret-box";
import { outboxWritten } from "../domain/shared/outbox";
import type { Env } from "../env";
import { smtpMailer } from "../integrations/mail/smtp-mailer";
import {
  companiesToSweep,
  dispatchCompanyOutbox,
  dispatchControlOutbox,
  drainOutbox,
  OUTBOX_RETENTION_MS,
  purgeOutbox,
  type OutboxConsumerDeps,
} from "./outbox";

/**
 * Hands the outbox rows this request wrote to the queue once the answer and its deferred work
 * are done (decisions/013); the cron sweeps whatever this misses.
 */
export async function dispatchAfterResponse(ctx: RequestContext): Promise<void> {
  await Promise.allSettled(ctx.deferred);
  const queue = ctx.env.bindings.JOBS;
  const opened = ctx.openedTenant();
  const tenant = opened ? await opened.db.catch(() => undefined) : undefined;
  const own = outboxWritten(ctx.control);
  await Promise.all([
    own ? dispatchControlOutbox(ctx.control, queue, { only: own }) : null,
    // Oldest first, and past a backlog (an import's stock batches), so that this request's own rows go now.
    opened && tenant && outboxWritten(tenant)
      ? drainOutbox(() => dispatchCompanyOutbox(opened.companyId, tenant, queue), AFTER_RESPONSE_BATCHES)
      : null,
  ]).catch((error: unknown) => console.error("outbox dispatch failed, the cron will retry", error));
}

// Batches a request or a queue delivery dispatches at most (50 rows each); the cron takes the rest.
const AFTER_RESPONSE_BATCHES = 10;

/**
 * After a delivery of jobs, the rows their work wrote (an operation's stock batches, an email
 * another job asks for) go out at once rather than at the cron's next sweep.
 */
export async function dispatchAfterJobs(env: Env, batch: MessageBatch<unknown>): Promise<void> {
  const companies = new Set<string>();
  for (const message of batch.messages) {
    const body = message.body as { type?: unknown; companyId?: unknown };
    if (body?.type === "company_outbox" && typeof body.companyId === "string") companies.add(body.companyId);
  }
  for (const companyId of companies)
    try {
      const { db } = await ctxFromQueueMessage(env, companyId, "comptoir-jobs");
      await drainOutbox(() => dispatchCompanyOutbox(companyId, db, env.bindings.JOBS), AFTER_RESPONSE_BATCHES);
    } catch (error) {
      console.error(`outbox of company ${companyId} not dispatched after its jobs, the cron will retry`, error);
    }
}

/** The consumer as the Worker runs it: the control database, SMTP, and the company databases on demand. */
export function outboxConsumerDeps(env: Env): OutboxConsumerDeps {
  const control = controlFor(env);
  // A company's own server is checked again before each connection; the platform's is the operator's.
  const companyServer = { companyServer: { privateHosts: env.settings.SMTP_ALLOWED_PRIVATE_HOSTS } };
  return {
    control,
    mailer: smtpMailer(env.settings),
    companyMailer: async (db, companyId) => {
      const own = await ownSmtp(db, secretBox(env.settings.SESSION_SECRET, companyId));
      return own ? smtpMailer(own, companyServer) : smtpMailer(env.settings);
    },
    ownMailer: async (db, companyId) => {
      const own = await ownSmtp(db, secretBox(env.settings.SESSION_SECRET, companyId));
      return own && smtpMailer(own, companyServer);
    },
    secret: env.settings.SESSION_SECRET,
    // The company's database as every queue consumer gets it (an unknown company is refused, and retried).
    openCompany: async (companyId) => (await ctxFromQueueMessage(env, companyId, "comptoir-jobs")).db,
    companyCtx: (companyId) => ctxFromQueueMessage(env, companyId, "comptoir-jobs"),
    operationChannel: (companyId) => ({
      publish: async (userId, operation) => {
        await env.bindings.OPERATIONS.getByName(companyId).publish(userId, operation);
      },
    }),
  };
}

// A row younger than this is most likely being dispatched by its own request: sending it too would only make a duplicate.
const SWEEP_GRACE_MS = 30_000;

/** The cron's safety net: every outbox row a request's own dispatch missed goes out within a minute. */
export async function sweepOutboxes(env: Env, now = Date.now()): Promise<void> {
  const control = controlFor(env);
  const provisioner = provisionerFor(env);
  const queue = env.bindings.JOBS;
  const options = { createdBefore: now - SWEEP_GRACE_MS };
  // Old rows go once an hour, not at every tick.
  const purgeBefore = new Date(now).getUTCMinutes() === 0 ? now - OUTBOX_RETENTION_MS : null;
  await drainOutbox(() => dispatchControlOutbox(control, queue, options));
  if (purgeBefore !== null) await purgeOutbox(control, "control", purgeBefore);
  for (const company of await companiesToSweep(control)) {
    try {
      const db = await openCompanyDatabase(control, provisioner, company);
      await drainOutbox(() => dispatchCompanyOutbox(company.id, db, queue, options));
      if (purgeBefore !== null) await purgeOutbox(db, "company", purgeBefore);
    } catch (error) {
      console.error(`outbox of company ${company.id} not swept`, error);
    }
  }
}
