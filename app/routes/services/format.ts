export { EDIT_SERVICES, VIEW_SERVICES } from "../../../worker/domain/services/service-permissions";
export const SERVICES_PATH = "/products-and-services/services";
