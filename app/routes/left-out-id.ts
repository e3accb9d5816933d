import { redirect } from "react-router";
import { requestContext } from "../../worker/context";
import { hasPermissions, type Permission } from "../../worker/domain/identity/permissions";
import { pageUrl, requirePage } from "../../worker/guards";
import type { Route } from "./+types/left-out-id";

/**
 * The addresses of platform spec §2 whose record is optional (`{id optional}/edit`, the contacts
 * settings without a tab), each with where it leads instead: the first the user may open.
 * Editing no record means creating one; a record's sub-page without the record means the list.
 */
export const LEFT_OUT_ID: Record<string, { to: string; allOf: Permission[] }[]> = {
  "/contacts/contacts-settings": [
    { to: "/contacts/contacts-settings/customer-tags", allOf: ["edit_customers"] },
    { to: "/contacts/contacts-settings/supplier-tags", allOf: ["edit_suppliers"] },
  ],
  "/b2b-store": [{ to: "/b2b-store/dashboard", allOf: ["view_customers"] }],
  "/b2b-store/settings": [{ to: "/b2b-store/settings/setup", allOf: ["view_customers"] }],
  "/products-and-services/products/edit": [{ to: "/products-and-services/products", allOf: ["view_products"] }],
  "/products-and-services/products/variants": [{ to: "/products-and-services/products", allOf: ["view_products"] }],
  "/inventory/purchase-orders/edit": [{ to: "/inventory/purchase-orders/create", allOf: ["edit_purchase_orders"] }],
  "/inventory/stock-entries/edit": [{ to: "/inventory/stock-entries/create", allOf: ["edit_stock_entries"] }],
  "/inventory/stock-removals/edit": [{ to: "/inventory/stock-removals/create", allOf: ["edit_stock_removals"] }],
  "/inventory/stock-movements/edit": [{ to: "/inventory/stock-movements/create", allOf: ["edit_stock_movements"] }],
};

export function loader({ request, context }: Route.LoaderArgs) {
  const actor = requirePage(request, context.get(requestContext));
  const targets = LEFT_OUT_ID[pageUrl(request).pathname.replace(/\/$/, "")] ?? [];
  const target = targets.find((t) => hasPermissions(actor.permissions, t));
  return redirect(target?.to ?? "/dashboard");
}
