export const VIEW_SERVICES = { allOf: ["view_services"] } as const;
export const EDIT_SERVICES = { allOf: ["edit_services"] } as const;
export const SERVICES_PATH = "/products-and-services/services";
