import { controlFor } from "./context";
import { ctxFromCron } from "./ctx";
import { billDueSubscriptions, type BillingRun } from "./domain/subscriptions/bill-subscriptions";
import type { Env } from "./env";
import { companiesToSweep } from "./queues/outbox";

/** Companies billed at once by one run: enough to keep a minute's run short, few enough not to open every database together. */
const COMPANIES_AT_ONCE = 4;

/**
 * The cron's subscription billing: each company in turn (a few at once), in its own ctx, its work
 * bounded (billDueSubscriptions); a company that fails is logged and the others are billed all the
 * same. What one run leaves (a failure, more than its bound) the next minute's run takes up.
 */
export async function billSubscriptions(env: Env, cron: string): Promise<Map<string, BillingRun | Error>> {
  const companies = await companiesToSweep(controlFor(env));
  const runs = new Map<string, BillingRun | Error>();
  for (let i = 0; i < companies.length; i += COMPANIES_AT_ONCE) {
    await Promise.all(
      companies.slice(i, i + COMPANIES_AT_ONCE).map(async (company) => {
        try {
          runs.set(company.id, await billDueSubscriptions(await ctxFromCron(env, company.id, cron)));
        } catch (error) {
          console.error(`subscriptions of company ${company.id} not billed`, error);
          runs.set(company.id, error instanceof Error ? error : new Error(String(error)));
        }
      }),
    );
  }
  return runs;
}
