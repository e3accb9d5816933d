import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { postedLines } from "../../app/components/documents/line-editor";
import { createShippingOrder } from "../../worker/domain/sales/create-shipping-order";
import { salesDocumentLineFacts } from "../../worker/domain/sales/sales-document-line-facts";
import { documentPdf } from "../../worker/domain/documents/outputs";
import { shipShippingOrder } from "../../worker/domain/sales/ship-shipping-order";
import { shippingChoices } from "../../worker/domain/sales/shipping-choices";
import { updateSalesOrder } from "../../worker/domain/sales/update-sales-order";
import { validateSalesOrder } from "../../worker/domain/sales/validate-sales-order";
import { getStoreOrder } from "../../worker/domain/store/list-store-orders";
import { placeStoreOrder } from "../../worker/domain/store/place-store-order";
import { updateCartItem } from "../../worker/domain/store/update-cart-item";
import { ctxOf } from "../support/factories";
import { pdfStrings } from "../support/pdf-text";
import { api, salesWorld, stockLevel, type SalesWorld } from "./sales-fixtures";
import { buyer, storeVariant } from "./store-fixtures";

const t = tenantSchema;
const QTY = 10_000_000;

/** A line's pack as every view must keep it: the pack, how many packs, and the units they make. */
const packOf = (line: {
  kind: string;
  pack_id: number | null;
  pack_label: string | null;
  quantity: string;
  pack_quantity: string;
  units: string;
}) => ({
  kind: line.kind,
  pack_id: line.pack_id,
  pack_label: line.pack_label,
  quantity: Number(line.quantity),
  pack_quantity: Number(line.pack_quantity),
  units: Number(line.units),
});

/** A shirt sold in the store by the unit (€15) and in a "Lot de 6", 10 of it in stock; a buyer's order of one pack. */
async function packOrdered() {
  const w = await salesWorld();
  const shirt = await storeVariant(w, 10, "15");
  const [pack] = await w.db
    .insert(t.packs)
    .values({ variantId: shirt.id, label: "Lot de 6", quantity: 6 * QTY })
    .returning({ id: t.packs.id });
  const staff = await ctxOf(w.company);
  const b = await buyer(w, staff);
  await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: shirt.id, pack_id: pack!.id, quantity: 1 } });
  const order = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
  const expected = { kind: "pack", pack_id: pack!.id, pack_label: "Lot de 6", quantity: 1, pack_quantity: 6, units: 6 };
  return { w, shirt, staff, b, order, expected };
}

const staffOrder = async (w: SalesWorld, id: number) => (await api(w.token, "GET", `/sales-orders/${id}`)).body;

describe("a pack ordered in the store", () => {
  it("stays a pack of 6 in the buyer's order, the staff's order and its API, and reserves 6 units", async () => {
    const { w, shirt, b, order, expected } = await packOrdered();
    expect(order.lines!.map(packOf)).toEqual([expected]);
    // A pack without a price of its own costs its 6 units.
    expect(Number(order.lines![0]!.total)).toBe(90);
    expect((await getStoreOrder(b.ctx, { id: order.id })).lines!.map(packOf)).toEqual([expected]);
    expect((await staffOrder(w, order.id)).lines.map(packOf)).toEqual([expected]);
    expect(await stockLevel(w.db, shirt.id, w.location)).toEqual({ onHand: 10, committed: 6 });
    // The order keeps the pack's label as it was sold, whatever the catalogue calls it since.
    await w.db.update(t.packs).set({ label: "Lot de 6 (nouveau)" }).where(eq(t.packs.id, expected.pack_id));
    expect((await staffOrder(w, order.id)).lines.map(packOf)).toEqual([expected]);
  });

  it("keeps its pack when the order is saved again: without its lines, and with the lines its edit screen posts", async () => {
    const { w, shirt, staff, order, expected } = await packOrdered();
    const noted = await updateSalesOrder(staff, { id: order.id, notes: "Deliver before noon" });
    expect(noted.lines!.map(packOf)).toEqual([expected]);
    // The edit screen opens the saved lines and posts them back as its editor holds them.
    const facts = await salesDocumentLineFacts(staff, { type: "sales_order", id: order.id });
    expect(facts.lines.map((l) => [l.kind, l.pack_id, l.pack_label])).toEqual([["pack", expected.pack_id, "Lot de 6"]]);
    const resaved = await updateSalesOrder(staff, { id: order.id, lines: postedLines(facts.lines) });
    expect(resaved.lines!.map(packOf)).toEqual([expected]);
    // Through the API, with the lines as it answered them.
    const answered = await staffOrder(w, order.id);
    const patched = await api(w.token, "PATCH", `/sales-orders/${order.id}`, {
      lines: answered.lines.map((l: { variant_id: number; pack_id: number; quantity: string }) => ({
        variant_id: l.variant_id,
        pack_id: l.pack_id,
        quantity: l.quantity,
      })),
    });
    expect(patched.status).toBe(200);
    expect(patched.body.lines.map(packOf)).toEqual([expected]);
    expect(await stockLevel(w.db, shirt.id, w.location)).toEqual({ onHand: 10, committed: 6 });
  });

  it("ships as 1 pack of 6 units: the shipping order says so, and on hand drops by 6", async () => {
    const { w, shirt, staff, order, expected } = await packOrdered();
    await validateSalesOrder(staff, { id: order.id });
    const [choice] = (await shippingChoices(staff, { id: order.id })).lines;
    expect(choice).toMatchObject({ pack_label: "Lot de 6", remaining_units: "6.0000000" });
    expect(Number(choice!.remaining_to_ship)).toBe(1);
    const shipment = await createShippingOrder(staff, { sales_order_id: order.id });
    expect(shipment.lines!.map(packOf)).toEqual([expected]);
    expect(Number(shipment.total_units)).toBe(6);
    await shipShippingOrder(staff, { id: shipment.id });
    expect(await stockLevel(w.db, shirt.id, w.location)).toEqual({ onHand: 4, committed: 0 });
  });

  it("prints the pack and its 6 units on the order's PDF and on the delivery note", async () => {
    const { staff, order } = await packOrdered();
    const printed = await pdfStrings((await documentPdf(staff, { type: "sales_order", id: order.id })).bytes);
    expect(printed).toContain("Lot de 6 · 6 units");
    await validateSalesOrder(staff, { id: order.id });
    const shipment = await createShippingOrder(staff, { sales_order_id: order.id });
    const note = await pdfStrings((await documentPdf(staff, { type: "shipping_order", id: shipment.id })).bytes);
    expect(note).toContain("Lot de 6 · 6 units");
  });
});
