/** The media type of a Content-Type header without its parameters (`; charset=utf-8`), lower-cased; "" when absent. */
export function mediaType(header: string | null | undefined): string {
  return (header ?? "").split(";")[0]!.trim().toLowerCase();
}
