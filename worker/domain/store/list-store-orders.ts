import { z } from "zod";
import { listOfType, readSalesDocument, type SalesDocumentView } from "../sales/sales-documents";
import type { Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { parseInput, strictInput } from "../shared/input";
import { buyerOf } from "./buyer";

/** Portal lists page size (platform spec §9). */
export const PORTAL_PAGE_SIZE = 10;

export const ListStoreOrdersInput = strictInput({ page: z.coerce.number().int().min(0).max(100_000).optional() });

/** The buyer's customer's sales orders, newest first, 10 a page (the portal's order history). */
export async function listStoreOrders(ctx: Ctx, input: unknown) {
  const buyer = buyerOf(ctx);
  const { page = 0 } = parseInput(ListStoreOrdersInput, input);
  return listOfType(ctx.db, "sales_order", {
    customer_id: String(buyer.customerId),
    page: String(page),
    page_size: String(PORTAL_PAGE_SIZE),
    sort: "-id",
    total_count: "true",
  });
}

/** One of the buyer's customer's sales orders; another customer's is `not_found`, as if it did not exist. */
export async function getStoreOrder(ctx: Ctx, input: { id: unknown }): Promise<SalesDocumentView> {
  const buyer = buyerOf(ctx);
  const order = await readSalesDocument(ctx.db, "sales_order", input.id);
  if (order.customer_id !== buyer.customerId) throw new DomainError("not_found");
  return order;
}
