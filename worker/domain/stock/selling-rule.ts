import type { PosPermission } from "../users/permission-groups";

/**
 * Who may sell what is not in stock (domain spec §5: users with the prevent-selling right cannot
 * sell out-of-stock products, 'out_of_stock_not_allowed'). Two settings hold a sale to the stock
 * available, and either is enough:
 *   - the user's own: the membership's prevent_negative_inventory flag, or its "prevent selling
 *     out-of-stock products" option (pos_permissions prevent_selling_out_of_stock);
 *   - the company's prevent_negative_inventory, which holds every user, API token and store order,
 *     and is read inside each stock write (ledger.ts), so a change applies to the next write.
 * Every reservation and removal goes through the ledger with the author this gives (stockAuthor);
 * a store order puts the store's allow_negative_stock in place of its buyer's own settings.
 */

/** The user option that forbids selling out of stock ("Prevent selling out-of-stock products"). */
export const PREVENT_SELLING_OUT_OF_STOCK = "prevent_selling_out_of_stock" satisfies PosPermission;

/** Whether a membership holds its user to the stock available, whatever the company says. */
export function membershipForbidsSellingOutOfStock(membership: {
  preventNegativeInventory: boolean;
  posPermissions: readonly string[];
}): boolean {
  return membership.preventNegativeInventory || membership.posPermissions.includes(PREVENT_SELLING_OUT_OF_STOCK);
}
