/**
 * The lists a user can save views of, one name per list screen. A new list screen adds its name
 * here; a saved view of any other type is refused (`unknown_list_type`).
 */
export const LIST_TYPES = [
  "services",
  "products",
  "customers",
  "suppliers",
  "employees",
  "stock_levels",
  "inventory_logs",
  "stock_entries",
  "stock_removals",
  "stock_movements",
  "batches",
  "estimates",
  "sales_orders",
  "shipping_orders",
  "invoices",
  "product_returns",
  "credit_notes",
  "refunds",
  "subscriptions",
  "purchase_orders",
  "deliveries",
] as const;
export type ListType = (typeof LIST_TYPES)[number];

export function isListType(value: unknown): value is ListType {
  return typeof value === "string" && (LIST_TYPES as readonly string[]).includes(value);
}
