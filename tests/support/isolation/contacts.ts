import { sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { tenantSchema } from "../../../db/client";
import type { IsolationArea, IsolationCompany } from "./types";

const { customers, suppliers, employees, customerTags, supplierTags } = tenantSchema;

/** An id free in `theirs` that names nothing in `mine`: past the largest id of that table in both. */
async function freeId(theirs: IsolationCompany, mine: IsolationCompany, table: SQLiteTable): Promise<number> {
  const largest = async (company: IsolationCompany) =>
    (await company.db.all<{ max: number | null }>(sql`select max(id) as max from ${table}`))[0]?.max ?? 0;
  return Math.max(await largest(mine), await largest(theirs)) + 1;
}

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

export const isolation: IsolationArea = {
  bodies: {
    "post /customers": {
      label: "Isolation customer",
      emails: ["iso@example.test"],
      addresses: [{ type: "both", city: "Paris", country: "FR" }],
    },
    "patch /customers/{id}": { label: "Changed" },
    "post /customers/{id}/enable": {},
    "post /customers/{id}/disable": {},
    "post /suppliers": { name: "Isolation supplier" },
    "patch /suppliers/{id}": { name: "Changed" },
    "post /suppliers/{id}/enable": {},
    "post /suppliers/{id}/disable": {},
    "post /employees": { label: "Isolation employee" },
    "patch /employees/{id}": { label: "Changed" },
    "post /employees/{id}/enable": {},
    "post /employees/{id}/disable": {},
    "post /customer-tags": { label: "Isolation tag" },
    "patch /customer-tags/{id}": { label: "Changed tag" },
    "post /supplier-tags": { label: "Isolation tag" },
    "patch /supplier-tags/{id}": { label: "Changed tag" },
  },
  records: {
    "/customers/": async (theirs, mine) => {
      const id = await freeId(theirs, mine, customers);
      await theirs.db.insert(customers).values({ id, number: id, label: "Theirs" });
      return String(id);
    },
    "/suppliers/": async (theirs, mine) => {
      const id = await freeId(theirs, mine, suppliers);
      await theirs.db.insert(suppliers).values({ id, name: "Theirs" });
      return String(id);
    },
    "/employees/": async (theirs, mine) => {
      const id = await freeId(theirs, mine, employees);
      await theirs.db.insert(employees).values({ id, label: "Theirs" });
      return String(id);
    },
    "/customer-tags/": async (theirs, mine) => {
      const id = await freeId(theirs, mine, customerTags);
      await theirs.db.insert(customerTags).values({ id, label: `Theirs ${unique()}` });
      return String(id);
    },
    "/supplier-tags/": async (theirs, mine) => {
      const id = await freeId(theirs, mine, supplierTags);
      await theirs.db.insert(supplierTags).values({ id, label: `Theirs ${unique()}` });
      return String(id);
    },
  },
};
