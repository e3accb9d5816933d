import { useRouteLoaderData } from "react-router";
import type { StorefrontView } from "../../../worker/domain/store/get-storefront";

/** The store's settings as the storefront layout read them, for its pages (what they display, the order form's labels). */
export function useStorefront(): StorefrontView {
  return useRouteLoaderData<{ storefront: StorefrontView }>("routes/layouts/storefront")!.storefront;
}
