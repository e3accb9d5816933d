/** Where the contact screens live, and what each needs (platform spec §2 and §6). */
export const CUSTOMERS_PATH = "/contacts/customers";
export const SUPPLIERS_PATH = "/contacts/suppliers";
export const EMPLOYEES_PATH = "/contacts/employees";
export const CUSTOMER_TAGS_PATH = "/contacts/contacts-settings/customer-tags";
export const SUPPLIER_TAGS_PATH = "/contacts/contacts-settings/supplier-tags";

export {
  EDIT_CUSTOMERS,
  EDIT_EMPLOYEES,
  EDIT_SUPPLIERS,
  VIEW_CUSTOMERS,
  VIEW_EMPLOYEES,
  VIEW_SUPPLIERS,
} from "../../../worker/domain/contacts/contact-permissions";

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
