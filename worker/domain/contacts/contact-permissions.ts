/** What each contact verb, page and API call needs (platform spec §6): one place for all three. */
export const VIEW_CUSTOMERS = { allOf: ["view_customers"] } as const;
export const EDIT_CUSTOMERS = { allOf: ["edit_customers"] } as const;
export const VIEW_SUPPLIERS = { allOf: ["view_suppliers"] } as const;
export const EDIT_SUPPLIERS = { allOf: ["edit_suppliers"] } as const;
export const VIEW_EMPLOYEES = { allOf: ["view_employees"] } as const;
export const EDIT_EMPLOYEES = { allOf: ["edit_employees"] } as const;
