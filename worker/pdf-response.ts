/** A document's PDF as a download named after its number. */
export function pdfResponse(pdf: { bytes: Uint8Array; filename: string }): Response {
  return new Response(pdf.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${pdf.filename}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
