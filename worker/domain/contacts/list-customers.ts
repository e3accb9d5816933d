import { inArray, isNotNull, type SQLWrapper } from "drizzle-orm";
import { keptSelect, tenantSchema, type TenantDb } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { parseListQuery } from "../shared/list-query";
import { runList, type ListResult } from "../shared/list-query-sql";
import { READ_CUSTOMERS } from "./contact-permissions";
import { assembleCustomerViews, customerListRegistry, customerRelated, customerViewReads } from "./customer-queries";
import type { CustomerView } from "./customer-schemas";
import { contactFilterSql, withoutFilter } from "./list-filters";

const { customers, customerAddresses } = tenantSchema;

/** A column of the page's customers, as a subquery. */
const column = (db: TenantDb, c: typeof customers.priceLevelId | typeof customers.currencyId, ids: SQLWrapper) =>
  db.select({ id: c }).from(customers).where(inArray(customers.id, ids));

/** The page's lookups ride in its batch: one round trip for the rows and everything they show. */
const pageLookups = (db: TenantDb, ids: SQLWrapper) =>
  customerViewReads(db, ids, column(db, customers.priceLevelId, ids), column(db, customers.currencyId, ids));

/**
 * One page of customers: filters number, label, active, status, b2b_access, price_level_id,
 * currency_id, account_manager_id, tag_id, country, credit_limit, created; sort label (default),
 * number, credit_limit, created; search on the start of the name or number, or in the emails.
 */
export async function listCustomers(ctx: Ctx, input: URLSearchParams | Record<string, unknown>): Promise<ListResult<CustomerView>> {
  requirePermission(ctx, READ_CUSTOMERS);
  const query = parseListQuery(input, customerListRegistry);
  const where = contactFilterSql(customerListRegistry, query, query.filter, customerRelated);
  const { related: lookups, ...result } = await runList(ctx.db, {
    from: customers,
    registry: customerListRegistry,
    query: withoutFilter(query),
    where,
    related: pageLookups,
  });
  return { ...result, items: assembleCustomerViews(result.items, lookups) };
}

// The customer list reads them at every visit: built once per isolate.
const readCountries = keptSelect((db: TenantDb) =>
  db.selectDistinct({ country: customerAddresses.country }).from(customerAddresses).where(isNotNull(customerAddresses.country)),
);

/**
 * The countries the customers list's country filter offers: those of the customers' addresses (a
 * filter offers the values it can find; a list of every country on earth would be longer than most
 * lists it filters), and the one the list already filters on, so that a saved view keeps its value.
 */
export async function customerCountries(ctx: Ctx, input: { filtered?: string | null } = {}): Promise<string[]> {
  requirePermission(ctx, READ_CUSTOMERS);
  const rows = await readCountries(ctx.db);
  const filtered = input.filtered?.toUpperCase();
  const countries = rows.map((r) => r.country!);
  return filtered && !countries.includes(filtered) ? [...countries, filtered] : countries;
}
