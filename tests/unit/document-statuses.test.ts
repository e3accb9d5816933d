import { describe, expect, it } from "vitest";
import { messages as en } from "../../locales/en/messages";
import { messages as fr } from "../../locales/fr/messages";
import {
  assertMove,
  assertVerbMove,
  canMove,
  canVerbMove,
  goodsOut,
  goodsStayWhileParent,
  isFinal,
  STATUS_COLOURS,
  STATUS_MACHINES,
  statusColour,
  selfMove,
  statusesOf,
  verbFromStatuses,
  type StatusMachine,
} from "../../worker/domain/documents/statuses";
import { DomainError } from "../../worker/domain/shared/domain-error";

const machines = Object.keys(STATUS_MACHINES) as StatusMachine[];

describe("the document status machines", () => {
  it.each(machines)("%s starts in its own statuses and moves only between its own statuses", (machine) => {
    const own = statusesOf(machine) as string[];
    for (const entry of Object.values(STATUS_MACHINES[machine].entries)) expect(own).toContain(entry);
    for (const [from, targets] of Object.entries(STATUS_MACHINES[machine].moves) as [string, readonly string[]][]) {
      for (const to of targets) expect(own, `${machine}: ${from} → ${to}`).toContain(to);
      expect(targets, `${machine}: ${from} moves to itself`).not.toContain(from);
    }
  });

  it.each(["en", "fr"] as const)("every status has a name in %s", (locale) => {
    const catalog = (locale === "en" ? en : fr) as Record<string, unknown>;
    const missing = Object.keys(STATUS_COLOURS).filter((status) => !catalog[`status.${status}`]);
    expect(missing).toEqual([]);
  });

  it("colours statuses as the spec says: draft black, refusals red, done green, waiting and partial orange", () => {
    expect(statusColour("draft")).toBe("black");
    for (const status of ["rejected", "cancelled", "shopify_cancelled"] as const) expect(statusColour(status)).toBe("red");
    for (const status of [
      "paid",
      "accepted",
      "refunded",
      "credited",
      "delivered",
      "completed",
      "completed_automatically",
      "shopify_archived",
    ] as const)
      expect(statusColour(status)).toBe("green");
    for (const status of [
      "pending",
      "pending_validation",
      "partially_paid",
      "partially_delivered",
      "make_the_shipment",
      "ready_to_ship",
    ] as const)
      expect(statusColour(status)).toBe("orange");
  });

  it("an estimate can be accepted, rejected, or accepted and transformed, and a transformed estimate is final", () => {
    expect(canMove("estimate", "pending", "accepted")).toBe(true);
    expect(canMove("estimate", "pending", "rejected")).toBe(true);
    expect(canMove("estimate", "accepted", "accepted_and_transformed")).toBe(true);
    expect(isFinal("estimate", "accepted_and_transformed")).toBe(true);
    expect(canMove("estimate", "accepted_and_transformed", "pending")).toBe(false);
  });

  it("a store order waits for validation, and a cancelled or manually completed sales order is final", () => {
    expect(canMove("sales_order", "pending_validation", "pending")).toBe(true);
    expect(canMove("sales_order", "pending_validation", "completed_manually")).toBe(false);
    expect(isFinal("sales_order", "cancelled")).toBe(true);
    expect(isFinal("sales_order", "completed_manually")).toBe(true);
  });

  it("a shipped shipping order cannot go back to preparation, but may be delivered or cancelled", () => {
    expect(canMove("shipping_order", "shipped", "in_preparation")).toBe(false);
    expect(canMove("shipping_order", "shipped", "delivered")).toBe(true);
    expect(canMove("shipping_order", "shipped", "cancelled")).toBe(true);
    expect(isFinal("shipping_order", "cancelled")).toBe(true);
  });

  it("a move the machine does not allow is refused with status_move_not_allowed", () => {
    expect(() => assertMove("sales_order", "cancelled", "pending")).toThrow(DomainError);
    try {
      assertMove("sales_order", "cancelled", "pending");
    } catch (error) {
      expect((error as DomainError).code).toBe("status_move_not_allowed");
    }
    expect(() => assertMove("estimate", "pending", "not_a_status")).toThrow(DomainError);
    expect(() => assertMove("estimate", "pending", "accepted")).not.toThrow();
  });

  it.each(machines)(
    "%s: its guards and stock statuses name its own statuses, and its verbs' guards narrow moves the graph has",
    (machine) => {
      const shape = STATUS_MACHINES[machine] as {
        verbFrom?: Record<string, readonly string[]>;
        goodsOut?: readonly string[];
        selfMoves?: Record<string, { from: string; to: string }>;
      };
      const own = statusesOf(machine) as string[];
      for (const [to, from] of Object.entries(shape.verbFrom ?? {}))
        for (const f of from) expect(canMove(machine, f as never, to), `${machine}: ${f} → ${to}`).toBe(true);
      for (const status of shape.goodsOut ?? []) expect(own).toContain(status);
      for (const move of Object.values(shape.selfMoves ?? {})) expect(canMove(machine, move.from as never, move.to)).toBe(true);
    },
  );

  it("validating moves only a store order to pending: an order back from in_progress goes there by itself, not by the verb", () => {
    expect(canMove("sales_order", "in_progress", "pending")).toBe(true);
    expect(canVerbMove("sales_order", "in_progress", "pending")).toBe(false);
    expect(verbFromStatuses("sales_order", "pending")).toEqual(["pending_validation"]);
    expect(() => assertVerbMove("sales_order", "in_progress", "pending")).toThrow(DomainError);
    expect(selfMove("sales_order", "goodsLeft")).toEqual({ from: "pending", to: "in_progress" });
  });

  it("a shipping order's goods are out once shipped or delivered, and may not leave while its sales order is cancelled", () => {
    expect(statusesOf("shipping_order").filter((s) => goodsOut("shipping_order", s))).toEqual(["shipped", "delivered"]);
    expect(verbFromStatuses("shipping_order", "delivered")).toEqual(["make_the_shipment", "in_preparation", "ready_to_ship", "shipped"]);
    expect(verbFromStatuses("shipping_order", "in_preparation")).toEqual(["make_the_shipment", "ready_to_ship"]);
    expect(goodsStayWhileParent("shipping_order")).toEqual(["cancelled"]);
  });
});
