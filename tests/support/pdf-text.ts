import { decodePDFRawStream, PDFDocument, PDFRawStream } from "pdf-lib";

// The standard fonts' WinAnsi codes that differ from Latin-1 (the ones documents print).
const WIN_ANSI: Record<number, string> = { 0x80: "€", 0x92: "’", 0x96: "–", 0x97: "—" };

/**
 * The strings a PDF made by pdf-lib shows, one per text operation (a cell's line), in the order
 * they are drawn: its content streams inflated, each `<hex> Tj` decoded from the standard fonts'
 * encoding. For Worker tests, where poppler cannot run; the Node tests read PDFs with pdftotext.
 */
export async function pdfStrings(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const found: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const content = new TextDecoder("latin1").decode(decodePDFRawStream(object).decode());
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      const codes = hex!.match(/../g) ?? [];
      found.push(codes.map((c) => WIN_ANSI[parseInt(c, 16)] ?? String.fromCharCode(parseInt(c, 16))).join(""));
    }
  }
  return found;
}
