import { z } from "zod";
import { consumeOutboxMessage, outboxMessages, type OutboxConsumerDeps } from "./outbox";

/** Messages of the background-jobs queue: rows of the outboxes (decisions/013). Consumers must tolerate at-least-once delivery. */
export const jobMessage = z.discriminatedUnion("type", [...outboxMessages]);
export type JobMessage = z.infer<typeof jobMessage>;

async function handle(job: JobMessage, outbox: () => OutboxConsumerDeps): Promise<"done" | "malformed"> {
  return (await consumeOutboxMessage(outbox(), job)) === "malformed" ? "malformed" : "done";
}

export async function consumeJobs(batch: MessageBatch<unknown>, outbox: () => OutboxConsumerDeps): Promise<void> {
  for (const message of batch.messages) {
    const parsed = jobMessage.safeParse(message.body);
    try {
      if (!parsed.success || (await handle(parsed.data, outbox)) === "malformed") {
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
