import type { PaymentTerms } from "../../contacts/payment-terms";
import type { NumberFormat } from "../../shared/format";
import type { WeightUnit } from "../../shared/money";
import type { PrintableKind } from "./pdf-settings";

/** A line as printed: amounts and quantities are decimal strings, as the line engine gives them. */
export type PrintableLine =
  | {
      kind: "item";
      sku: string | null;
      description: string;
      quantity: string;
      unitPrice: string | null;
      /** "10" with type percentage prints "10 %"; an amount prints in the document's currency. */
      discount: { value: string; type: "percentage" | "amount" } | null;
      /** The taxes' labels or rates as the line shows them ("20 %", "TPS + TVQ"). */
      tax: string | null;
      total: string | null;
      ecotax: string | null;
      weightGrams: string | null;
      /** A pack line: its quantity counts packs of `label`, which make `units` units. */
      pack?: { label: string; units: string } | null;
    }
  /** A kit's component: printed under its kit, indented, without price. */
  | { kind: "component"; sku: string | null; description: string; quantity: string; weightGrams: string | null }
  /** A free text line. */
  | { kind: "text"; description: string };

export interface PrintableParty {
  label: string;
  /** The address as lines, already in the order the country writes it. */
  lines: string[];
}

/**
 * Everything a document's PDF shows, gathered by the document's own verb. Internal notes are not
 * part of it: they are never printed.
 */
export interface PrintableDocument {
  kind: PrintableKind;
  number: string;
  /** A draft (an invoice not yet finalised) has no number: "Draft" prints in its place. */
  draft?: boolean;
  /** A deposit invoice, titled as one. */
  deposit?: boolean;
  /** The document's own label or the customer's reference, printed under the number. */
  reference: string | null;
  /** The issue date, YYYY-MM-DD. */
  date: string;
  /** Further dates the kind carries (an estimate's expiry, an invoice's due date…). */
  dates: { key: "expiration_date" | "due_date" | "shipping_date"; date: string }[];
  /** Documents this one belongs to, by number (a delivery note's order). */
  references?: { key: "sales_order"; number: string }[];
  company: { label: string; addressLines: string[]; contactLines: string[] };
  /**
   * What the law asks a (French) business to print on its documents, at the foot of every page
   * with its address: legal form, share capital (in `currency`), SIREN, SIRET, RCS city, VAT number.
   */
  legal?: {
    legalForm: string | null;
    shareCapital: { amount: string; currency: string } | null;
    siren: string | null;
    siret: string | null;
    rcsCity: string | null;
    vatNumber: string | null;
  } | null;
  /** The customer's payment terms, printed under the totals. */
  paymentTerms?: PaymentTerms | null;
  logo: { bytes: Uint8Array; type: "png" | "jpeg" } | null;
  billTo: PrintableParty | null;
  shipTo: PrintableParty | null;
  customerNumber: string | null;
  /** Whether amounts are printed (a shipping order prints quantities only). */
  priced: boolean;
  /** The document's currency: amounts are written in the PDF's language (shared/format.ts formatMoney). */
  currency: { iso: string; decimals?: number };
  numberFormat: NumberFormat;
  /** 'global' (VAT: the totals read HT, TVA, TTC) or 'us' (sales taxes by their own labels); global unless said. */
  taxModel?: "us" | "global";
  /** The unit weights print in (two decimals); kg unless said. */
  weightUnit?: WeightUnit;
  lines: PrintableLine[];
  totals: {
    subtotal: string;
    discount: string | null;
    shipping: string | null;
    /** The tax on shipping, when it is taxed. */
    shippingTax?: string | null;
    /** Per tax: its own label (US model), and its rate (the VAT rows of the global model: "TVA 20 %"). */
    taxes: { label: string; rate?: string | null; amount: string }[];
    taxTotal: string;
    ecotax: string | null;
    /** Before tax, after discounts, with shipping: what "Total HT" shows. */
    totalExclTax?: string;
    total: string;
    weightGrams: string | null;
  } | null;
  /** An invoice's payments so far: printed under its total. */
  payment?: { amountPaid: string; remainingToPay: string } | null;
  /** A refund: what it pays back on top of its total (negative: held back) and in all, printed under its total when they differ. */
  refund?: { discrepancy: string; amount: string } | null;
  notes: string | null;
  terms: string | null;
}
