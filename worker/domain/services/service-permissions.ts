/** What each service verb, page and API call needs (platform spec §6): one place for all three. */
export const VIEW_SERVICES = { allOf: ["view_services"] } as const;
export const EDIT_SERVICES = { allOf: ["edit_services"] } as const;
