import { listInvoicesOf, readInvoice, type InvoiceView } from "../invoices/invoice-views";
import { paymentsOfInvoice, type PaymentView } from "../payments/payment-views";
import { statusesOf } from "../documents/statuses";
import type { Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { parseInput } from "../shared/input";
import { buyerOf } from "./buyer";
import { ListStoreOrdersInput, PORTAL_PAGE_SIZE } from "./list-store-orders";

/** What a buyer sees of invoices: those issued to them (a draft is the company's work in progress). */
const ISSUED = statusesOf("invoice").filter((s) => s !== "draft");

/** The buyer's customer's issued invoices, newest first, 10 a page (the portal's invoice history, platform spec §2). */
export async function listStoreInvoices(ctx: Ctx, input: unknown) {
  const buyer = buyerOf(ctx);
  const { page = 0 } = parseInput(ListStoreOrdersInput, input);
  return listInvoicesOf(
    ctx.db,
    {
      customer_id: String(buyer.customerId),
      status__In: ISSUED.join(","),
      page: String(page),
      page_size: String(PORTAL_PAGE_SIZE),
      sort: "-id",
      total_count: "true",
    },
    ctx.now(),
  );
}

/** One of the buyer's customer's issued invoices with its payments; another's, or a draft, is `not_found`. */
export async function getStoreInvoice(ctx: Ctx, input: { id: unknown }): Promise<{ invoice: InvoiceView; payments: PaymentView[] }> {
  const buyer = buyerOf(ctx);
  const invoice = await readInvoice(ctx.db, input.id, ctx.now());
  if (invoice.customer_id !== buyer.customerId || invoice.status === "draft") throw new DomainError("not_found");
  return { invoice, payments: await paymentsOfInvoice(ctx.db, invoice.id) };
}
