/** Where the purchasing screens live (platform spec §2, Inventory). */
export const PURCHASE_ORDERS_PATH = "/inventory/purchase-orders";
export const DELIVERIES_PATH = "/inventory/deliveries";
