import { describe, expect, it } from "vitest";
import { canMove, canVerbMove, entryStatus, STATUS_MACHINES, statusesOf, type StatusMachine } from "../../worker/domain/documents/statuses";

const machines = Object.keys(STATUS_MACHINES) as StatusMachine[];

describe("the status graph says where a new document starts", () => {
  it.each(machines)("%s: every entry is one of its own statuses, and the usual entry is its default", (machine) => {
    const entries = STATUS_MACHINES[machine].entries as Record<string, string>;
    expect(Object.keys(entries)).toContain("default");
    for (const [entry, status] of Object.entries(entries)) {
      expect(statusesOf(machine) as string[], `${machine}.${entry}`).toContain(status);
      expect(entryStatus(machine, entry as never)).toBe(status);
    }
    expect(entryStatus(machine)).toBe(entries.default);
  });

  it("a sales order starts pending; one placed from a store that does not confirm it starts pending_validation, where only validating leaves to pending", () => {
    expect(entryStatus("sales_order")).toBe("pending");
    expect(entryStatus("sales_order", "store_unconfirmed")).toBe("pending_validation");
    expect(canVerbMove("sales_order", "pending_validation", "pending")).toBe(true);
    expect(entryStatus("sales_order_payment")).toBe("unpaid");
    expect(entryStatus("sales_order_shipping")).toBe("not_delivered");
    expect(entryStatus("estimate")).toBe("pending");
    expect(entryStatus("shipping_order")).toBe("make_the_shipment");
  });

  it("an entry the machine does not name is a bug, not a status", () => {
    expect(() => entryStatus("estimate", "store_unconfirmed" as never)).toThrow(/estimate has no entry store_unconfirmed/);
  });

  it("a delivered shipping order is never shipped again: no verb moves it back to shipped, it may only be cancelled", () => {
    expect(canMove("shipping_order", "delivered", "shipped")).toBe(false);
    expect(canVerbMove("shipping_order", "delivered", "shipped")).toBe(false);
    expect(canMove("shipping_order", "delivered", "cancelled")).toBe(true);
  });
});
