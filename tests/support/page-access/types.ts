import type { Permission } from "../../../worker/domain/identity/permissions";
import type { makeCompany } from "../e2e-factories";

export type E2eCompany = Awaited<ReturnType<typeof makeCompany>>;

export type RouteParams = string | Record<string, string>;

export type Access =
  | { kind: "public" }
  | { kind: "action" } // a form target: its GET only redirects
  | { kind: "redirect"; to: string; allOf: Permission[] } // a guarded page that sends its holder elsewhere
  | { kind: "signed_in" }
  | { kind: "permission"; allOf: Permission[] }
  | { kind: "self_or_permission"; allOf: Permission[] }
  | { kind: "store" }
  | { kind: "own_record" } // one user's own record (an export's file): its own test checks who may open it
  | { kind: "not_found" };

/**
 * One area's pages for the page access test: who may open each route of app/routes.ts, and
 * for routes with :id, how to make a record of a company to open. Each file of this folder
 * (but this one) exports `pages`.
 */
export interface PageArea {
  access: Record<string, Access>;
  /**
   * Per route prefix ("settings/users/"): makes a record in `company` and returns its id (put in
   * place of `:id`), or the value of each parameter of the route (`{ id, variant }`).
   */
  records?: Record<string, (company: E2eCompany) => Promise<RouteParams>>;
}
