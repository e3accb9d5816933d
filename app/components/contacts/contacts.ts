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
