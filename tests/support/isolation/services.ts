import { sql } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import type { IsolationArea, IsolationCompany } from "./types";

/**
 * An id for a row of `theirs` that names nothing in `mine` and no earlier row of `theirs`: past the
 * largest id of that table in both.
 */
async function freeId(
  theirs: IsolationCompany,
  mine: IsolationCompany,
  table: typeof tenantSchema.services | typeof tenantSchema.savedViews,
): Promise<number> {
  const highest = async (company: IsolationCompany) => {
    const [row] = await company.db.select({ max: sql<number | null>`max(${table.id})` }).from(table);
    return row?.max ?? 0;
  };
  return Math.max(await highest(theirs), await highest(mine)) + 1;
}

export const isolation: IsolationArea = {
  bodies: {
    "post /services": { reference: "ISO-1", label: "Isolation service", price: "10" },
    "patch /services/{id}": { label: "Changed" },
    "post /services/{id}/enable": {},
    "post /services/{id}/disable": {},
    "post /saved-views": { type: "services", label: "Isolation view", search: { filters: {}, columns: [], sort: [] } },
    "patch /saved-views/{id}": { label: "Changed" },
  },
  records: {
    "/services/": async (theirs, mine) => {
      const [row] = await theirs.db
        .insert(tenantSchema.services)
        .values({
          id: await freeId(theirs, mine, tenantSchema.services),
          reference: `THEIRS-${Date.now()}-${Math.random()}`,
          label: "Theirs",
        })
        .returning({ id: tenantSchema.services.id });
      return String(row!.id);
    },
    // A view of a user of the other company, with an id no view of `mine` has.
    "/saved-views/": async (theirs, mine) => {
      const [row] = await theirs.db
        .insert(tenantSchema.savedViews)
        .values({
          id: await freeId(theirs, mine, tenantSchema.savedViews),
          userId: theirs.userId,
          type: "services",
          label: `Theirs ${Math.random()}`,
          search: { filters: {}, columns: [], sort: [] },
        })
        .returning({ id: tenantSchema.savedViews.id });
      return String(row!.id);
    },
  },
};
