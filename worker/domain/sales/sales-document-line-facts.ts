import type { SalesDocumentType } from "../../../db/schema/tenant/sales";
import { requirePermission, type Ctx } from "../shared/ctx";
import { lineInputsOf } from "./sales-document-writes";
import { SALES_ACCESS, savedSalesDocument } from "./sales-documents";
import { priceDocument } from "./sales-lines";
import { lineFactsAt, type SalesLineFacts } from "./sales-line-facts";
import { PRICE_SCALE } from "../shared/money";
import { storedDecimal } from "../shared/stored-figures";

/** A saved estimate's, sales order's or invoice's lines as a line editor opens them, with the facts to total them as one edits. */
export async function salesDocumentLineFacts(
  ctx: Ctx,
  input: { type: "estimate" | "sales_order" | "invoice" | "subscription"; id: unknown },
): Promise<SalesLineFacts> {
  const type: SalesDocumentType = input.type;
  requirePermission(ctx, SALES_ACCESS[type].edit);
  const saved = await savedSalesDocument(ctx.db, type, input.id);
  const priced = await priceDocument(
    ctx.db,
    {
      party: { kind: "customer", id: saved.customerId },
      documentTaxIds: saved.documentTaxIds,
      locationId: saved.locationId,
      lines: await lineInputsOf(ctx.db, saved.id),
      globalDiscount: storedDecimal(saved.globalDiscount, PRICE_SCALE).toString(),
      globalDiscountType: saved.globalDiscountType,
      shippingCost: storedDecimal(saved.shippingCost, PRICE_SCALE).toString(),
      date: saved.date,
    },
    // A document stored past the bounds still opens in its editor, where saving refuses what is past them.
    { bounded: false },
  );
  // An order holding its units at the location may keep them: they count as available to it.
  return lineFactsAt(ctx.db, saved.locationId, priced, saved.committed ? saved.id : undefined);
}
