import { eq, sql } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { DOCUMENT_ACCESS } from "../documents/document-types";
import { companyToday, overdueSql } from "../invoices/invoice-views";
import { balanceParts, RATE_ONE } from "../sales/sales-order-rules";
import { VIEW_CUSTOMERS } from "../contacts/contact-permissions";
import { recordId } from "../shared/input";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { currencyDecimals, PRICE_SCALE } from "../shared/money";
import { storedDecimal } from "../shared/stored-figures";

const { customers, companySettings } = tenantSchema;

/** What a customer owes, in the company's currency: what the credit limit is checked against. */
export interface CustomerBalanceView {
  customer_id: number;
  currency: string;
  /** What their issued invoices leave to pay: owed by the customer. */
  unpaid_invoices: string;
  /** Of which due before today in the company's calendar. */
  overdue_invoices: string;
  /** What their credit notes (pending or partially credited) have not yet applied: owed to the customer. */
  credit_notes: string;
  /** Unpaid invoices less credit notes: what the customer owes once their credit is used (below zero: the company owes them). */
  net_unpaid: string;
  /** What their open sales orders have not yet invoiced. */
  uninvoiced_orders: string;
  /** Net unpaid and uninvoiced orders: the balance the credit limit applies to (domain spec §5). */
  balance: string;
  credit_limit: string | null;
  /** The credit limit less the balance (null without a limit); below zero when it is passed. */
  available_credit: string | null;
}

/**
 * A customer's balance in one read (issue 26: "a customer's unpaid total"): the same SQL the
 * credit limit is checked with in an order's batch (credit notes not yet applied taken off), plus
 * what of it is overdue. The indexes on (type, customer_id, due_date), (customer_id, type) and
 * the lines' source_line_id keep it to the customer's documents.
 */
export async function customerBalanceOf(ctx: Ctx, input: { id: unknown }): Promise<CustomerBalanceView> {
  requirePermission(ctx, VIEW_CUSTOMERS);
  requirePermission(ctx, DOCUMENT_ACCESS.invoice.read);
  const { db } = ctx;
  const id = recordId(input.id);
  const today = await companyToday(db, ctx.now());
  const { orders, invoices, credits } = balanceParts(id);
  // Overdue as the invoice list and the invoice's page say it (invoice-views.ts).
  const overdue = sql`(select coalesce(sum(round(remaining_to_pay * ${RATE_ONE} / exchange_rate)), 0) from sales_documents
    where type = 'invoice' and customer_id = ${BigInt(id)} and ${overdueSql(today)})`;
  const [row] = await db
    .select({
      creditLimit: customers.creditLimit,
      orders: sql<number>`${orders}`,
      invoices: sql<number>`${invoices}`,
      credits: sql<number>`${credits}`,
      overdue: sql<number>`${overdue}`,
      // The company's currency: its default currency, else the one its settings name (as the line engine reads it).
      currency: sql<string>`coalesce((select iso from currencies where is_default = 1 limit 1), (select ${companySettings.defaultCurrency} from ${companySettings} where ${companySettings.id} = 1))`,
    })
    .from(customers)
    .where(eq(customers.id, id));
  if (!row) throw new DomainError("not_found");
  const currency = row.currency ?? "EUR";
  const money = (units: number | bigint) =>
    storedDecimal(BigInt(Math.round(Number(units))), PRICE_SCALE)
      .round(currencyDecimals(currency))
      .toString();
  const net = Number(row.invoices) - Number(row.credits);
  const balance = Number(row.orders) + net;
  return {
    customer_id: id,
    currency,
    unpaid_invoices: money(row.invoices),
    overdue_invoices: money(row.overdue),
    credit_notes: money(row.credits),
    net_unpaid: money(net),
    uninvoiced_orders: money(row.orders),
    balance: money(balance),
    credit_limit: row.creditLimit === null ? null : money(row.creditLimit),
    available_credit: row.creditLimit === null ? null : money(row.creditLimit - balance),
  };
}
