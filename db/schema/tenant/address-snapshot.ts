/** An address as it was when the document was made: later edits of the customer do not reprint old documents. */
export interface AddressSnapshot {
  label: string;
  lines: string[];
  country: string | null;
}
