import { tenantSchema } from "../../../db/client";
import { requireBackOffice, type Ctx } from "../shared/ctx";
import { todayIn } from "../stock/common";
import { dueDate, type PaymentTerms } from "./payment-terms";

/**
 * What a customer's payment terms mean now: the due date of a document dated today. Documents
 * are dated in the company's time zone, so today is the company's, whoever reads it and wherever.
 */
export async function dueToday(ctx: Ctx, input: { terms: PaymentTerms }): Promise<string> {
  requireBackOffice(ctx);
  const { companySettings } = tenantSchema;
  const [row] = await ctx.db.select({ timezone: companySettings.timezone }).from(companySettings).limit(1);
  return dueDate(input.terms, todayIn(row?.timezone ?? "UTC", new Date(ctx.now())));
}
