import { SALES_DOCUMENT_TYPES, type SalesDocumentType } from "../../../db/schema/tenant/sales";
import { STOCK_DOCUMENT_TYPES } from "../../../db/schema/tenant/stock";
import { getCustomerTag, getSupplierTag } from "../contacts/contact-tags";
import { customerView } from "../contacts/customer-queries";
import { employeeRow, employeeView } from "../contacts/employee-queries";
import { supplierView } from "../contacts/supplier-queries";
import { readPack } from "../products/add-pack";
import { readVariant } from "../products/add-variant";
import { priceAccess } from "../products/price-access";
import { getPriceRule } from "../products/price-rules/get-price-rule";
import { getPriceUpdate } from "../products/price-updates";
import { loadProductView } from "../products/product-view";
import { findAttribute } from "../products-settings/attributes/attribute-shared";
import { findBrand } from "../products-settings/brands/brand-shared";
import { findProductTag } from "../products-settings/product-tags/product-tag-shared";
import { findSeason } from "../products-settings/seasons/season-shared";
import { getSavedView } from "../saved-views/saved-views";
import { readInvoice } from "../invoices/invoice-views";
import { readPurchaseOrder } from "../purchasing/purchase-order-views";
import { readPayment } from "../payments/payment-views";
import { readCredit } from "../returns/credit-notes";
import { readFollow } from "../returns/follow-views";
import { readSalesDocument } from "../sales/sales-documents";
import { readSubscription } from "../subscriptions/subscription-views";
import { serviceView } from "../services/service-queries";
import { getCurrency } from "../settings/currencies/get-currency";
import { getLocation } from "../settings/locations/get-location";
import { getAlert } from "../settings/alerts/get-alert";
import { getPaymentMethod } from "../settings/payment-methods/get-payment-method";
import { getPriceLevel } from "../settings/price-levels/get-price-level";
import { getTax } from "../settings/taxes/get-tax";
import { readBatch } from "../stock/batch-views";
import { readStockDocument } from "../stock/stock-document-views";
import type { StockDocumentType } from "../stock/stock-rules";
import type { Ctx } from "./ctx";

/**
 * What a create names in its write batch (`runBatch(db, statements, { type, id })`,
 * `StockBatch.creates`), and how the record is read back as that create answers it: the answer a
 * retry gets when the first request saved it and failed before answering (worker/api/idempotency.ts).
 * Each read is the view the create itself returns. It asks no read permission beyond what the
 * create's own caller has (a back-office caller, the tags' and saved views' own rules), since the
 * caller was allowed to make the record and this is that call's answer.
 */
type Read = (ctx: Ctx, id: number) => Promise<unknown>;

const salesDocument =
  (type: SalesDocumentType): Read =>
  (ctx, id) =>
    readSalesDocument(ctx.db, type, id);
const stockDocument =
  (type: StockDocumentType): Read =>
  (ctx, id) =>
    readStockDocument(ctx.db, type, id);

export const CREATED_RESOURCES = {
  ...(Object.fromEntries(SALES_DOCUMENT_TYPES.map((type) => [type, salesDocument(type)])) as Record<SalesDocumentType, Read>),
  ...(Object.fromEntries(STOCK_DOCUMENT_TYPES.map((type) => [type, stockDocument(type)])) as Record<StockDocumentType, Read>),
  // An invoice answers its own view (a draft's number is null).
  invoice: (ctx, id) => readInvoice(ctx.db, id, ctx.now()),
  purchase_order: (ctx, id) => readPurchaseOrder(ctx.db, id),
  customer: (ctx, id) => customerView(ctx.db, id),
  supplier: (ctx, id) => supplierView(ctx.db, id),
  employee: async (ctx, id) => employeeView(await employeeRow(ctx.db, id)),
  customer_tag: (ctx, id) => getCustomerTag(ctx, { id }),
  supplier_tag: (ctx, id) => getSupplierTag(ctx, { id }),
  product: (ctx, id) => loadProductView(ctx.db, id, priceAccess(ctx.actor)),
  variant: (ctx, id) => readVariant(ctx.db, ctx.actor, id),
  pack: (ctx, id) => readPack(ctx.db, ctx.actor, id),
  service: (ctx, id) => serviceView(ctx.db, id),
  attribute: (ctx, id) => findAttribute(ctx.db, id),
  brand: (ctx, id) => findBrand(ctx.db, id),
  product_tag: (ctx, id) => findProductTag(ctx.db, id),
  season: (ctx, id) => findSeason(ctx.db, id),
  batch: (ctx, id) => readBatch(ctx.db, id),
  currency: (ctx, id) => getCurrency(ctx, { id }),
  location: (ctx, id) => getLocation(ctx, { id }),
  price_level: (ctx, id) => getPriceLevel(ctx, { id }),
  tax: (ctx, id) => getTax(ctx, { id }),
  payment_method: (ctx, id) => getPaymentMethod(ctx, { id }),
  alert: (ctx, id) => getAlert(ctx, { id }),
  payment: (ctx, id) => readPayment(ctx.db, id),
  // Returns, credit notes and refunds answer their own view; a credit applied answers the credit.
  product_return: (ctx, id) => readFollow(ctx.db, "product_return", id),
  credit_note: (ctx, id) => readFollow(ctx.db, "credit_note", id),
  refund: (ctx, id) => readFollow(ctx.db, "refund", id),
  invoice_credit: (ctx, id) => readCredit(ctx, id),
  // A subscription answers its view with its terms.
  subscription: (ctx, id) => readSubscription(ctx.db, id),
  saved_view: (ctx, id) => getSavedView(ctx, { id }),
  price_update: (ctx, id) => getPriceUpdate(ctx, { id }),
  price_rule: (ctx, id) => getPriceRule(ctx, { id }),
} satisfies Record<string, Read>;

/** A type of record a create names in its batch: one with a way to read it back. */
export type CreatedResourceType = keyof typeof CREATED_RESOURCES;

/** The record a request created, read as its create answers it; null for a type this version does not know. */
export function readCreatedResource(ctx: Ctx, resource: { type: string; id: number }): Promise<unknown> | null {
  if (!Object.hasOwn(CREATED_RESOURCES, resource.type)) return null;
  return CREATED_RESOURCES[resource.type as CreatedResourceType](ctx, resource.id);
}
