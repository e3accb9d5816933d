import { pageFlags } from "../../../worker/domain/identity/module-flags";
import { type Permission, type PermissionCheck } from "../../../worker/domain/identity/permissions";

export interface MenuEntry extends PermissionCheck {
  label: string; // message id
  to: string;
  icon?: string;
  children?: MenuEntry[];
}

const p = (...names: Permission[]) => names;

/** The side menu of the back-office (platform spec §2), each entry carrying its permissions. */
export const SIDE_MENU: MenuEntry[] = [
  { label: "menu.dashboard", to: "/dashboard", icon: "▦" },
  {
    label: "menu.contacts",
    to: "/contacts",
    icon: "☺",
    children: [
      { label: "menu.customers", to: "/contacts/customers", allOf: p("view_customers") },
      { label: "menu.suppliers", to: "/contacts/suppliers", allOf: p("view_suppliers") },
      { label: "menu.employees", to: "/contacts/employees", allOf: p("view_employees") },
    ],
  },
  {
    label: "menu.products_and_services",
    to: "/products-and-services",
    icon: "▤",
    children: [
      { label: "menu.products", to: "/products-and-services/products", allOf: p("view_products") },
      { label: "menu.services", to: "/products-and-services/services", allOf: p("view_services") },
      { label: "menu.batches", to: "/products-and-services/batches", allOf: p("view_products") },
      { label: "menu.price_rules", to: "/products-and-services/price-rules", allOf: p("view_products", "view_products_selling_info") },
      { label: "menu.price_update", to: "/products-and-services/price-update", allOf: p("edit_products") },
      { label: "menu.transform_assembly", to: "/products-and-services/transform-assembly", allOf: p("edit_products_inventory") },
      { label: "menu.products_settings", to: "/products-and-services/products-settings/attributes", allOf: p("view_products") },
    ],
  },
  {
    label: "menu.sales",
    to: "/sales",
    icon: "€",
    children: [
      { label: "menu.estimates", to: "/sales/estimates", allOf: p("view_estimates") },
      { label: "menu.sales_orders", to: "/sales/sales-orders", allOf: p("view_sales_orders") },
      { label: "menu.shipping_orders", to: "/sales/shipping-orders", allOf: p("view_shipping_orders") },
      { label: "menu.invoices", to: "/sales/invoices", allOf: p("view_invoices") },
      { label: "menu.product_returns", to: "/sales/product-returns", allOf: p("view_product_returns") },
      { label: "menu.credit_notes", to: "/sales/credit-notes", allOf: p("view_credit_notes") },
      { label: "menu.refunds", to: "/sales/refunds", allOf: p("view_refunds") },
      { label: "menu.subscriptions", to: "/sales/subscriptions", allOf: p("view_subscriptions") },
    ],
  },
  {
    label: "menu.inventory",
    to: "/inventory",
    icon: "▣",
    children: [
      { label: "menu.stock_level", to: "/inventory/stock-level", allOf: p("view_products_inventory") },
      { label: "menu.purchase_orders", to: "/inventory/purchase-orders", allOf: p("view_purchase_orders") },
      { label: "menu.deliveries", to: "/inventory/deliveries", allOf: p("view_deliveries") },
      { label: "menu.stock_entries", to: "/inventory/stock-entries", allOf: p("view_stock_entries") },
      { label: "menu.stock_removals", to: "/inventory/stock-removals", allOf: p("view_stock_removals") },
      { label: "menu.stock_movements", to: "/inventory/stock-movements", allOf: p("view_stock_movements") },
      {
        label: "menu.inventory_bulk_update",
        to: "/inventory/inventory-bulk-update",
        allOf: p("view_products_inventory", "edit_products_inventory"),
      },
      { label: "menu.inventory_logs", to: "/inventory/inventory-logs", allOf: p("view_products_inventory") },
      { label: "menu.reorder", to: "/inventory/reorder", allOf: p("view_purchase_orders") },
      { label: "menu.backorder", to: "/inventory/backorder", allOf: p("view_purchase_orders") },
    ],
  },
  {
    label: "menu.intelligence",
    to: "/intelligence",
    icon: "◔",
    children: [{ label: "menu.sales_reports", to: "/intelligence/sales-reports" }],
  },
  { label: "menu.b2b_store", to: "/b2b-store/settings/setup", icon: "⌂", allOf: p("view_customers") },
  { label: "menu.apps", to: "/apps", icon: "⚙", allOf: p("settings") },
  { label: "menu.accounting", to: "/accounting/exports", icon: "≡", allOf: p("settings") },
  {
    label: "menu.settings",
    to: "/settings",
    icon: "⚙",
    allOf: p("settings"),
    children: [
      { label: "menu.company_settings", to: "/settings/company-settings" },
      { label: "menu.users", to: "/settings/users" },
      { label: "menu.locations", to: "/settings/locations" },
      { label: "menu.price_levels", to: "/settings/price-levels" },
      { label: "menu.currencies", to: "/settings/currencies" },
      { label: "menu.taxes", to: "/settings/taxes" },
      { label: "menu.payment_methods", to: "/settings/payment-methods" },
      { label: "menu.alerts", to: "/settings/alerts", allOf: p("settings", "alerts") },
      { label: "menu.account_representatives", to: "/settings/account-representatives", allOf: p("settings", "account_managers") },
      { label: "menu.pdf_settings", to: "/settings/pdf-settings" },
      { label: "menu.email_templates", to: "/settings/email-templates", allOf: p("settings", "email_templates") },
      { label: "menu.smtp", to: "/settings/smtp" },
      { label: "menu.import_data", to: "/settings/import-data" },
      { label: "menu.api_token", to: "/settings/api-token" },
    ],
  },
];

/**
 * The side menu for a company: the B2B store entry is a single entry (to its setup) while the store
 * is not open, and a group with its dashboard, customers and settings once it is (platform spec §2);
 * a b2b_portal holder's has no Settings entry while they view the store as a customer (`portal`).
 */
export function sideMenu({ storeOpen, portal = false }: { storeOpen: boolean; portal?: boolean }): MenuEntry[] {
  const key = `${storeOpen}:${portal}`;
  let menu = sideMenus.get(key);
  if (!menu) sideMenus.set(key, (menu = buildSideMenu(storeOpen, portal)));
  return menu;
}

// Four menus in all: each built once, so that what is worked out from one is kept with it.
const sideMenus = new Map<string, MenuEntry[]>();

function buildSideMenu(storeOpen: boolean, portal: boolean): MenuEntry[] {
  // A b2b_portal holder viewing the store as a customer sees no Settings entry (platform spec §6).
  const entries = portal ? SIDE_MENU.filter((entry) => entry.to !== "/settings") : SIDE_MENU;
  if (!storeOpen) return entries;
  return entries.map((entry) =>
    entry.label === "menu.b2b_store"
      ? {
          ...entry,
          to: "/b2b-store",
          children: [
            { label: "menu.b2b_store_dashboard", to: "/b2b-store/dashboard" },
            { label: "menu.b2b_store_customers", to: "/b2b-store/customers" },
            { label: "menu.b2b_store_settings", to: "/b2b-store/settings/setup" },
          ],
        }
      : entry,
  );
}

/** The create menu: shown only to users holding at least one of these edit permissions. */
export const CREATE_MENU: MenuEntry[] = [
  { label: "menu.customers", to: "/contacts/customers/create", allOf: p("edit_customers") },
  { label: "menu.products", to: "/products-and-services/products/create", allOf: p("edit_products") },
  { label: "menu.estimates", to: "/sales/estimates/create", allOf: p("edit_estimates") },
  { label: "menu.sales_orders", to: "/sales/sales-orders/create", allOf: p("edit_sales_orders") },
  { label: "menu.invoices", to: "/sales/invoices/create", allOf: p("edit_invoices") },
  { label: "menu.purchase_orders", to: "/inventory/purchase-orders/create", allOf: p("edit_purchase_orders") },
  { label: "menu.stock_entries", to: "/inventory/stock-entries/create", allOf: p("edit_stock_entries") },
];

/** Entries the user may see (their permissions and their module's flag); a group with no visible child disappears. */
export function visibleMenu(entries: MenuEntry[], permissions: readonly string[]): MenuEntry[] {
  return visibleOf(entries, new Set(permissions));
}

// Every page's shell filters the whole menu: the held permissions are put in a set once, and each
// address's flags are worked out once per isolate.
const flagsByAddress = new Map<string, readonly string[]>();
const allows = (held: ReadonlySet<string>, check: PermissionCheck) =>
  (check.allOf ?? []).every((name) => held.has(name)) && (!check.anyOf?.length || check.anyOf.some((name) => held.has(name)));

function visibleOf(entries: MenuEntry[], held: ReadonlySet<string>): MenuEntry[] {
  return entries.flatMap((entry) => {
    let flags = flagsByAddress.get(entry.to);
    if (!flags) flagsByAddress.set(entry.to, (flags = pageFlags(entry.to)));
    if (!allows(held, entry) || !flags.every((flag) => held.has(flag))) return [];
    if (!entry.children) return [entry];
    const children = visibleOf(entry.children, held);
    return children.length ? [{ ...entry, children }] : [];
  });
}

/** Every address of `entries` and of their children, in order. */
export const menuAddresses = (entries: MenuEntry[]): string[] => entries.flatMap((e) => [e.to, ...menuAddresses(e.children ?? [])]);

/**
 * The addresses of `entries` that the user does not see: what a page sends of its menus, as the
 * entries themselves are in the page's code (the whole menu was 3.8 KB of every page's data).
 */
export function hiddenMenuAddresses(entries: MenuEntry[], permissions: readonly string[]): readonly string[] {
  let byHolder = hiddenOf.get(entries);
  if (!byHolder) hiddenOf.set(entries, (byHolder = new Map()));
  const key = permissions.join(",");
  let hidden = byHolder.get(key);
  if (!hidden) {
    const shown = new Set(menuAddresses(visibleMenu(entries, permissions)));
    hidden = menuAddresses(entries).filter((to) => !shown.has(to));
    if (byHolder.size >= 100) byHolder.clear();
    byHolder.set(key, hidden);
  }
  return hidden;
}

// Every page asks it of the same menus for the few sets of permissions a company's staff hold:
// worked out once per isolate for each.
const hiddenOf = new WeakMap<MenuEntry[], Map<string, readonly string[]>>();

/** `entries` without the hidden addresses: `visibleMenu`'s answer, from `hiddenMenuAddresses`. */
export function withoutHidden(entries: MenuEntry[], hidden: ReadonlySet<string>): MenuEntry[] {
  if (hidden.size === 0) return entries;
  return entries.flatMap((entry) => {
    if (hidden.has(entry.to)) return [];
    if (!entry.children) return [entry];
    const children = withoutHidden(entry.children, hidden);
    return children.length ? [{ ...entry, children }] : [];
  });
}
