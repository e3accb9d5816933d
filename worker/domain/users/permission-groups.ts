import { ALL_PERMISSIONS, ADMINISTRATOR_PERMISSIONS, type Permission } from "../identity/permissions";

/** Permissions as the users screen shows them: one group per area (labels are `permission_group.<id>`). */
export const PERMISSION_GROUPS: { id: string; permissions: Permission[] }[] = [
  {
    id: "contacts",
    permissions: ["view_customers", "edit_customers", "view_suppliers", "edit_suppliers", "view_employees", "edit_employees"],
  },
  {
    id: "products",
    permissions: [
      "view_products",
      "edit_products",
      "view_services",
      "edit_services",
      "view_products_selling_info",
      "edit_products_selling_info",
      "view_products_purchasing_info",
      "edit_products_purchasing_info",
      "edit_price_levels",
    ],
  },
  {
    id: "sales",
    permissions: [
      "view_estimates",
      "edit_estimates",
      "view_sales_orders",
      "edit_sales_orders",
      "view_shipping_orders",
      "edit_shipping_orders",
      "view_invoices",
      "edit_invoices",
      "view_product_returns",
      "edit_product_returns",
      "view_credit_notes",
      "view_refunds",
      "view_subscriptions",
      "edit_subscriptions",
    ],
  },
  {
    id: "inventory",
    permissions: [
      "view_products_inventory",
      "edit_products_inventory",
      "view_purchase_orders",
      "edit_purchase_orders",
      "view_deliveries",
      "edit_deliveries",
      "view_stock_entries",
      "edit_stock_entries",
      "view_stock_removals",
      "edit_stock_removals",
      "view_stock_movements",
      "edit_stock_movements",
    ],
  },
  {
    id: "features",
    permissions: [
      "assemblies",
      "batch_tracking",
      "advanced_prices",
      "intelligence",
      "multi_currencies",
      "email_templates",
      "alerts",
      "account_managers",
      "b2b_portal",
    ],
  },
  { id: "integrations", permissions: ["shopify", "quickbooks", "stripe", "pennylane", "sellsy"] },
  { id: "administration", permissions: ["settings", "admin", "account_settings"] },
];

const viewAll = ALL_PERMISSIONS.filter((p) => p.startsWith("view_"));
const of = (...groups: string[]) => PERMISSION_GROUPS.filter((g) => groups.includes(g.id)).flatMap((g) => g.permissions);

/**
 * Starting points for a new user's permissions (`permission_preset.<id>`); the boxes stay
 * editable afterwards. A preset never grants b2b_portal (viewing the store as a customer), which is ticked on its own.
 */
export const PERMISSION_PRESETS: { id: string; permissions: Permission[] }[] = [
  { id: "read_only", permissions: viewAll },
  {
    id: "sales",
    permissions: [...of("contacts", "sales"), "view_products", "view_services", "view_products_selling_info", "view_products_inventory"],
  },
  { id: "warehouse", permissions: [...of("inventory"), "view_products", "view_suppliers", "view_shipping_orders", "view_sales_orders"] },
  { id: "full_access", permissions: ADMINISTRATOR_PERMISSIONS.filter((p) => !["admin", "account_settings", "b2b_portal"].includes(p)) },
];

/** Options of the point-of-sale application (domain spec §3 'User'), `pos_permission.<id>`. */
export const POS_PERMISSIONS = [
  "pos_only",
  "multiple_locations",
  "change_price_level",
  "change_tax_type",
  "change_taxes",
  "add_discount",
  "prevent_selling_out_of_stock",
] as const;
export type PosPermission = (typeof POS_PERMISSIONS)[number];
