/** Where the contact screens live, and what each needs (platform spec §2 and §6). */
export const CUSTOMERS_PATH = "/contacts/customers";
export const SUPPLIERS_PATH = "/contacts/suppliers";
export const EMPLOYEES_PATH = "/contacts/employees";
export const CUSTOMER_TAGS_PATH = "/contacts/contacts-settings/customer-tags";
export const SUPPLIER_TAGS_PATH = "/contacts/contacts-settings/supplier-tags";

export const VIEW_CUSTOMERS = { allOf: ["view_customers"] } as const;
export const EDIT_CUSTOMERS = { allOf: ["edit_customers"] } as const;
export const VIEW_SUPPLIERS = { allOf: ["view_suppliers"] } as const;
export const EDIT_SUPPLIERS = { allOf: ["edit_suppliers"] } as const;
export const VIEW_EMPLOYEES = { allOf: ["view_employees"] } as const;
export const EDIT_EMPLOYEES = { allOf: ["edit_employees"] } as const;

/** A stored decimal ("12.5000") with at least two decimals and no trailing zeros past them: "12.50", "0.125". */
export function formatAmount(text: string | null): string {
  if (text === null) return "—";
  const [int, frac = ""] = text.split(".");
  return `${int}.${frac.replace(/0+$/, "").padEnd(2, "0")}`;
}

/** A stored decimal without trailing zeros: "12.5000" → "12.5", "10.0000000" → "10". */
export function formatNumber(text: string | null): string {
  if (text === null) return "—";
  return text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}

export interface CountryOption {
  code: string;
  name: string;
}

/** The notices a detail page shows after a redirect. */
export const DETAIL_NOTICES = ["created", "saved", "enabled", "disabled"] as const;
export type DetailNotice = (typeof DETAIL_NOTICES)[number];

export function detailNotice(request: Request): DetailNotice | null {
  const notice = new URL(request.url).searchParams.get("notice");
  return DETAIL_NOTICES.find((n) => n === notice) ?? null;
}
