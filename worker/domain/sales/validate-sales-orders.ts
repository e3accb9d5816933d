import { z } from "zod";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { objectError, parseInput } from "../shared/input";
import { zRecordId } from "../products/product-schemas";
import { SALES_ACCESS } from "./sales-documents";
import { validateSalesOrder } from "./validate-sales-order";

/** At most this many orders validated by one click of the list. */
export const MAX_ORDERS_VALIDATED_AT_ONCE = 100;

export const ValidateSalesOrdersInput = z.strictObject(
  {
    ids: z
      .array(zRecordId, { error: "invalid" })
      .min(1, "required")
      .max(MAX_ORDERS_VALIDATED_AT_ONCE, "too_long")
      .transform((ids) => [...new Set(ids)]),
  },
  objectError,
);
export type ValidateSalesOrdersInput = z.input<typeof ValidateSalesOrdersInput>;

/**
 * Validates the store orders among the selected ones (the list's bulk action), each through the
 * single verb and its own move: an order no longer awaiting validation, or gone, is skipped.
 */
export async function validateSalesOrders(ctx: Ctx, input: unknown): Promise<{ validated: number; skipped: number }> {
  requirePermission(ctx, SALES_ACCESS.sales_order.edit);
  const { ids } = parseInput(ValidateSalesOrdersInput, input);
  let validated = 0;
  for (const id of ids) {
    try {
      await validateSalesOrder(ctx, { id });
      validated++;
    } catch (error) {
      if (!(error instanceof DomainError) || !["not_found", "status_move_not_allowed", "conflict"].includes(error.code)) throw error;
    }
  }
  return { validated, skipped: ids.length - validated };
}
