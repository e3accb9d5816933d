import type { SalesDocumentType } from "../../../db/schema/tenant/sales";
import { requirePermission, type Ctx } from "../shared/ctx";
import { lineInputsOf } from "./sales-document-writes";
import { SALES_ACCESS, savedSalesDocument } from "./sales-documents";
import { priceDocument } from "./sales-lines";
import { lineFactsOf, type SalesLineFacts } from "./sales-line-facts";
import { fromScaledInteger, PRICE_SCALE } from "../shared/money";

/** A saved estimate's or sales order's lines as a line editor opens them, with the facts to total them as one edits. */
export async function salesDocumentLineFacts(ctx: Ctx, input: { type: "estimate" | "sales_order"; id: unknown }): Promise<SalesLineFacts> {
  const type: SalesDocumentType = input.type;
  requirePermission(ctx, SALES_ACCESS[type].edit);
  const saved = await savedSalesDocument(ctx.db, type, input.id);
  const priced = await priceDocument(ctx.db, {
    customerId: saved.customerId,
    locationId: saved.locationId,
    lines: await lineInputsOf(ctx.db, saved.id),
    globalDiscount: fromScaledInteger(saved.globalDiscount, PRICE_SCALE).toString(),
    globalDiscountType: saved.globalDiscountType,
    shippingCost: fromScaledInteger(saved.shippingCost, PRICE_SCALE).toString(),
  });
  return lineFactsOf(priced);
}
