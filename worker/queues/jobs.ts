import { z } from "zod";
import { CLAIM_LEASE_MS, consumeOutboxMessage, outboxMessages, type OutboxConsumerDeps } from "./outbox";

/** Messages of the background-jobs queue: rows of the outboxes (decisions/013). Consumers must tolerate at-least-once delivery. */
export const jobMessage = z.discriminatedUnion("type", [...outboxMessages]);
export type JobMessage = z.infer<typeof jobMessage>;

export async function consumeJobs(batch: MessageBatch<unknown>, outbox: () => OutboxConsumerDeps): Promise<void> {
  for (const message of batch.messages) {
    const parsed = jobMessage.safeParse(message.body);
    try {
      const outcome = parsed.success ? await consumeOutboxMessage(outbox(), parsed.data) : "malformed";
      // Another consumer holds the message: asked again once its claim is done or has expired (never dropped).
      if (outcome === "busy") {
        message.retry({ delaySeconds: CLAIM_LEASE_MS / 1000 });
        continue;
      }
      // A malformed message can never succeed: drop it rather than retry forever.
      if (outcome === "malformed") console.error("dropping malformed job", parsed.error?.issues ?? message.body);
      message.ack();
    } catch (error) {
      console.error("job failed, will retry", error);
      message.retry();
    }
  }
}
