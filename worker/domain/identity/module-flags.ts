import type { Actor } from "./actor";
import { DomainError, type FieldErrors } from "../shared/domain-error";
import type { Permission } from "./permissions";

/**
 * The module flags (platform spec §6) and what each one governs, in one table read by the page
 * guard, the API guard, the menu builder and the writes. b2b_portal is not here: it is not a
 * module but turns its holder into someone acting as a customer in the store.
 */
export type ModuleFlag = Exclude<
  Permission,
  `view_${string}` | `edit_${string}` | "b2b_portal" | "settings" | "admin" | "account_settings"
>;

/** Records whose inputs carry fields of a module. */
export type FlaggedRecord = "product" | "customer";

export interface ModuleScope {
  /** Back-office pages at or under these addresses. */
  pages: readonly string[];
  /** API calls (paths under /api/v1) at or under these paths; with `methods`, only those methods. */
  api: readonly { path: string; methods?: readonly string[] }[];
  /** Input fields that only a holder may set; with `values`, only those values are the module's. */
  fields: readonly { record: FlaggedRecord; field: string; values?: readonly unknown[] }[];
}

/** Whoever calls a verb: an actor's permissions (null: the system itself, which may do everything). */
export type Caller = Pick<Actor, "permissions"> | null;

const WRITES = ["POST", "PUT", "PATCH", "DELETE"] as const;
const integration = (key: string): ModuleScope => ({ pages: [`/apps/${key}`], api: [], fields: [] });

export const MODULE_FLAGS: Record<ModuleFlag, ModuleScope> = {
  // Assembly products and turning components into assemblies; kits are everyone's.
  assemblies: {
    pages: ["/products-and-services/transform-assembly"],
    api: [{ path: "/assembly-transforms" }],
    fields: [{ record: "product", field: "kind", values: ["assembly"] }],
  },
  batch_tracking: {
    pages: ["/products-and-services/batches"],
    api: [{ path: "/batches" }],
    fields: [
      { record: "product", field: "kind", values: ["batches"] },
      { record: "product", field: "batch_tracked", values: [true] },
    ],
  },
  // Price rules; the price levels stay with edit_price_levels.
  advanced_prices: { pages: ["/products-and-services/price-rules"], api: [{ path: "/price-rules" }], fields: [] },
  intelligence: { pages: ["/intelligence"], api: [], fields: [] },
  // Currencies beyond the default one: their settings, and their prices (set-prices, price-access).
  multi_currencies: { pages: ["/settings/currencies"], api: [{ path: "/currencies", methods: WRITES }], fields: [] },
  // Writing the templates; reading them stays everyone's (documents are emailed with them).
  email_templates: { pages: ["/settings/email-templates"], api: [{ path: "/email-templates", methods: WRITES }], fields: [] },
  alerts: { pages: ["/settings/alerts"], api: [{ path: "/alerts" }], fields: [] },
  account_managers: {
    pages: ["/settings/account-representatives"],
    api: [],
    fields: [{ record: "customer", field: "account_manager_id" }],
  },
  shopify: integration("shopify"),
  quickbooks: integration("quickbooks"),
  stripe: integration("stripe"),
  pennylane: integration("pennylane"),
  sellsy: integration("sellsy"),
};

const FLAGS = Object.entries(MODULE_FLAGS) as [ModuleFlag, ModuleScope][];

/** Whether an address is `prefix` itself or below it ("/setup/step" is under "/setup", "/setups" is not). */
export function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The flags a back-office page (or a menu entry's address) needs. */
export function pageFlags(pathname: string): ModuleFlag[] {
  return FLAGS.filter(([, scope]) => scope.pages.some((p) => under(pathname, p))).map(([flag]) => flag);
}

/** The flags an API call needs: `path` is under /api/v1, written with or without the prefix. */
export function apiFlags(method: string, path: string): ModuleFlag[] {
  const inner = path.replace(/^\/api\/v1(?=\/|$)/, "");
  const verb = method.toUpperCase();
  return FLAGS.filter(([, scope]) => scope.api.some((a) => under(inner, a.path) && (!a.methods || a.methods.includes(verb)))).map(
    ([flag]) => flag,
  );
}

/**
 * Whether a record's field (or one `value` of it) is open to someone holding `held`: forms hide
 * the fields and the values that are not.
 */
export function moduleAllows(held: readonly string[], record: FlaggedRecord, field: string, value?: unknown): boolean {
  return FLAGS.every(
    ([flag, scope]) =>
      held.includes(flag) ||
      !scope.fields.some(
        (f) => f.record === record && f.field === field && (value === undefined ? !f.values : !f.values || f.values.includes(value)),
      ),
  );
}

/**
 * Refuses (403, naming each field) an input setting a field of a module the caller lacks; a
 * null caller is the system itself. Clearing a field (null) and keeping its `current` value
 * are never a module's.
 */
export function assertModuleFields(caller: Caller, record: FlaggedRecord, input: object, current: Record<string, unknown> = {}): void {
  if (!caller) return;
  const fields: FieldErrors = {};
  for (const [field, value] of Object.entries(input))
    if (value !== null && value !== undefined && value !== current[field] && !moduleAllows(caller.permissions, record, field, value))
      fields[field] = { code: "module_disabled" };
  if (Object.keys(fields).length) throw new DomainError("forbidden", {}, fields);
}
