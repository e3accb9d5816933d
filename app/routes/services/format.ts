/** A price as stored ("12.5000") shown with at least two decimals and no trailing zeros past them: "12.50", "0.125". */
export function formatPrice(text: string): string {
  const [int, frac = ""] = text.split(".");
  const trimmed = frac.replace(/0+$/, "").padEnd(2, "0");
  return `${int}.${trimmed}`;
}

export const VIEW_SERVICES = { allOf: ["view_services"] } as const;
export const EDIT_SERVICES = { allOf: ["edit_services"] } as const;
export const SERVICES_PATH = "/products-and-services/services";
