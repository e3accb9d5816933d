/** Rules of background-operation progress (platform spec §4 "Background operations"). */
export type OperationStatus = "in_progress" | "revert_in_progress" | "completed" | "cancelled" | "reverted";

export interface OperationState {
  id: string;
  label: string;
  type: string;
  status: OperationStatus;
  progress: number;
  errors: string[];
  updatedAt: number;
}

export function startOperation(id: string, label: string, type: string, now: number): OperationState {
  return { id, label, type, status: "in_progress", progress: 0, errors: [], updatedAt: now };
}

/** Progress only moves forward, stays within 0..100, and completes the operation at 100. */
export function advanceOperation(state: OperationState, progress: number, now: number): OperationState {
  if (state.status !== "in_progress") return state;
  const next = Math.max(state.progress, Math.min(100, Math.round(progress)));
  return { ...state, progress: next, status: next === 100 ? "completed" : "in_progress", updatedAt: now };
}

/** Cancel is offered only while in progress. */
export function cancelOperation(state: OperationState, now: number): OperationState {
  return state.status === "in_progress" ? { ...state, status: "cancelled", updatedAt: now } : state;
}

export function isExport(type: string): boolean {
  return type === "export" || type === "export_bulk_pdf";
}
