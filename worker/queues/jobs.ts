import { z } from "zod";
import type { OperationProgress } from "../durable-objects/operation-progress";
import { consumeOutboxMessage, outboxMessages, type OutboxConsumerDeps } from "./outbox";

/** Messages of the background-jobs queue. Consumers must tolerate at-least-once delivery. */
export const jobMessage = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("operation.progress"),
    operationId: z.string().min(1),
    progress: z.number().int().min(0).max(100),
  }),
  // Rows of the outboxes (decisions/013).
  ...outboxMessages,
]);
export type JobMessage = z.infer<typeof jobMessage>;

/** The bindings the queue uses (a part of the Worker's bindings, named here so env.ts imports this file and not the reverse). */
export interface JobBindings {
  JOBS: Queue<JobMessage>;
  OPERATIONS: DurableObjectNamespace<OperationProgress>;
}

export async function sendJob(bindings: JobBindings, message: JobMessage): Promise<void> {
  await bindings.JOBS.send(jobMessage.parse(message));
}

async function handle(job: JobMessage, bindings: JobBindings, outbox: () => OutboxConsumerDeps): Promise<"done" | "malformed"> {
  if (job.type !== "operation.progress") return (await consumeOutboxMessage(outbox(), job)) === "malformed" ? "malformed" : "done";
  // Progress never moves backwards, so a redelivered message is harmless.
  await bindings.OPERATIONS.getByName(job.operationId).advance(job.progress);
  return "done";
}

export async function consumeJobs(batch: MessageBatch<unknown>, bindings: JobBindings, outbox: () => OutboxConsumerDeps): Promise<void> {
  for (const message of batch.messages) {
    const parsed = jobMessage.safeParse(message.body);
    try {
      if (!parsed.success || (await handle(parsed.data, bindings, outbox)) === "malformed") {
        // A malformed message can never succeed: drop it rather than retry forever.
        console.error("dropping malformed job", parsed.error?.issues ?? message.body);
      }
      message.ack();
    } catch (error) {
      console.error("job failed, will retry", error);
      message.retry();
    }
  }
}
