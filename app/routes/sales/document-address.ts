import type { SalesDocumentType } from "../../../worker/domain/sales/sales-documents";

const TYPES: Record<string, SalesDocumentType> = {
  estimates: "estimate",
  "sales-orders": "sales_order",
  "shipping-orders": "shipping_order",
  invoices: "invoice",
};

/** The type of the sales document a /sales/{estimates|sales-orders|shipping-orders|invoices}/{id}/… address names, and its list's path. */
export function salesDocumentOf(request: Request): { type: SalesDocumentType; path: string } {
  const segment = new URL(request.url).pathname.split("/")[2] ?? "";
  return { type: TYPES[segment]!, path: `/sales/${segment}` };
}
