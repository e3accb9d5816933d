import type { PrintedSalesType } from "../../../worker/domain/documents/outputs";

const TYPES: Record<string, PrintedSalesType> = {
  estimates: "estimate",
  "sales-orders": "sales_order",
  "shipping-orders": "shipping_order",
  invoices: "invoice",
  "credit-notes": "credit_note",
  refunds: "refund",
};

/** The type of the sales document a /sales/{estimates|sales-orders|shipping-orders|invoices}/{id}/… address names, and its list's path. */
export function salesDocumentOf(request: Request): { type: PrintedSalesType; path: string } {
  const segment = new URL(request.url).pathname.split("/")[2] ?? "";
  return { type: TYPES[segment]!, path: `/sales/${segment}` };
}
