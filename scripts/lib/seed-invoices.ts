// The demo company's invoices and payments: a few made through the verbs (an order delivered,
// invoiced and half paid, one unit returned and credited; an order paid in full; an overdue invoice;
// a draft), and at the large
// scale 100,000 invoices and 150,000 payments written in bulk, for the invoice list's benchmarks.
import { and, eq, sql } from "drizzle-orm";
import { tenantSchema } from "../../db/client";
import { createInvoice } from "../../worker/domain/invoices/create-invoice";
import { recordPayment } from "../../worker/domain/payments/record-payment";
import { applyCreditNote, createCreditNote } from "../../worker/domain/returns/credit-notes";
import { createProductReturn } from "../../worker/domain/returns/product-returns";
import { deliverShippingOrder } from "../../worker/domain/sales/deliver-shipping-order";
import type { Ctx } from "../../worker/domain/shared/ctx";

const t = tenantSchema;

/** Today less `days`, as YYYY-MM-DD (UTC: the demo's dates need no time zone). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

export async function seedInvoices(ctx: Ctx, counts: { bulkInvoices: number }, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  const { db } = ctx;
  const [shipped] = await db
    .select({ id: t.salesDocuments.id, orderId: t.salesDocuments.createdFromId })
    .from(t.salesDocuments)
    .where(and(eq(t.salesDocuments.type, "shipping_order"), eq(t.salesDocuments.status, "shipped")))
    .limit(1);
  if (shipped?.orderId) {
    // Delivered, invoiced and half paid: the order waits for the rest of its money.
    await deliverShippingOrder(ctx, { id: shipped.id });
    const invoice = await createInvoice(ctx, { sales_order_id: shipped.orderId, finalize: true });
    const half = (Number(invoice.total) / 2).toFixed(2);
    await recordPayment(ctx, invoice.id, { amount: half, notes: "Acompte à la commande", date: daysAgo(3) });
    // One unit of its first line came back: returned to stock, and its credit note taken off what is left to pay.
    const line = invoice.lines?.find((l) => l.kind === "variant" || l.kind === "pack");
    if (line) {
      const returned = await createProductReturn(ctx, {
        invoice_id: invoice.id,
        lines: [{ line_id: line.id, quantity: "1" }],
        notes: "Article abîmé",
      });
      const note = await createCreditNote(ctx, { product_return_id: returned.id });
      await applyCreditNote(ctx, note.id, { invoice_id: invoice.id });
    }
  }
  const [transformed] = await db
    .select({ id: t.salesDocuments.id })
    .from(t.salesDocuments)
    .where(and(eq(t.salesDocuments.type, "sales_order"), sql`${t.salesDocuments.createdFromId} is not null`))
    .limit(1);
  if (transformed) {
    const invoice = await createInvoice(ctx, { sales_order_id: transformed.id, finalize: true });
    await recordPayment(ctx, invoice.id, { amount: invoice.remaining_to_pay, notes: "Virement reçu" });
  }
  const [customer] = await db.select({ id: t.customers.id }).from(t.customers).orderBy(t.customers.id).limit(1);
  const [location] = await db.select({ id: t.locations.id }).from(t.locations).orderBy(t.locations.id).limit(1);
  const [service] = await db.select({ id: t.services.id }).from(t.services).orderBy(t.services.id).limit(1);
  if (customer && location && service) {
    // Dated two months ago and due a month later: overdue.
    await createInvoice(ctx, {
      customer_id: customer.id,
      location_id: location.id,
      date: daysAgo(60),
      due_date: daysAgo(30),
      finalize: true,
      lines: [{ service_id: service.id, description: "Prestation de conseil", price: "450", quantity: "1" }],
    });
    await createInvoice(ctx, {
      customer_id: customer.id,
      location_id: location.id,
      finalize: false,
      lines: [{ service_id: service.id, description: "Formation équipe de vente", price: "900", quantity: "2" }],
    });
  }
  if (counts.bulkInvoices > 0) await bulkInvoices(ctx, counts.bulkInvoices, location!.id);
  log(
    `invoices seeded in ${((Date.now() - started) / 1000).toFixed(1)} s (${4 + counts.bulkInvoices} invoices, ${3 + (counts.bulkInvoices * 3) / 2} payments)`,
  );
}

/**
 * `count` invoices of the bulk customers (one line each, numbered after the ones above), a
 * quarter unpaid, a quarter partially paid by two payments, half paid by two payments: 1.5
 * payments an invoice. Amounts, statuses and the sequence agree, as the verbs would leave them.
 */
async function bulkInvoices(ctx: Ctx, count: number, locationId: number): Promise<void> {
  const { db } = ctx;
  const company = ctx.actor.company.id;
  const [{ offset }] = (await db.all<{ offset: number }>(
    sql`select coalesce(max(cast(substr(number, 5) as integer)), 0) as offset from sales_documents where type = 'invoice' and number like 'FAC-%'`,
  )) as [{ offset: number }];
  const n = sql.raw(String(count));
  const numbers = sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${n})`;
  const customers = sql`cs as (select id, row_number() over (order by id) - 1 as k from customers where active = 1)`;
  const variants = sql`vs as (select id, sku, row_number() over (order by id) - 1 as k from variants where is_kit = 0 limit 1000)`;
  // Totals at 4 decimals: 20.00 to 519.00 without tax, 20 % of tax.
  const excl = sql`(((n.i * 37) % 500) + 20) * 10000`;
  await db.batch([
    db.run(sql`${numbers}, ${customers}
      insert into sales_documents (type, number, customer_id, location_id, date, due_date, status, currency, tax_model, tax_type, tax_priority,
        subtotal, total_excl_tax, tax_total, total, amount_paid, remaining_to_pay, public_id, finalized_at)
      select 'invoice', printf('FAC-%06d', ${offset} + n.i), cs.id, ${locationId},
        date('now', '-' || (n.i % 730) || ' days'), date('now', '-' || (n.i % 730) || ' days', '+30 days'),
        case n.i % 4 when 0 then 'unpaid' when 1 then 'partially_paid' else 'paid' end,
        'EUR', 'global', 'tax_exclusive', 'product',
        ${excl}, ${excl}, ${excl} / 5, ${excl} * 6 / 5,
        case n.i % 4 when 0 then 0 when 1 then 2 * (${excl} * 6 / 5 / 4) else ${excl} * 6 / 5 end,
        case n.i % 4 when 0 then ${excl} * 6 / 5 when 1 then ${excl} * 6 / 5 - 2 * (${excl} * 6 / 5 / 4) else 0 end,
        ${company} || '.' || lower(hex(randomblob(11))),
        cast(unixepoch('now', '-' || (n.i % 730) || ' days') * 1000 as integer)
      from n join cs on cs.k = n.i % (select count(*) from cs)`),
    db.run(sql`with ${variants}
      insert into sales_document_lines (document_id, position, lid, kind, variant_id, sku, description, quantity, units, price,
        total_excl_tax, tax_amount, total_incl_tax, total)
      select d.id, 0, 'l1', 'variant', vs.id, vs.sku, vs.sku, 10000000, 10000000, d.total_excl_tax, d.total_excl_tax, d.tax_total, d.total, d.total_excl_tax
      from sales_documents d join vs on vs.k = d.id % (select count(*) from vs)
      where d.type = 'invoice' and d.number > printf('FAC-%06d', ${offset})`),
    // Two payments each for the partially paid (a quarter each) and the paid (half, then the rest).
    db.run(sql`insert into payments (invoice_id, customer_id, amount, date, notes)
      select id, customer_id, case status when 'paid' then total / 2 else total / 4 end, date(date, '+10 days'), null
      from sales_documents where type = 'invoice' and number > printf('FAC-%06d', ${offset}) and status in ('paid', 'partially_paid')`),
    db.run(sql`insert into payments (invoice_id, customer_id, amount, date, notes)
      select id, customer_id, case status when 'paid' then total - total / 2 else total / 4 end, date(date, '+25 days'), null
      from sales_documents where type = 'invoice' and number > printf('FAC-%06d', ${offset}) and status in ('paid', 'partially_paid')`),
    db.run(sql`insert into document_sequences (document_type, location_id, next_value) values ('invoice', 0, ${offset + count + 1})
      on conflict (document_type, location_id) do update set next_value = excluded.next_value`),
  ] as unknown as Parameters<typeof db.batch>[0]);
}
