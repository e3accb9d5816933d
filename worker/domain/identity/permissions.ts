/** Every permission name of the product (platform spec §6, domain spec §6). */
export const VIEW_PERMISSIONS = [
  "view_customers",
  "view_suppliers",
  "view_employees",
  "view_products",
  "view_services",
  "view_estimates",
  "view_sales_orders",
  "view_shipping_orders",
  "view_invoices",
  "view_product_returns",
  "view_credit_notes",
  "view_refunds",
  "view_subscriptions",
  "view_products_inventory",
  "view_purchase_orders",
  "view_deliveries",
  "view_stock_entries",
  "view_stock_removals",
  "view_stock_movements",
  "view_products_selling_info",
  "view_products_purchasing_info",
] as const;

export const EDIT_PERMISSIONS = [
  "edit_customers",
  "edit_employees",
  "edit_suppliers",
  "edit_products",
  "edit_services",
  "edit_estimates",
  "edit_sales_orders",
  "edit_shipping_orders",
  "edit_invoices",
  "edit_product_returns",
  "edit_subscriptions",
  "edit_purchase_orders",
  "edit_deliveries",
  "edit_stock_entries",
  "edit_stock_removals",
  "edit_stock_movements",
  "edit_products_selling_info",
  "edit_products_purchasing_info",
  "edit_products_inventory",
  "edit_price_levels",
] as const;

export const FEATURE_PERMISSIONS = [
  "assemblies",
  "batch_tracking",
  "advanced_prices",
  "b2b_portal",
  "intelligence",
  "multi_currencies",
  "email_templates",
  "alerts",
  "account_managers",
  "shopify",
  "quickbooks",
  "stripe",
  "pennylane",
  "sellsy",
] as const;

export const ADMIN_PERMISSIONS = ["settings", "admin", "account_settings"] as const;

/**
 * What a visitor who is not signed in may do on a company's public pages: never granted to a
 * user or a token (it is not a Permission), held only by the visitor actor of that page.
 * public_invoice: the public page of an invoice, found by its public link (invoices/public-invoice.ts).
 */
export const PUBLIC_CAPABILITIES = ["public_store", "public_invoice"] as const;
export type PublicCapability = (typeof PUBLIC_CAPABILITIES)[number];

export const ALL_PERMISSIONS = [...VIEW_PERMISSIONS, ...EDIT_PERMISSIONS, ...FEATURE_PERMISSIONS, ...ADMIN_PERMISSIONS] as const;
export type Permission = (typeof ALL_PERMISSIONS)[number];

/**
 * The permissions a company administrator holds: all of them. b2b_portal lets staff view the
 * store as a customer; its restrictions (platform spec §6) hold only while they do (actor.ts).
 */
export const ADMINISTRATOR_PERMISSIONS: Permission[] = [...ALL_PERMISSIONS];

/**
 * What an actor may grant or take away: what it holds. An administrator may also grant
 * b2b_portal when their own list was written before administrators held it.
 */
export function grantableBy(actor: { permissions: readonly string[]; isAdmin?: boolean }): string[] {
  return actor.isAdmin && !actor.permissions.includes("b2b_portal") ? [...actor.permissions, "b2b_portal"] : [...actor.permissions];
}

export interface PermissionCheck {
  allOf?: readonly Permission[];
  anyOf?: readonly Permission[];
}

// A request asks several checks of the same list (a user's): its set is made once per list, which
// is never changed once made (readonly everywhere).
const heldSets = new WeakMap<readonly string[], ReadonlySet<string>>();

/** All of `allOf`, and at least one of `anyOf` when it is given. */
export function hasPermissions(held: readonly string[], check: PermissionCheck): boolean {
  let set = heldSets.get(held);
  if (!set) heldSets.set(held, (set = new Set(held)));
  const all = (check.allOf ?? []).every((p) => set.has(p));
  const any = !check.anyOf || check.anyOf.length === 0 || check.anyOf.some((p) => set.has(p));
  return all && any;
}
