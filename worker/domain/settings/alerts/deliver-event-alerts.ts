import { and, eq } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import type { EmailMessage, Mailer } from "../../../integrations/mail/mailer";
import { documentPdf } from "../../documents/outputs";
import { readSalesDocument } from "../../sales/sales-documents";
import type { Ctx } from "../../shared/ctx";
import { DomainError } from "../../shared/domain-error";
import { formatter } from "../../shared/format";
import type { Locale } from "../../shared/locale";
import type { TopicPayload } from "../../shared/outbox";
import { companyFormat } from "../company-settings/company-format";
import { ACCOUNT_REPRESENTATIVE_RECIPIENT, type AlertTrigger } from "./alert-schemas";
import { alertPeople, type AlertPerson } from "./alert-recipients";

const { alerts, customers, storeAccessRequests } = tenantSchema;

type Alert = typeof alerts.$inferSelect;

const activeAlerts = (ctx: Ctx, trigger: AlertTrigger) =>
  ctx.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.active, true), eq(alerts.trigger, trigger)))
    .orderBy(alerts.id);

/**
 * Who one alert emails about an order: its recipient user, or the customer's account representative
 * when it names "account_representative", and that representative too when it asks to notify them.
 * Each person once per alert; a representative or a user gone since is skipped.
 */
function recipientsOf(alert: Alert, representative: string | null, people: Map<string, AlertPerson>): AlertPerson[] {
  const ids = new Set<string>();
  if (alert.recipient === ACCOUNT_REPRESENTATIVE_RECIPIENT) {
    if (representative) ids.add(representative);
  } else ids.add(alert.recipient);
  if (alert.notifyAccountManager && representative) ids.add(representative);
  return [...ids].flatMap((id) => people.get(id) ?? []);
}

/**
 * The consumer of `sales_order.created`: the active new_sales_order alerts (an order of the back
 * office or the API) or new_b2b_store_sales_order alerts (a store order) email their recipients,
 * each in their language, with the order's PDF in that language when the alert includes it. Run
 * once per message by the consumer's claim (at least once until a server accepts an email, as the
 * store order's emails, decision 039); an order deleted since is nothing to tell.
 */
export async function deliverSalesOrderAlerts(ctx: Ctx, payload: TopicPayload<"sales_order.created">, mailer: Mailer): Promise<void> {
  const list = await activeAlerts(ctx, payload.store ? "new_b2b_store_sales_order" : "new_sales_order");
  if (list.length === 0) return;
  let order;
  try {
    order = await readSalesDocument(ctx.db, "sales_order", payload.orderId);
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found") return;
    throw error;
  }
  const [customer] = await ctx.db
    .select({ representative: customers.accountManagerId })
    .from(customers)
    .where(eq(customers.id, order.customer.id));
  const representative = customer?.representative ?? null;
  const people = await alertPeople(ctx, [...list.map((a) => a.recipient), ...(representative ? [representative] : [])]);
  const format = await companyFormat(ctx);
  // One PDF per language, made once for all the alerts that attach it.
  const pdfs = new Map<Locale, EmailMessage["attachments"]>();
  const pdfIn = async (language: Locale) => {
    if (!pdfs.has(language)) {
      const pdf = await documentPdf(ctx, { type: "sales_order", id: order.id, language });
      pdfs.set(language, [{ filename: pdf.filename, content: base64(pdf.bytes), mimeType: "application/pdf" }]);
    }
    return pdfs.get(language)!;
  };
  for (const alert of list)
    for (const person of recipientsOf(alert, representative, people)) {
      const total = formatter({ ...format, language: person.language, timeZone: "UTC" }).money(order.subtotal, order.currency);
      await mailer.send({
        to: person.email,
        locale: person.language,
        template: payload.store ? "alert_new_b2b_store_sales_order" : "alert_new_sales_order",
        params: { firstName: person.firstName, alert: alert.label, number: order.number, customer: order.customer.label, total },
        ...(alert.includePdf ? { attachments: await pdfIn(person.language) } : {}),
      });
    }
}

/**
 * The consumer of `store.access_requested`: the active b2b_store_access_request alerts email their
 * recipients (a user; there is no customer, so no representative yet), in their language.
 */
export async function deliverAccessRequestAlerts(ctx: Ctx, payload: TopicPayload<"store.access_requested">, mailer: Mailer): Promise<void> {
  const list = await activeAlerts(ctx, "b2b_store_access_request");
  if (list.length === 0) return;
  const [request] = await ctx.db.select().from(storeAccessRequests).where(eq(storeAccessRequests.id, payload.requestId));
  if (!request) return;
  const people = await alertPeople(
    ctx,
    list.map((a) => a.recipient),
  );
  for (const alert of list) {
    const person = people.get(alert.recipient);
    if (!person) continue;
    await mailer.send({
      to: person.email,
      locale: person.language,
      template: "alert_b2b_store_access_request",
      params: {
        firstName: person.firstName,
        alert: alert.label,
        name: `${request.firstName} ${request.lastName}`.trim(),
        email: request.email,
        companyName: request.companyName,
        message: request.message ?? "",
      },
    });
  }
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
