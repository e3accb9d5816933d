/** Whether a failed write broke a unique index (two writers at once: the index decides). */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) parts.push(String(e));
  const text = parts.join("\n");
  return /UNIQUE constraint failed/i.test(text) && (column === undefined || text.includes(column));
}
