import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { currencies, priceLevels } from "./catalogue";

// Money at 4 decimals, quantities at 7, percentages at 4 (as in catalogue.ts).
const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;
const nocase = (column: { name: string }) => sql`${sql.identifier(column.name)} collate nocase`;

/** The company's customers (domain spec §3 'Customer'). `number` is the customer number people quote. */
export const customers = sqliteTable(
  "customers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    number: integer("number").notNull(),
    label: text("label").notNull(),
    emails: text("emails", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    phone: text("phone"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    taxNumber: text("tax_number"),
    discountRate: integer("discount_rate").notNull().default(0),
    locationName: text("location_name"),
    locationPhone: text("location_phone"),
    status: text("status", { enum: ["former_customer", "prospect"] }),
    paymentTermsType: text("payment_terms_type", { enum: ["net", "eom"] })
      .notNull()
      .default("net"),
    paymentTermsDays: integer("payment_terms_days").notNull().default(0),
    notes: text("notes"),
    creditLimit: integer("credit_limit"),
    currentBalance: integer("current_balance").notNull().default(0),
    minimumOrderAmount: integer("minimum_order_amount"),
    minimumOrderQuantity: integer("minimum_order_quantity"),
    privateMessage: text("private_message"),
    taxType: text("tax_type", { enum: ["tax_exclusive", "tax_inclusive"] }),
    priceLevelId: integer("price_level_id").references(() => priceLevels.id),
    currencyId: integer("currency_id").references(() => currencies.id),
    // A user of the control database (account representative).
    accountManagerId: text("account_manager_id"),
    b2bAccess: text("b2b_access", { enum: ["none", "requested", "granted", "denied", "disabled"] })
      .notNull()
      .default("none"),
    b2bUserLastAccess: integer("b2b_user_last_access"),
    // The language of the documents sent to this customer ("en", "fr"); none: the company's.
    language: text("language"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("customers_number_unique").on(t.number),
    index("customers_label_idx").on(nocase(t.label), t.id),
    check(
      "customers_amounts_non_negative",
      sql`coalesce(${t.creditLimit}, 0) >= 0 and coalesce(${t.minimumOrderAmount}, 0) >= 0 and ${t.discountRate} between 0 and 1000000 and ${t.paymentTermsDays} >= 0`,
    ),
  ],
);

/** A customer's addresses: billing, shipping or both, with one default of each kind. */
export const customerAddresses = sqliteTable(
  "customer_addresses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    label: text("label"),
    phone: text("phone"),
    type: text("type", { enum: ["billing", "shipping", "both"] })
      .notNull()
      .default("both"),
    defaultBilling: integer("default_billing", { mode: "boolean" }).notNull().default(false),
    defaultShipping: integer("default_shipping", { mode: "boolean" }).notNull().default(false),
    address1: text("address1"),
    address2: text("address2"),
    city: text("city"),
    postalCode: text("postal_code"),
    province: text("province"),
    dependentLocality: text("dependent_locality"),
    country: text("country"),
  },
  (t) => [
    index("customer_addresses_customer_idx").on(t.customerId),
    uniqueIndex("customer_addresses_one_default_billing")
      .on(t.customerId)
      .where(sql`${t.defaultBilling} = 1`),
    uniqueIndex("customer_addresses_one_default_shipping")
      .on(t.customerId)
      .where(sql`${t.defaultShipping} = 1`),
  ],
);

export const customerTags = sqliteTable(
  "customer_tags",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    label: text("label").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("customer_tags_label_unique").on(nocase(t.label))],
);

export const customerTagLinks = sqliteTable(
  "customer_tag_links",
  {
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => customerTags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.tagId] }), index("customer_tag_links_tag_idx").on(t.tagId)],
);

/** Suppliers (domain spec §3 'Supplier and employee'), with their default purchasing values. */
export const suppliers = sqliteTable(
  "suppliers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    website: text("website"),
    socialLinks: text("social_links", { mode: "json" })
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'`),
    notes: text("notes"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    defaultCurrencyId: integer("default_currency_id").references(() => currencies.id),
    defaultPriceLevelId: integer("default_price_level_id").references(() => priceLevels.id),
    defaultPaymentTermsDays: integer("default_payment_terms_days"),
    defaultLeadTimeDays: integer("default_lead_time_days"),
    address1: text("address1"),
    address2: text("address2"),
    city: text("city"),
    postalCode: text("postal_code"),
    province: text("province"),
    country: text("country"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [index("suppliers_name_idx").on(nocase(t.name), t.id)],
);

export const supplierTags = sqliteTable(
  "supplier_tags",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    label: text("label").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("supplier_tags_label_unique").on(nocase(t.label))],
);

export const supplierTagLinks = sqliteTable(
  "supplier_tag_links",
  {
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => supplierTags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.supplierId, t.tagId] })],
);

export const employees = sqliteTable(
  "employees",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    label: text("label").notNull(),
    position: text("position"),
    employer: text("employer"),
    email: text("email"),
    phone: text("phone"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    notes: text("notes"),
    address1: text("address1"),
    address2: text("address2"),
    city: text("city"),
    postalCode: text("postal_code"),
    province: text("province"),
    country: text("country"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [index("employees_label_idx").on(nocase(t.label), t.id)],
);
