import { cancelSalesOrder } from "../domain/sales/cancel-sales-order";
import { completeSalesOrder } from "../domain/sales/complete-sales-order";
import { createSalesOrder } from "../domain/sales/create-sales-order";
import { deleteSalesOrder } from "../domain/sales/delete-sales-order";
import { getSalesOrder } from "../domain/sales/get-sales-order";
import { listSalesOrders } from "../domain/sales/list-sales-orders";
import { CreateSalesOrderInput, UpdateSalesOrderInput } from "../domain/sales/sales-schemas";
import { updateSalesOrder } from "../domain/sales/update-sales-order";
import { validateSalesOrder } from "../domain/sales/validate-sales-order";
import { documentOperations, documentRouter } from "./document-api";
import { salesDocumentApi } from "./sales-documents";

const SALES_ORDERS = salesDocumentApi({
  type: "sales_order",
  path: "/sales-orders",
  tag: "Sales orders",
  what: "sales order",
  create: CreateSalesOrderInput,
  update: UpdateSalesOrderInput.omit({ id: true }),
  createSummary:
    "Create a sales order for a customer at a location (required). Delivered from the location (delivery_type stock_location, the default), its units are reserved there (committed stock); drop_shipping reserves nothing and cannot be undone.",
  writeErrors: {
    422: "Invalid input; the customer's minimum order amount not reached (minimum_order_amount_not_reached) or credit limit passed (credit_limit_exceeded); more than available for a user who may not sell out of stock (out_of_stock_not_allowed, naming lines.N.quantity)",
  },
  verbs: { list: listSalesOrders, create: createSalesOrder, get: getSalesOrder, update: updateSalesOrder, remove: deleteSalesOrder },
  moves: [
    {
      name: "validate",
      summary: "Validate an order placed from the B2B store (pending_validation becomes pending)",
      verb: validateSalesOrder,
    },
    { name: "complete", summary: "Complete the order by hand: no stock moves, its reservation is released", verb: completeSalesOrder },
    { name: "cancel", summary: "Cancel the order, releasing the stock it reserved", verb: cancelSalesOrder },
  ],
});

export const salesOrderOperations = documentOperations(SALES_ORDERS);

/** /api/v1/sales-orders (domain spec §3 'Sales order'). */
export const salesOrders = documentRouter(SALES_ORDERS);
