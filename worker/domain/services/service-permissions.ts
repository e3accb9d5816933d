/** What each service verb, page and API call needs (platform spec §6): one place for all three. */
export const VIEW_SERVICES = { allOf: ["view_services"] } as const;
export const EDIT_SERVICES = { allOf: ["edit_services"] } as const;
/** The read verbs: the edit pages (guarded by edit_services alone) read the service and the form's choices too. */
export const READ_SERVICES = { anyOf: ["view_services", "edit_services"] } as const;
