import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { statusesOf } from "../../worker/domain/documents/statuses";
import { createEstimate } from "../../worker/domain/sales/create-estimate";
import { createSalesOrder } from "../../worker/domain/sales/create-sales-order";
import { createShippingOrder } from "../../worker/domain/sales/create-shipping-order";
import {
  DOCUMENT_ACTIONS,
  documentActions,
  runDocumentAction,
  type ActionType,
  type DocumentAction,
} from "../../worker/domain/sales/document-actions";
import { readSalesDocument } from "../../worker/domain/sales/sales-documents";
import type { Ctx } from "../../worker/domain/shared/ctx";
import { DomainError } from "../../worker/domain/shared/domain-error";
import { ctxOf } from "../support/factories";
import { api, pricedVariant, salesWorld } from "./sales-fixtures";

const t = tenantSchema;

/** A company with a stocked mug, its administrator's ctx, and makers of each type's documents. */
async function world() {
  const w = await salesWorld();
  const ctx = await ctxOf(w.company);
  const mug = await pricedVariant(w.db, w.level, "10");
  await api(w.token, "POST", "/stock-entries", { location_id: w.location, lines: [{ variant_id: mug.id, quantity: "10000" }] });
  const lines = [{ variant_id: mug.id, quantity: "4" }];
  const order = () => createSalesOrder(ctx, { customer_id: w.customer.id, location_id: w.location, lines });
  return { ...w, ctx, mug, order, estimate: () => createEstimate(ctx, { customer_id: w.customer.id, location_id: w.location, lines }) };
}
type World = Awaited<ReturnType<typeof world>>;

const setStatus = (w: World, id: number, status: string) =>
  w.db.update(t.salesDocuments).set({ status }).where(eq(t.salesDocuments.id, id));

/**
 * A new document of the type in the status, reached through the verbs where a user can (the
 * statuses only the store or the system reach are written directly).
 */
async function documentIn(w: World, type: ActionType, status: string): Promise<number> {
  const run = async (id: number, ...actions: string[]) => {
    for (const action of actions) await runDocumentAction(w.ctx, { type, action, id });
    return id;
  };
  if (type === "estimate") {
    const id = (await w.estimate()).id;
    const path = { pending: [], accepted: ["accept"], rejected: ["reject"], accepted_and_transformed: ["transform"] }[status];
    return run(id, ...path!);
  }
  const order = await w.order();
  if (type === "sales_order") {
    if (status === "pending_validation" || status === "completed_automatically") {
      await setStatus(w, order.id, status);
      return order.id;
    }
    if (status === "in_progress") {
      // Part of it leaves: the order moves to in_progress by itself.
      const lineId = order.lines![0]!.id;
      const shipment = await createShippingOrder(w.ctx, { sales_order_id: order.id, lines: [{ line_id: lineId, quantity: "1" }] });
      await runDocumentAction(w.ctx, { type: "shipping_order", action: "ship", id: shipment.id });
      return order.id;
    }
    const path = { pending: [], completed_manually: ["complete"], cancelled: ["cancel"] }[status];
    return run(order.id, ...path!);
  }
  const shipment = await createShippingOrder(w.ctx, { sales_order_id: order.id });
  const path = {
    make_the_shipment: [],
    in_preparation: ["prepare"],
    ready_to_ship: ["prepare", "ready"],
    shipped: ["ship"],
    delivered: ["ship", "deliver"],
    cancelled: ["cancel"],
  }[status];
  return run(shipment.id, ...path!);
}

/** What the verb answered: "ok", or the code it refused with. */
async function outcome(ctx: Ctx, type: ActionType, action: string, id: number): Promise<string> {
  try {
    await runDocumentAction(ctx, { type, action, id });
    return "ok";
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

const TYPES: ActionType[] = ["estimate", "sales_order", "shipping_order"];

describe("a document's page offers exactly the actions its verbs accept", () => {
  it.each(TYPES)("for every status of the %s machine, each offered action succeeds and each other one is refused", async (type) => {
    const w = await world();
    const disagreements: string[] = [];
    for (const status of statusesOf(type)) {
      for (const action of Object.keys(DOCUMENT_ACTIONS[type]) as DocumentAction<typeof type>[]) {
        const id = await documentIn(w, type, status);
        const doc = await readSalesDocument(w.db, type, id);
        expect(doc.status, `${type} reached ${status}`).toBe(status);
        const offered = (documentActions(w.ctx, type, doc).moves as string[]).includes(action);
        const answer = await outcome(w.ctx, type, action, id);
        const expected = offered ? "ok" : "status_move_not_allowed";
        if (answer !== expected)
          disagreements.push(`${status} → ${action}: ${offered ? "offered" : "not offered"}, the verb answered ${answer}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it("offers nothing to whoever may only read, whose verbs are refused too; a transform needs the sales orders' edit permission", async () => {
    const w = await world();
    const readers = await ctxOf(w.company, { permissions: ["view_estimates", "view_sales_orders", "view_shipping_orders"] });
    const estimateId = await documentIn(w, "estimate", "pending");
    const estimate = await readSalesDocument(w.db, "estimate", estimateId);
    expect(documentActions(readers, "estimate", estimate)).toEqual({ moves: [], edit: false, delete: false });
    expect(await outcome(readers, "estimate", "accept", estimateId)).toBe("forbidden");

    const estimator = await ctxOf(w.company, { permissions: ["view_estimates", "edit_estimates"] });
    expect(documentActions(estimator, "estimate", estimate)).toEqual({ moves: ["accept", "reject"], edit: true, delete: true });
    expect(await outcome(estimator, "estimate", "transform", estimateId)).toBe("forbidden");

    const shipmentId = await documentIn(w, "shipping_order", "make_the_shipment");
    const shipment = await readSalesDocument(w.db, "shipping_order", shipmentId);
    expect(documentActions(readers, "shipping_order", shipment).moves).toEqual([]);
    expect(await outcome(readers, "shipping_order", "deliver", shipmentId)).toBe("forbidden");
    // An action a type does not have is refused as such, never run.
    expect(await outcome(w.ctx, "shipping_order", "transform", shipmentId)).toBe("invalid");
  });

  it("shows an estimate or an open order as editable, a final one as not, and a shipping order never", async () => {
    const w = await world();
    const actionsIn = async (type: ActionType, status: string) =>
      documentActions(w.ctx, type, await readSalesDocument(w.db, type, await documentIn(w, type, status)));
    expect((await actionsIn("sales_order", "pending")).edit).toBe(true);
    expect((await actionsIn("sales_order", "cancelled")).edit).toBe(false);
    expect((await actionsIn("estimate", "accepted_and_transformed")).edit).toBe(false);
    expect(await actionsIn("shipping_order", "make_the_shipment")).toMatchObject({ edit: false, delete: false });
  });
});
