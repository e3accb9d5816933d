// The pieces several customer verbs share: the list registry, the views, the reference checks
// and the columns a write sets.
import { and, asc, eq, inArray, isNull, or, sql, type SQLWrapper } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { controlSchema, tenantSchema, type TenantDb } from "../../../db/client";
import type { Ctx } from "../shared/ctx";
import type { Decimal } from "../shared/decimal";
import { DomainError } from "../shared/domain-error";
import type { FilterValue } from "../shared/list-query";
import { defineListRegistry, likeContains, likePrefix } from "../shared/list-query-sql";
import { PRICE_SCALE, QUANTITY_SCALE, toScaledInteger } from "../shared/money";
import {
  B2B_ACCESS,
  CUSTOMER_STATUSES,
  type CustomerAddressView,
  type CustomerView,
  type ParsedAddress,
  type ParsedCustomer,
} from "./customer-schemas";
import { isEuropean } from "./european-union";
import { assertCurrency, assertPriceLevel, assertTags, conflict, decimalText, fieldError, levelAndCurrencyLookups } from "./shared";

const { customers, customerAddresses, customerTags, customerTagLinks } = tenantSchema;

/** What the customers list filters and sorts on (the list query engine, platform spec §7). */
export const customerListRegistry = defineListRegistry({
  primaryKey: customers.id,
  fields: {
    id: { type: "id", column: customers.id },
    number: { type: "number", column: customers.number, sortable: true },
    label: { type: "text", column: customers.label, sortColumn: sql`${customers.label} collate nocase`, sortable: true },
    active: { type: "boolean", column: customers.active },
    status: { type: "enum", values: CUSTOMER_STATUSES, column: customers.status },
    b2b_access: { type: "enum", values: B2B_ACCESS, column: customers.b2bAccess },
    price_level_id: { type: "id", column: customers.priceLevelId },
    currency_id: { type: "id", column: customers.currencyId },
    account_manager_id: { type: "id", format: "text", column: customers.accountManagerId },
    // Many per customer: turned into EXISTS by `customerFilterSql`, never compared to these columns.
    tag_id: { type: "id", column: customerTagLinks.tagId },
    country: { type: "text", operators: ["eq", "In"], column: customerAddresses.country },
    credit_limit: { type: "decimal", scale: PRICE_SCALE, column: customers.creditLimit, sortable: true },
    created: {
      type: "date",
      column: sql`date(${customers.createdAt} / 1000, 'unixepoch')`,
      sortColumn: customers.createdAt,
      sortable: true,
    },
  },
  // The start of the name or of the number, or an email address containing the text.
  search: (text: string) =>
    or(
      likePrefix(customers.label, text),
      /^\d+$/.test(text) ? likePrefix(sql`cast(${customers.number} as text)`, text) : undefined,
      likeContains(customers.emails, text),
    ),
});

export const customerRelated = {
  tag_id: (values: FilterValue[]) =>
    sql`exists (select 1 from ${customerTagLinks} where ${customerTagLinks.customerId} = ${customers.id} and ${inArray(customerTagLinks.tagId, values as number[])})`,
  country: (values: FilterValue[]) =>
    sql`exists (select 1 from ${customerAddresses} where ${customerAddresses.customerId} = ${customers.id} and ${inArray(
      customerAddresses.country,
      values.map((v) => String(v).toUpperCase()),
    )})`,
};

export type CustomerRow = typeof customers.$inferSelect;
type AddressRow = typeof customerAddresses.$inferSelect;

function addressView(a: AddressRow): CustomerAddressView {
  return {
    id: a.id,
    label: a.label,
    phone: a.phone,
    type: a.type,
    default_billing: a.defaultBilling,
    default_shipping: a.defaultShipping,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    postal_code: a.postalCode,
    province: a.province,
    dependent_locality: a.dependentLocality,
    country: a.country,
    is_european: isEuropean(a.country),
  };
}

/**
 * The reads behind the views of some customers, one query each: their tags and addresses, and the
 * price levels and currencies they name. The ids are a list, or a list page's subquery.
 */
export function customerViewReads(
  db: TenantDb,
  ids: number[] | SQLWrapper,
  levelIds: Parameters<typeof levelAndCurrencyLookups>[1],
  currencyIds: Parameters<typeof levelAndCurrencyLookups>[2],
) {
  return [
    db
      .select({ customerId: customerTagLinks.customerId, id: customerTags.id, label: customerTags.label })
      .from(customerTagLinks)
      .innerJoin(customerTags, eq(customerTags.id, customerTagLinks.tagId))
      .where(inArray(customerTagLinks.customerId, ids))
      .orderBy(sql`${customerTags.label} collate nocase`, asc(customerTags.id)),
    db.select().from(customerAddresses).where(inArray(customerAddresses.customerId, ids)).orderBy(asc(customerAddresses.id)),
    ...levelAndCurrencyLookups(db, levelIds, currencyIds),
  ] as const;
}

/** The tags, addresses, price levels and currencies of some customers in one round trip, one query each. */
export async function customerViews(db: TenantDb, rows: CustomerRow[]): Promise<CustomerView[]> {
  if (rows.length === 0) return [];
  const reads = customerViewReads(
    db,
    rows.map((r) => r.id),
    rows.map((r) => r.priceLevelId),
    rows.map((r) => r.currencyId),
  );
  return assembleCustomerViews(rows, await db.batch(reads));
}

export function assembleCustomerViews(
  rows: CustomerRow[],
  [links, addresses, levels, currencyRows]: BatchResponse<ReturnType<typeof customerViewReads>>,
): CustomerView[] {
  const levelById = new Map(levels.map((l) => [l.id, l]));
  const currencyById = new Map(currencyRows.map((c) => [c.id, c]));
  const tagsOf = Map.groupBy(links, (l) => l.customerId);
  const addressesOf = Map.groupBy(addresses, (a) => a.customerId);
  return rows.map((r) => {
    const tags = (tagsOf.get(r.id) ?? []).map(({ id, label }) => ({ id, label }));
    return {
      id: r.id,
      number: r.number,
      label: r.label,
      emails: r.emails,
      phone: r.phone,
      active: r.active,
      tax_number: r.taxNumber,
      discount_rate: decimalText(r.discountRate, PRICE_SCALE)!,
      location_name: r.locationName,
      location_phone: r.locationPhone,
      status: r.status,
      payment_terms: { type: r.paymentTermsType, days: r.paymentTermsDays },
      notes: r.notes,
      credit_limit: decimalText(r.creditLimit, PRICE_SCALE),
      current_balance: decimalText(r.currentBalance, PRICE_SCALE)!,
      minimum_order_amount: decimalText(r.minimumOrderAmount, PRICE_SCALE),
      minimum_order_quantity: decimalText(r.minimumOrderQuantity, QUANTITY_SCALE),
      private_message: r.privateMessage,
      tax_type: r.taxType,
      price_level_id: r.priceLevelId,
      price_level: r.priceLevelId !== null ? (levelById.get(r.priceLevelId) ?? null) : null,
      currency_id: r.currencyId,
      currency: r.currencyId !== null ? (currencyById.get(r.currencyId) ?? null) : null,
      account_manager_id: r.accountManagerId,
      b2b_access: r.b2bAccess,
      b2b_user_last_access: r.b2bUserLastAccess,
      language: r.language === "en" || r.language === "fr" ? r.language : null,
      tag_ids: tags.map((t) => t.id),
      tags,
      addresses: (addressesOf.get(r.id) ?? []).map(addressView),
      created_at: r.createdAt,
      updated_at: r.updatedAt,
    };
  });
}

export async function customerRow(db: TenantDb, id: number): Promise<CustomerRow> {
  const [found] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  if (!found) throw new DomainError("not_found");
  return found;
}

export const numberTaken = () => conflict("customer_number_taken", "number");

async function assertNumberFree(db: TenantDb, number: number, exceptId?: number) {
  const [found] = await db.select({ id: customers.id }).from(customers).where(eq(customers.number, number)).limit(1);
  if (found && found.id !== exceptId) throw numberTaken();
}

/**
 * The company's active account representatives (active staff users, not B2B ones), as a query
 * on the control database; with `userId`, that one only.
 */
export function accountManagersQuery(control: Ctx["control"], companyId: string, userId?: string) {
  const { memberships, users } = controlSchema;
  return control
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, companyId),
        userId !== undefined ? eq(memberships.userId, userId) : undefined,
        eq(memberships.userType, "accountRepresentative"),
        eq(memberships.active, true),
        isNull(memberships.customerId),
        eq(users.active, true),
      ),
    );
}

async function assertAccountManager(ctx: Ctx, userId: string) {
  const [found] = await accountManagersQuery(ctx.control, ctx.actor.company.id, userId).limit(1);
  if (!found) throw fieldError("account_manager_id", "unknown_account_manager");
}

/** Referenced records that are newly chosen must exist (and be usable); kept ones are left alone. */
export async function checkCustomerReferences(ctx: Ctx, input: ParsedCustomer, current?: CustomerRow) {
  const { db } = ctx;
  if (input.number !== undefined && input.number !== current?.number) await assertNumberFree(db, input.number, current?.id);
  if (input.price_level_id != null && input.price_level_id !== current?.priceLevelId)
    await assertPriceLevel(db, "price_level_id", input.price_level_id, "selling");
  if (input.currency_id != null && input.currency_id !== current?.currencyId) await assertCurrency(db, "currency_id", input.currency_id);
  if (input.account_manager_id != null && input.account_manager_id !== current?.accountManagerId)
    await assertAccountManager(ctx, input.account_manager_id);
  if (input.tag_ids !== undefined) await assertTags(db, customerTags, input.tag_ids);
}

const scaled = (value: Decimal | null | undefined, scale: number) =>
  value === null || value === undefined ? null : Number(toScaledInteger(value, scale));

/** Customer columns from parsed input: only what was given. */
export function customerColumns(input: ParsedCustomer) {
  const given = <K extends keyof ParsedCustomer>(key: K) => input[key] !== undefined;
  return {
    ...(given("number") ? { number: input.number! } : {}),
    ...(given("label") ? { label: input.label! } : {}),
    ...(given("emails") ? { emails: input.emails! } : {}),
    ...(given("phone") ? { phone: input.phone! } : {}),
    ...(given("active") ? { active: input.active! } : {}),
    ...(given("tax_number") ? { taxNumber: input.tax_number! } : {}),
    ...(given("discount_rate") ? { discountRate: scaled(input.discount_rate, PRICE_SCALE)! } : {}),
    ...(given("location_name") ? { locationName: input.location_name! } : {}),
    ...(given("location_phone") ? { locationPhone: input.location_phone! } : {}),
    ...(given("status") ? { status: input.status! } : {}),
    ...(given("payment_terms") ? { paymentTermsType: input.payment_terms!.type, paymentTermsDays: input.payment_terms!.days } : {}),
    ...(given("notes") ? { notes: input.notes! } : {}),
    ...(given("credit_limit") ? { creditLimit: scaled(input.credit_limit, PRICE_SCALE) } : {}),
    ...(given("minimum_order_amount") ? { minimumOrderAmount: scaled(input.minimum_order_amount, PRICE_SCALE) } : {}),
    ...(given("minimum_order_quantity") ? { minimumOrderQuantity: scaled(input.minimum_order_quantity, QUANTITY_SCALE) } : {}),
    ...(given("private_message") ? { privateMessage: input.private_message! } : {}),
    ...(given("tax_type") ? { taxType: input.tax_type! } : {}),
    ...(given("price_level_id") ? { priceLevelId: input.price_level_id! } : {}),
    ...(given("currency_id") ? { currencyId: input.currency_id! } : {}),
    ...(given("account_manager_id") ? { accountManagerId: input.account_manager_id! } : {}),
    ...(given("b2b_access") ? { b2bAccess: input.b2b_access! } : {}),
    ...(given("language") ? { language: input.language! } : {}),
  };
}

export function addressColumns(a: ParsedAddress) {
  return {
    label: a.label ?? null,
    phone: a.phone ?? null,
    type: a.type,
    defaultBilling: a.default_billing,
    defaultShipping: a.default_shipping,
    address1: a.address1 ?? null,
    address2: a.address2 ?? null,
    city: a.city ?? null,
    postalCode: a.postal_code ?? null,
    province: a.province ?? null,
    dependentLocality: a.dependent_locality ?? null,
    country: a.country ?? null,
  };
}

/** One customer as the verbs return it. */
export async function customerView(db: TenantDb, id: number): Promise<CustomerView> {
  return (await customerViews(db, [await customerRow(db, id)]))[0]!;
}
