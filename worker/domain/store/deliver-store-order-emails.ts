import { and, eq, isNull } from "drizzle-orm";
import { controlSchema } from "../../../db/client";
import type { Mailer } from "../../integrations/mail/mailer";
import { readSalesDocument } from "../sales/sales-documents";
import { companyFormat } from "../settings/company-settings/company-format";
import type { Ctx } from "../shared/ctx";
import { formatter } from "../shared/format";
import type { TopicPayload } from "../shared/outbox";

/** Who validates store orders (domain spec §4): active staff who may edit sales orders, and administrators. */
const VALIDATES = "edit_sales_orders";

/**
 * The emails of a store order just placed (issue: ordering): a confirmation to the buyer, in their
 * language, and an alert to each member of staff who validates orders. Sent by the outbox's
 * consumer through the company's mailer; a buyer or an order gone since is nothing to send.
 */
export async function deliverStoreOrderEmails(ctx: Ctx, payload: TopicPayload<"email.store_order">, mailer: Mailer): Promise<void> {
  const companyId = ctx.actor.company.id;
  const order = await readSalesDocument(ctx.db, "sales_order", payload.orderId);
  const { users, memberships } = controlSchema;
  const person = { id: users.id, email: users.email, firstName: users.firstName, language: users.language };
  const [[buyer], staff, format] = await Promise.all([
    ctx.control.select(person).from(users).where(eq(users.id, payload.buyerUserId)),
    ctx.control
      .select({ ...person, isAdmin: memberships.isAdmin, permissions: memberships.permissions })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.companyId, companyId), eq(memberships.active, true), isNull(memberships.customerId))),
    companyFormat(ctx),
  ]);
  const total = (language: "en" | "fr") => formatter({ ...format, language, timeZone: "UTC" }).money(order.subtotal, order.currency);
  const params = { number: order.number, company: ctx.actor.company.label, customer: order.customer.label };
  if (buyer)
    await mailer.send({
      to: buyer.email,
      locale: payload.language,
      template: "store_order_placed",
      params: { ...params, firstName: buyer.firstName, total: total(payload.language) },
    });
  const validators = staff.filter((s) => s.isAdmin || s.permissions.includes(VALIDATES));
  for (const member of validators) {
    const language = member.language ?? "en";
    await mailer.send({
      to: member.email,
      locale: language,
      template: "store_order_alert",
      params: { ...params, firstName: member.firstName, total: total(language) },
    });
  }
}

/** The buyer of a store order just confirmed is told, in their own language (a buyer or an order gone since is nothing to send). */
export async function deliverStoreOrderConfirmed(
  ctx: Ctx,
  payload: TopicPayload<"email.store_order_confirmed">,
  mailer: Mailer,
): Promise<void> {
  const order = await readSalesDocument(ctx.db, "sales_order", payload.orderId);
  const { users } = controlSchema;
  const [[buyer], format] = await Promise.all([
    ctx.control
      .select({ email: users.email, firstName: users.firstName, language: users.language })
      .from(users)
      .where(eq(users.id, payload.buyerUserId)),
    companyFormat(ctx),
  ]);
  if (!buyer) return;
  const total = formatter({ ...format, language: buyer.language, timeZone: "UTC" }).money(order.subtotal, order.currency);
  await mailer.send({
    to: buyer.email,
    locale: buyer.language,
    template: "store_order_confirmed",
    params: { number: order.number, company: ctx.actor.company.label, firstName: buyer.firstName, total },
  });
}
