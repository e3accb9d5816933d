import { and, asc, eq, inArray, isNull, notInArray, or, sql, type SQLWrapper } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { controlSchema, tenantSchema, type ControlDb, type TenantDb } from "../../../db/client";
import { allocateValue } from "../documents/numbering";
import { assertModuleFields, moduleAllows, type Caller } from "../identity/module-flags";
import type { Decimal } from "../shared/decimal";
import { DomainError } from "../shared/domain-error";
import { parseListQuery, type FilterValue } from "../shared/list-query";
import { defineListRegistry, likeContains, likePrefix, runList, type ListResult } from "../shared/list-query-sql";
import { PRICE_SCALE, QUANTITY_SCALE, toScaledInteger } from "../shared/money";
import { isEuropean } from "./european-union";
import { contactFilterSql, withoutFilter } from "./list-filters";
import { PAYMENT_TERMS_TYPES, type PaymentTerms } from "./payment-terms";
import {
  assertCurrency,
  assertPriceLevel,
  assertTags,
  conflict,
  decimalText,
  fieldError,
  isUniqueViolation,
  optionalShape,
  parseInput,
  recordId,
  referenceOptions,
  runBatch,
  strictInput,
  zBoundedDecimal,
  zCountry,
  zDays,
  zFlag,
  zIdList,
  zName,
  zPhone,
  zRef,
  zText,
  levelAndCurrencyLookups,
} from "./shared";
import { DELETE_ASKS, requireAcknowledged } from "../shared/acknowledgements";

const { customers, customerAddresses, customerTags, customerTagLinks } = tenantSchema;

/** Amounts up to 100 billion and quantities up to 100 million: their scaled integers stay exact in JSON numbers. */
const MAX_MONEY = 100_000_000_000;
const MAX_QUANTITY = 100_000_000;
const MAX_ADDRESSES = 50;
const MAX_EMAILS = 20;

export const ADDRESS_TYPES = ["billing", "shipping", "both"] as const;
export const CUSTOMER_STATUSES = ["former_customer", "prospect"] as const;
export const TAX_TYPES = ["tax_exclusive", "tax_inclusive"] as const;
export const B2B_ACCESS = ["none", "requested", "granted", "denied", "disabled"] as const;

export interface CustomerAddressView {
  id: number;
  label: string | null;
  phone: string | null;
  type: (typeof ADDRESS_TYPES)[number];
  default_billing: boolean;
  default_shipping: boolean;
  address1: string | null;
  address2: string | null;
  city: string | null;
  postal_code: string | null;
  province: string | null;
  dependent_locality: string | null;
  country: string | null;
  is_european: boolean;
}

/** A customer as the API and the screens show it (domain spec §3 "Customer"). Decimals are strings. */
export interface CustomerView {
  id: number;
  number: number;
  label: string;
  emails: string[];
  phone: string | null;
  active: boolean;
  tax_number: string | null;
  discount_rate: string;
  location_name: string | null;
  location_phone: string | null;
  status: (typeof CUSTOMER_STATUSES)[number] | null;
  payment_terms: PaymentTerms;
  notes: string | null;
  credit_limit: string | null;
  current_balance: string;
  minimum_order_amount: string | null;
  minimum_order_quantity: string | null;
  private_message: string | null;
  tax_type: (typeof TAX_TYPES)[number] | null;
  price_level_id: number | null;
  price_level: { id: number; label: string } | null;
  currency_id: number | null;
  currency: { id: number; iso: string; label: string } | null;
  account_manager_id: string | null;
  b2b_access: (typeof B2B_ACCESS)[number];
  b2b_user_last_access: number | null;
  tag_ids: number[];
  tags: { id: number; label: string }[];
  addresses: CustomerAddressView[];
  created_at: number;
  updated_at: number;
}

/** Where account managers are found: the staff of the company, in the control database. */
export interface StaffDirectory {
  control: ControlDb;
  companyId: string;
}

// ── Input ────────────────────────────────────────────────────────────────────────────────────

const AddressInput = strictInput({
  id: zRef("unknown_address").optional(),
  label: zText(100).optional(),
  phone: zPhone.optional(),
  type: z.enum(ADDRESS_TYPES, { error: "invalid" }).default("both"),
  default_billing: zFlag.default(false),
  default_shipping: zFlag.default(false),
  address1: zText(200).optional(),
  address2: zText(200).optional(),
  city: zText(100).optional(),
  postal_code: zText(20).optional(),
  province: zText(100).optional(),
  dependent_locality: zText(100).optional(),
  country: zCountry.optional(),
  // Computed from the country: accepted so that a record read back can be sent again, then ignored.
  is_european: z.unknown().optional(),
});
export type CustomerAddressInput = z.input<typeof AddressInput>;

const canBill = (type: string) => type !== "shipping";
const canShip = (type: string) => type !== "billing";

/**
 * A customer's whole address list: one default billing among billing/both addresses, one default
 * shipping among shipping/both; when none is marked, the first suitable address becomes it.
 */
const AddressList = z
  .array(AddressInput, { error: "invalid" })
  .max(MAX_ADDRESSES, "too_long")
  .superRefine((list, ctx) => {
    const seenIds = new Set<number>();
    let billing = 0;
    let shipping = 0;
    list.forEach((a, i) => {
      if (a.id !== undefined) {
        if (seenIds.has(a.id)) ctx.addIssue({ code: "custom", path: [i, "id"], message: "invalid" });
        seenIds.add(a.id);
      }
      if (a.default_billing && !canBill(a.type))
        ctx.addIssue({ code: "custom", path: [i, "default_billing"], message: "address_not_billing" });
      else if (a.default_billing && ++billing > 1)
        ctx.addIssue({ code: "custom", path: [i, "default_billing"], message: "duplicate_default_address" });
      if (a.default_shipping && !canShip(a.type))
        ctx.addIssue({ code: "custom", path: [i, "default_shipping"], message: "address_not_shipping" });
      else if (a.default_shipping && ++shipping > 1)
        ctx.addIssue({ code: "custom", path: [i, "default_shipping"], message: "duplicate_default_address" });
    });
  })
  .transform((list) => {
    const out = list.map((a) => ({ ...a }));
    if (!out.some((a) => a.default_billing)) {
      const first = out.find((a) => canBill(a.type));
      if (first) first.default_billing = true;
    }
    if (!out.some((a) => a.default_shipping)) {
      const first = out.find((a) => canShip(a.type));
      if (first) first.default_shipping = true;
    }
    return out;
  });

const email = z.string({ error: "invalid_email" }).trim().max(320, "too_long").pipe(z.email("invalid_email"));

const fields = {
  number: z.number({ error: "invalid_number" }).int("invalid_number").min(1, "too_small").max(999_999_999_999, "too_large"),
  label: zName(200),
  emails: z
    .array(email, { error: "invalid" })
    .max(MAX_EMAILS, "too_long")
    .transform((list) => [...new Set(list)]),
  phone: zPhone,
  active: zFlag,
  tax_number: zText(50),
  discount_rate: zBoundedDecimal(PRICE_SCALE, { min: 0, max: 100 }),
  location_name: zText(200),
  location_phone: zPhone,
  status: z.enum(CUSTOMER_STATUSES, { error: "invalid" }).nullable(),
  payment_terms: strictInput({ type: z.enum(PAYMENT_TERMS_TYPES, { error: "invalid" }), days: zDays.default(0) }),
  notes: zText(5000),
  credit_limit: zBoundedDecimal(PRICE_SCALE, { min: 0, max: MAX_MONEY, nullable: true }),
  minimum_order_amount: zBoundedDecimal(PRICE_SCALE, { min: 0, max: MAX_MONEY, nullable: true }),
  minimum_order_quantity: zBoundedDecimal(QUANTITY_SCALE, { min: 0, max: MAX_QUANTITY, nullable: true }),
  private_message: zText(2000),
  tax_type: z.enum(TAX_TYPES, { error: "invalid" }).nullable(),
  price_level_id: zRef("unknown_price_level").nullable(),
  currency_id: zRef("unknown_currency").nullable(),
  account_manager_id: z
    .string({ error: "unknown_account_manager" })
    .trim()
    .max(64, "unknown_account_manager")
    .nullable()
    .transform((v) => v || null),
  b2b_access: z.enum(B2B_ACCESS, { error: "invalid" }),
  tag_ids: zIdList("unknown_tag"),
  addresses: AddressList,
};

export const CreateCustomerInput = strictInput({
  ...optionalShape(fields),
  label: fields.label,
  emails: fields.emails.default([]),
  active: fields.active.default(true),
  payment_terms: fields.payment_terms.default({ type: "net", days: 0 }),
  b2b_access: fields.b2b_access.default("none"),
  tag_ids: fields.tag_ids.default([]),
  addresses: fields.addresses.default([]),
});
export type CreateCustomerInput = z.input<typeof CreateCustomerInput>;

/** A partial update; `addresses` replaces the whole list, `tag_ids` the tags. */
export const UpdateCustomerInput = strictInput(optionalShape(fields));
export type UpdateCustomerInput = z.input<typeof UpdateCustomerInput>;

type ParsedUpdate = z.output<typeof UpdateCustomerInput>;
type ParsedAddress = z.output<typeof AddressList>[number];

// ── List ─────────────────────────────────────────────────────────────────────────────────────

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

const related = {
  tag_id: (values: FilterValue[]) =>
    sql`exists (select 1 from ${customerTagLinks} where ${customerTagLinks.customerId} = ${customers.id} and ${inArray(customerTagLinks.tagId, values as number[])})`,
  country: (values: FilterValue[]) =>
    sql`exists (select 1 from ${customerAddresses} where ${customerAddresses.customerId} = ${customers.id} and ${inArray(
      customerAddresses.country,
      values.map((v) => String(v).toUpperCase()),
    )})`,
};

/**
 * One page of customers: filters number, label, active, status, b2b_access, price_level_id,
 * currency_id, account_manager_id, tag_id, country, credit_limit, created; sort label (default),
 * number, credit_limit, created; search on the start of the name or number, or in the emails.
 */
export async function listCustomers(
  db: TenantDb,
  input: URLSearchParams | Record<string, unknown>,
  options?: { ignoreKeys?: readonly string[] },
): Promise<ListResult<CustomerView>> {
  const query = parseListQuery(input, customerListRegistry, options);
  const where = contactFilterSql(customerListRegistry, query, query.filter, related);
  // The page's lookups ride in its batch: one round trip for the rows and everything they show.
  const column = (c: typeof customers.priceLevelId | typeof customers.currencyId, ids: SQLWrapper) =>
    db.select({ id: c }).from(customers).where(inArray(customers.id, ids));
  const { related: lookups, ...result } = await runList(db, {
    from: customers,
    registry: customerListRegistry,
    query: withoutFilter(query),
    where,
    related: (ids) => viewReads(db, ids, column(customers.priceLevelId, ids), column(customers.currencyId, ids)),
  });
  return { ...result, items: assembleViews(result.items, lookups) };
}

// ── Views ────────────────────────────────────────────────────────────────────────────────────

type Row = typeof customers.$inferSelect;
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
function viewReads(
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
async function views(db: TenantDb, rows: Row[]): Promise<CustomerView[]> {
  if (rows.length === 0) return [];
  const reads = viewReads(
    db,
    rows.map((r) => r.id),
    rows.map((r) => r.priceLevelId),
    rows.map((r) => r.currencyId),
  );
  return assembleViews(rows, await db.batch(reads));
}

function assembleViews(rows: Row[], [links, addresses, levels, currencyRows]: BatchResponse<ReturnType<typeof viewReads>>): CustomerView[] {
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
      tag_ids: tags.map((t) => t.id),
      tags,
      addresses: (addressesOf.get(r.id) ?? []).map(addressView),
      created_at: r.createdAt,
      updated_at: r.updatedAt,
    };
  });
}

async function row(db: TenantDb, id: number): Promise<Row> {
  const [found] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  if (!found) throw new DomainError("not_found");
  return found;
}

export async function getCustomer(db: TenantDb, id: unknown): Promise<CustomerView> {
  return (await views(db, [await row(db, recordId(id))]))[0]!;
}

// ── Writes ───────────────────────────────────────────────────────────────────────────────────

const numberTaken = () => conflict("customer_number_taken", "number");

async function assertNumberFree(db: TenantDb, number: number, exceptId?: number) {
  const [found] = await db.select({ id: customers.id }).from(customers).where(eq(customers.number, number)).limit(1);
  if (found && found.id !== exceptId) throw numberTaken();
}

/** An active staff user of the company whose type is account representative. */
async function assertAccountManager(staff: StaffDirectory, userId: string) {
  const { memberships, users } = controlSchema;
  const [found] = await staff.control
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, staff.companyId),
        eq(memberships.userId, userId),
        eq(memberships.userType, "accountRepresentative"),
        eq(memberships.active, true),
        isNull(memberships.customerId),
        eq(users.active, true),
      ),
    )
    .limit(1);
  if (!found) throw fieldError("account_manager_id", "unknown_account_manager");
}

/** The company's account representatives, for the customer form. */
export async function listAccountManagers(staff: StaffDirectory): Promise<{ id: string; name: string }[]> {
  const { memberships, users } = controlSchema;
  const rows = await staff.control
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, staff.companyId),
        eq(memberships.userType, "accountRepresentative"),
        eq(memberships.active, true),
        isNull(memberships.customerId),
        eq(users.active, true),
      ),
    )
    .orderBy(users.firstName, users.lastName, users.id);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim() || r.email }));
}

/** Referenced records that are newly chosen must exist (and be usable); kept ones are left alone. */
async function checkReferences(db: TenantDb, staff: StaffDirectory, input: ParsedUpdate, current?: Row) {
  if (input.number !== undefined && input.number !== current?.number) await assertNumberFree(db, input.number, current?.id);
  if (input.price_level_id != null && input.price_level_id !== current?.priceLevelId)
    await assertPriceLevel(db, "price_level_id", input.price_level_id, "selling");
  if (input.currency_id != null && input.currency_id !== current?.currencyId) await assertCurrency(db, "currency_id", input.currency_id);
  if (input.account_manager_id != null && input.account_manager_id !== current?.accountManagerId)
    await assertAccountManager(staff, input.account_manager_id);
  if (input.tag_ids !== undefined) await assertTags(db, customerTags, input.tag_ids);
}

const scaled = (value: Decimal | null | undefined, scale: number) =>
  value === null || value === undefined ? null : Number(toScaledInteger(value, scale));

/** Customer columns from parsed input: only what was given. */
function columns(input: ParsedUpdate) {
  const given = <K extends keyof ParsedUpdate>(key: K) => input[key] !== undefined;
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
  };
}

function addressColumns(a: ParsedAddress) {
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

/** Creates a customer with its addresses and tags in one batch; the number is the next free one unless given. */
export async function createCustomer(db: TenantDb, raw: unknown, staff: StaffDirectory, caller: Caller): Promise<CustomerView> {
  const input = parseInput(CreateCustomerInput, raw);
  assertModuleFields(caller, "customer", input);
  const addresses = input.addresses.map((a, i) => {
    if (a.id !== undefined) throw fieldError(`addresses.${i}.id`, "unknown_address");
    return a;
  });
  await checkReferences(db, staff, input);
  // The next customer number is taken inside the batch (a typed one moves the sequence past it).
  const numbered = allocateValue(db, "customer", input.number);
  const insert = db
    .insert(customers)
    .values({ ...columns(input), label: input.label, number: numbered.value as unknown as number })
    .returning();
  const newId = sql`(select ${customers.id} from ${customers} where ${customers.number} = ${numbered.value})`;
  const statements: BatchItem<"sqlite">[] = [
    ...numbered.statements,
    insert,
    ...addresses.map((a) => db.insert(customerAddresses).values({ ...addressColumns(a), customerId: newId })),
    ...input.tag_ids.map((tagId) => db.insert(customerTagLinks).values({ customerId: newId, tagId })),
  ];
  try {
    const created = (await runBatch(db, statements))[numbered.statements.length] as Row[];
    return (await views(db, created))[0]!;
  } catch (error) {
    if (isUniqueViolation(error, "customers.number")) throw numberTaken();
    throw error;
  }
}

/** Updates what is given; `addresses` replaces the list (ids kept and updated, new ones added, others removed). */
export async function updateCustomer(
  db: TenantDb,
  id: unknown,
  raw: unknown,
  staff: StaffDirectory,
  caller: Caller,
): Promise<CustomerView> {
  const current = await row(db, recordId(id));
  const input = parseInput(UpdateCustomerInput, raw);
  assertModuleFields(caller, "customer", input, { account_manager_id: current.accountManagerId });
  await checkReferences(db, staff, input, current);

  const statements: BatchItem<"sqlite">[] = [
    db
      .update(customers)
      .set({ ...columns(input), updatedAt: Date.now() })
      .where(eq(customers.id, current.id)),
  ];
  if (input.tag_ids !== undefined)
    statements.push(
      db.delete(customerTagLinks).where(eq(customerTagLinks.customerId, current.id)),
      ...input.tag_ids.map((tagId) => db.insert(customerTagLinks).values({ customerId: current.id, tagId })),
    );
  if (input.addresses !== undefined) {
    const existing = await db
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, current.id));
    const own = new Set(existing.map((a) => a.id));
    input.addresses.forEach((a, i) => {
      if (a.id !== undefined && !own.has(a.id)) throw fieldError(`addresses.${i}.id`, "unknown_address");
    });
    const kept = input.addresses.flatMap((a) => (a.id !== undefined ? [a.id] : []));
    statements.push(
      // Defaults are cleared first: the one-default indexes must hold after every statement.
      db
        .update(customerAddresses)
        .set({ defaultBilling: false, defaultShipping: false })
        .where(eq(customerAddresses.customerId, current.id)),
      db
        .delete(customerAddresses)
        .where(and(eq(customerAddresses.customerId, current.id), kept.length ? notInArray(customerAddresses.id, kept) : undefined)),
      ...input.addresses.map((a) =>
        a.id !== undefined
          ? db
              .update(customerAddresses)
              .set(addressColumns(a))
              .where(and(eq(customerAddresses.id, a.id), eq(customerAddresses.customerId, current.id)))
          : db.insert(customerAddresses).values({ ...addressColumns(a), customerId: current.id }),
      ),
    );
  }
  try {
    await runBatch(db, statements);
  } catch (error) {
    if (isUniqueViolation(error, "customers.number")) throw numberTaken();
    throw error;
  }
  return getCustomer(db, current.id);
}

export async function setCustomerActive(db: TenantDb, id: unknown, active: boolean): Promise<CustomerView> {
  const current = await row(db, recordId(id));
  if (current.active !== active) await db.update(customers).set({ active, updatedAt: Date.now() }).where(eq(customers.id, current.id));
  return getCustomer(db, current.id);
}

/** Deletes a customer with its addresses and tag links. */
export async function deleteCustomer(db: TenantDb, id: unknown, acknowledged: readonly string[]): Promise<void> {
  const current = await row(db, recordId(id));
  requireAcknowledged(acknowledged, DELETE_ASKS.customer);
  // Sales documents will refer to customers: refuse with `in_use` (409) here once they exist.
  await db.batch([
    db.delete(customerTagLinks).where(eq(customerTagLinks.customerId, current.id)),
    db.delete(customerAddresses).where(eq(customerAddresses.customerId, current.id)),
    db.delete(customers).where(eq(customers.id, current.id)),
  ]);
}

/**
 * The choices of the customer form: selling price levels, currencies, customer tags and account
 * managers (null when the caller lacks their module: the form has no such field).
 */
export async function customerFormOptions(db: TenantDb, staff: StaffDirectory, caller: Caller, current?: CustomerView) {
  const [refs, tags, accountManagers] = await Promise.all([
    referenceOptions(db, "selling", { priceLevelId: current?.price_level_id, currencyId: current?.currency_id }),
    db
      .select({ id: customerTags.id, label: customerTags.label })
      .from(customerTags)
      .orderBy(sql`${customerTags.label} collate nocase`, asc(customerTags.id)),
    !caller || moduleAllows(caller.permissions, "customer", "account_manager_id") ? listAccountManagers(staff) : null,
  ]);
  return { ...refs, tags, accountManagers };
}
