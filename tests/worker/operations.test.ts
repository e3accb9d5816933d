import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Bindings } from "../../worker/env";
import worker from "../../worker/index";

const bindings = env as unknown as Bindings;

describe("background operations", () => {
  it("keeps progress in a Durable Object that only moves forward and completes at 100", async () => {
    const stub = bindings.OPERATIONS.getByName("op-forward");
    await stub.begin("op-forward", "Export products", "export");
    expect(await stub.advance(40)).toMatchObject({ progress: 40, status: "in_progress" });
    expect(await stub.advance(10)).toMatchObject({ progress: 40, status: "in_progress" });
    expect(await stub.advance(250)).toMatchObject({ progress: 100, status: "completed" });
    expect(await stub.cancel()).toMatchObject({ status: "completed" });
  });

  it("can be cancelled only while in progress", async () => {
    const stub = bindings.OPERATIONS.getByName("op-cancel");
    await stub.begin("op-cancel", "Import customers", "import");
    expect(await stub.cancel()).toMatchObject({ status: "cancelled" });
    expect(await stub.advance(100)).toMatchObject({ status: "cancelled", progress: 0 });
  });

  it("applies queued progress messages and acknowledges malformed ones without retrying them", async () => {
    const stub = bindings.OPERATIONS.getByName("op-queue");
    await stub.begin("op-queue", "Bulk PDF", "export_bulk_pdf");
    const batch = createMessageBatch("comptoir-jobs", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: { type: "operation.progress", operationId: "op-queue", progress: 60 } },
      { id: "m2", timestamp: new Date(), attempts: 1, body: { type: "unknown" } },
      // Delivered twice: at-least-once delivery must not move progress backwards.
      { id: "m3", timestamp: new Date(), attempts: 2, body: { type: "operation.progress", operationId: "op-queue", progress: 30 } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, bindings, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["m1", "m2", "m3"]);
    expect(result.retryMessages).toEqual([]);
    expect(await stub.state()).toMatchObject({ progress: 60, status: "in_progress" });
  });

  it("delivers a message sent to the real queue binding to the consumer", async () => {
    const stub = bindings.OPERATIONS.getByName("op-send");
    await stub.begin("op-send", "Price update", "price_update");
    await bindings.JOBS.send({ type: "operation.progress", operationId: "op-send", progress: 100 });
    let state = await stub.state();
    for (let i = 0; i < 50 && state?.status !== "completed"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = await stub.state();
    }
    expect(state).toMatchObject({ progress: 100, status: "completed" });
  });
});
