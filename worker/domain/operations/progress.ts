/** Statuses of a background operation (platform spec §4 "Background operations"). */
export const OPERATION_STATUSES = ["in_progress", "revert_in_progress", "completed", "cancelled", "reverted"] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

/** Exports appear in the exports menu and count as exports; every other type in the operations menu. */
export function isExport(type: string): boolean {
  return type === "export" || type === "export_bulk_pdf";
}

/** The bar's colour: red when cancelled, amber under 100, green otherwise. */
export function progressColour(operation: { status: OperationStatus; progress: number }): "red" | "amber" | "green" {
  if (operation.status === "cancelled") return "red";
  return operation.progress < 100 ? "amber" : "green";
}
