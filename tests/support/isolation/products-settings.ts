import { sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { tenantSchema } from "../../../db/client";
import type { IsolationArea, IsolationCompany } from "./types";

const { attributes, attributeOptions, brands, productTags, seasons } = tenantSchema;

async function maxId(company: IsolationCompany, table: SQLiteTable): Promise<number> {
  const [row] = await company.db.all<{ id: number | null }>(sql`select max(id) as id from ${table}`);
  return Number(row?.id ?? 0);
}

/** An id in `theirs` above every id of `mine`, so that it can only name their record. */
async function freshId(theirs: IsolationCompany, mine: IsolationCompany, table: SQLiteTable): Promise<number> {
  return Math.max(await maxId(theirs, table), await maxId(mine, table)) + 1;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const isolation: IsolationArea = {
  bodies: {
    "post /attributes": { label: `Size ${unique()}`, options: ["S", "M", "L"] },
    "patch /attributes/{id}": { label: "Changed" },
    "post /brands": { label: `Brand ${unique()}` },
    "patch /brands/{id}": { label: "Changed" },
    "post /brands/{id}/enable": {},
    "post /brands/{id}/disable": {},
    "post /product-tags": { label: `Tag ${unique()}` },
    "patch /product-tags/{id}": { label: "Changed" },
    "post /seasons": { label: `Season ${unique()}` },
    "patch /seasons/{id}": { label: "Changed" },
  },
  records: {
    "/attributes/": async (theirs, mine) => {
      const id = await freshId(theirs, mine, attributes);
      await theirs.db.insert(attributes).values({ id, label: `Theirs ${id} ${unique()}` });
      await theirs.db.insert(attributeOptions).values({ attributeId: id, label: "Theirs", position: 1 });
      return String(id);
    },
    "/brands/": async (theirs, mine) => {
      const id = await freshId(theirs, mine, brands);
      await theirs.db.insert(brands).values({ id, label: `Theirs ${id} ${unique()}` });
      return String(id);
    },
    "/product-tags/": async (theirs, mine) => {
      const id = await freshId(theirs, mine, productTags);
      await theirs.db.insert(productTags).values({ id, label: `Theirs ${id} ${unique()}` });
      return String(id);
    },
    "/seasons/": async (theirs, mine) => {
      const id = await freshId(theirs, mine, seasons);
      await theirs.db.insert(seasons).values({ id, label: `Theirs ${id} ${unique()}` });
      return String(id);
    },
  },
};
