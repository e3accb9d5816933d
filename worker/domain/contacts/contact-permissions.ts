/** What each contact verb, page and API call needs (platform spec §6): one place for all three. */
export const VIEW_CUSTOMERS = { allOf: ["view_customers"] } as const;
export const EDIT_CUSTOMERS = { allOf: ["edit_customers"] } as const;
export const VIEW_SUPPLIERS = { allOf: ["view_suppliers"] } as const;
export const EDIT_SUPPLIERS = { allOf: ["edit_suppliers"] } as const;
export const VIEW_EMPLOYEES = { allOf: ["view_employees"] } as const;
export const EDIT_EMPLOYEES = { allOf: ["edit_employees"] } as const;

// The read verbs: the lists and the API ask view_*, the edit pages (guarded by edit_* alone) read
// the record and the form's choices too, so either permission lets a verb read.
export const READ_CUSTOMERS = { anyOf: ["view_customers", "edit_customers"] } as const;
export const READ_SUPPLIERS = { anyOf: ["view_suppliers", "edit_suppliers"] } as const;
export const READ_EMPLOYEES = { anyOf: ["view_employees", "edit_employees"] } as const;
