import { DurableObject } from "cloudflare:workers";
import { advanceOperation, cancelOperation, startOperation, type OperationState } from "../domain/operations/progress";

/**
 * Live progress of one background operation, addressed by its id: queue consumers report
 * into it and the operations menu reads it, without touching the company database each time.
 */
export class OperationProgress extends DurableObject {
  async begin(id: string, label: string, type: string): Promise<OperationState> {
    const state = startOperation(id, label, type, Date.now());
    await this.ctx.storage.put("state", state);
    return state;
  }

  async advance(progress: number): Promise<OperationState | null> {
    const state = await this.ctx.storage.get<OperationState>("state");
    if (!state) return null;
    const next = advanceOperation(state, progress, Date.now());
    await this.ctx.storage.put("state", next);
    return next;
  }

  async cancel(): Promise<OperationState | null> {
    const state = await this.ctx.storage.get<OperationState>("state");
    if (!state) return null;
    const next = cancelOperation(state, Date.now());
    await this.ctx.storage.put("state", next);
    return next;
  }

  async state(): Promise<OperationState | null> {
    return (await this.ctx.storage.get<OperationState>("state")) ?? null;
  }
}
