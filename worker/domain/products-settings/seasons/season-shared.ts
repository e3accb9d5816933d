import { eq, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../../db/client";
import { DomainError } from "../../shared/domain-error";
import { defineListRegistry, likePrefix } from "../../shared/list-query-sql";
import { conflict, recordId } from "../shared";
import type { SeasonView } from "./season-schemas";

// What the season verbs share: the row's view, the look-up and the label conflict.
const { seasons } = tenantSchema;

export function view(row: typeof seasons.$inferSelect): SeasonView {
  return { id: row.id, label: row.label, created_at: row.createdAt };
}

export const seasonList = defineListRegistry({
  primaryKey: seasons.id,
  fields: {
    id: { type: "id", column: seasons.id },
    label: { type: "text", column: seasons.label, sortColumn: sql`${seasons.label} collate nocase`, sortable: true },
    created: { type: "number", column: seasons.createdAt, sortable: true, filterable: false },
  },
  search: (text: string) => likePrefix(seasons.label, text),
});

export async function findSeason(db: TenantDb, rawId: unknown): Promise<SeasonView> {
  const row = await db.query.seasons.findFirst({ where: eq(seasons.id, recordId(rawId)) });
  if (!row) throw new DomainError("not_found");
  return view(row);
}

export const taken = () => conflict("season_label_taken", "label");
