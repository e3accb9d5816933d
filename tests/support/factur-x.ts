import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFStream, PDFString } from "pdf-lib";
import type { ComfortProfile } from "factur-x-kit";
import { expect } from "vitest";

/**
 * The `factur-x.xml` a PDF carries, read with pdf-lib alone (not with the library that wrote it):
 * the file specification named so in the catalogue's embedded files, its stream inflated. Also
 * what the catalogue says of it (its AF entry) and the XMP metadata's text.
 */
export async function extractFacturX(bytes: Uint8Array): Promise<{ xml: string; relationship: string | null; inAF: boolean; xmp: string }> {
  const pdf = await PDFDocument.load(bytes);
  const names = pdf.catalog.lookupMaybe(PDFName.of("Names"), PDFDict);
  const files = names?.lookupMaybe(PDFName.of("EmbeddedFiles"), PDFDict);
  const list = files?.lookupMaybe(PDFName.of("Names"), PDFArray);
  if (!list) throw new Error("no embedded files");
  for (let i = 0; i + 1 < list.size(); i += 2) {
    const name = list.lookup(i);
    const text = name instanceof PDFString || name instanceof PDFHexString ? name.decodeText() : "";
    if (text !== "factur-x.xml") continue;
    const spec = list.lookup(i + 1, PDFDict);
    const stream = spec.lookup(PDFName.of("EF"), PDFDict).lookup(PDFName.of("F"), PDFStream);
    const xml = new TextDecoder().decode(decodePDFRawStream(stream as never).decode());
    const relationship = spec.lookupMaybe(PDFName.of("AFRelationship"), PDFName)?.decodeText() ?? null;
    const af = pdf.catalog.lookupMaybe(PDFName.of("AF"), PDFArray);
    const inAF = af ? af.asArray().some((ref) => pdf.context.lookup(ref) === spec) : false;
    const metadata = pdf.catalog.lookupMaybe(PDFName.of("Metadata"), PDFStream);
    const xmp = metadata ? new TextDecoder().decode((metadata as unknown as { getContents(): Uint8Array }).getContents()) : "";
    return { xml, relationship, inAF, xmp };
  }
  throw new Error("no factur-x.xml");
}

const cents = (n: number | undefined) => Math.round((n ?? 0) * 100);
const sum = (values: (number | undefined)[]) => values.reduce<number>((s, v) => s + cents(v), 0);

/** The invoice's figures the XML must say to the cent (strings as the API answers them). */
export interface ExpectedTotals {
  total_excl_tax: string;
  tax_total: string;
  total: string;
  due_date: string | null;
}

/**
 * The EN 16931 business rules that can run here on Factur-X data (as factur-x-kit parses the XML
 * back), and the invoice's own totals: BR-CO-10 to BR-CO-16, the VAT breakdown (BR-S-08, BR-S-09,
 * BR-CO-17 within the rounding of a cent, BR-E-08), the identifiers the French profile asks
 * (BR-06, BR-07, BR-08, BR-11, BR-CO-26, BR-S-02) and the due date (BT-9, BR-CO-25).
 */
export function checkFacturX(data: ComfortProfile, expected: ExpectedTotals) {
  const t = data.totals;
  const allowances = t.documentLevelAllowancesAndCharges?.allowances ?? [];
  const charges = t.documentLevelAllowancesAndCharges?.charges ?? [];
  // BR-CO-10: the sum of the line net amounts.
  expect(sum(data.invoiceLines.map((l) => l.settlement.lineTotals.netTotal))).toBe(cents(t.sumWithoutAllowancesAndCharges));
  // BR-CO-11, BR-CO-12: the allowances' and charges' totals.
  expect(sum(allowances.map((a) => a.actualAmount))).toBe(cents(t.allowanceTotalAmount));
  expect(sum(charges.map((c) => c.actualAmount))).toBe(cents(t.chargeTotalAmount));
  // BR-CO-13: without VAT = lines − allowances + charges.
  expect(cents(t.netTotal)).toBe(cents(t.sumWithoutAllowancesAndCharges) - cents(t.allowanceTotalAmount) + cents(t.chargeTotalAmount));
  // BR-CO-14: the VAT total is the sum of the breakdown's.
  expect(sum((t.taxTotal ?? []).map((x) => x.amount))).toBe(sum(t.taxBreakdown.map((b) => b.calculatedAmount)));
  // BR-CO-15: with VAT = without VAT + VAT.
  expect(cents(t.grossTotal)).toBe(cents(t.netTotal) + sum((t.taxTotal ?? []).map((x) => x.amount)));
  // BR-CO-16: due = with VAT − paid + rounding.
  expect(cents(t.openAmount)).toBe(cents(t.grossTotal) - cents(t.prepaidAmount) + cents(t.roundingAmount));
  // The VAT breakdown: one row per category and rate, its basis the lines', allowances' and charges' of it.
  const key = (tax: { categoryCode: string; rateApplicablePercent?: number | undefined }) =>
    `${tax.categoryCode}:${tax.rateApplicablePercent ?? 0}`;
  const keys = t.taxBreakdown.map(key);
  expect(new Set(keys).size).toBe(keys.length);
  for (const row of t.taxBreakdown) {
    const k = key(row);
    const basis =
      sum(data.invoiceLines.filter((l) => key(l.settlement.tax) === k).map((l) => l.settlement.lineTotals.netTotal)) -
      sum(allowances.filter((a) => key(a.categoryTradeTax) === k).map((a) => a.actualAmount)) +
      sum(charges.filter((c) => key(c.categoryTradeTax) === k).map((c) => c.actualAmount));
    expect(cents(row.basisAmount), `basis of ${k}`).toBe(basis);
    const computed = Math.round((cents(row.basisAmount) * (row.rateApplicablePercent ?? 0)) / 100);
    expect(Math.abs(cents(row.calculatedAmount) - computed), `VAT of ${k}`).toBeLessThanOrEqual(1);
    if (row.categoryCode === "E") expect(row.exemptionReason ?? row.exemptionReasonCode).toBeTruthy();
  }
  // Every line, allowance and charge is in a category of the breakdown.
  for (const tax of [
    ...data.invoiceLines.map((l) => l.settlement.tax),
    ...allowances.map((a) => a.categoryTradeTax),
    ...charges.map((c) => c.categoryTradeTax),
  ])
    expect(keys).toContain(key(tax));
  // The parties.
  expect(data.seller.name).toBeTruthy();
  expect(data.seller.postalAddress.country).toBeTruthy();
  expect(data.buyer.name).toBeTruthy();
  expect(data.buyer.postalAddress.country).toBeTruthy();
  expect(data.seller.specifiedLegalOrganization?.id?.id ?? data.seller.taxIdentification?.vatId).toBeTruthy();
  if (t.taxBreakdown.some((b) => b.categoryCode === "S")) expect(data.seller.taxIdentification?.vatId).toBeTruthy();
  // BT-9, and the invoice's own totals to the cent.
  const due = data.paymentInformation.paymentTerms?.dueDate;
  expect(due).toBeTruthy();
  expect(`${due!.year}-${String(due!.month).padStart(2, "0")}-${String(due!.day).padStart(2, "0")}`).toBe(expected.due_date);
  expect(cents(t.netTotal)).toBe(cents(Number(expected.total_excl_tax)));
  expect(sum((t.taxTotal ?? []).map((x) => x.amount))).toBe(cents(Number(expected.tax_total)));
  expect(cents(t.grossTotal)).toBe(cents(Number(expected.total)));
  expect(cents(t.openAmount)).toBe(cents(Number(expected.total)));
}
