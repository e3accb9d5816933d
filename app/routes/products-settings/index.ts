import { redirect } from "react-router";

// The menu's products settings open on their first tab; the page itself guards access.
export function loader() {
  return redirect("/products-and-services/products-settings/attributes");
}
