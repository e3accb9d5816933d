import { and, eq, notExists, sql } from "drizzle-orm";
import type { z } from "zod";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { DomainError } from "../shared/domain-error";
import { parseListQuery, type ParseListOptions } from "../shared/list-query";
import { defineListRegistry, likePrefix, runList, type ListResult } from "../shared/list-query-sql";
import { conflict, isUniqueViolation, labelTaken, parseInput, recordId, strictInput, zLabel } from "./shared";

const { seasons, products } = tenantSchema;

/** A season (collection) as the API and the screens show it. */
export interface SeasonView {
  id: number;
  label: string;
  created_at: number;
}

function view(row: typeof seasons.$inferSelect): SeasonView {
  return { id: row.id, label: row.label, created_at: row.createdAt };
}

export const SeasonInput = strictInput({ label: zLabel });
export type SeasonInput = z.input<typeof SeasonInput>;
export const UpdateSeasonInput = SeasonInput.partial();
export type UpdateSeasonInput = z.input<typeof UpdateSeasonInput>;

export const seasonList = defineListRegistry({
  primaryKey: seasons.id,
  fields: {
    id: { type: "id", column: seasons.id },
    label: { type: "text", column: seasons.label, sortColumn: sql`${seasons.label} collate nocase`, sortable: true },
    created: { type: "number", column: seasons.createdAt, sortable: true, filterable: false },
  },
  search: (text: string) => likePrefix(seasons.label, text),
});

/** The company's seasons, through the list query engine (filter label__Contains; sort label, created). */
export async function listSeasons(
  db: TenantDb,
  raw: URLSearchParams | Record<string, unknown>,
  options?: ParseListOptions,
): Promise<ListResult<SeasonView>> {
  const query = parseListQuery(raw, seasonList, options);
  const result = await runList(db, { from: seasons, registry: seasonList, query });
  return { ...result, items: result.items.map(view) };
}

export async function getSeason(db: TenantDb, rawId: unknown): Promise<SeasonView> {
  const row = await db.query.seasons.findFirst({ where: eq(seasons.id, recordId(rawId)) });
  if (!row) throw new DomainError("not_found");
  return view(row);
}

const taken = () => conflict("season_label_taken", "label");

export async function createSeason(db: TenantDb, raw: unknown): Promise<SeasonView> {
  const input = parseInput(SeasonInput, raw);
  if (await labelTaken(db, seasons, input.label)) throw taken();
  try {
    const [row] = await db.insert(seasons).values({ label: input.label }).returning();
    return view(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

export async function updateSeason(db: TenantDb, rawId: unknown, raw: unknown): Promise<SeasonView> {
  const current = await getSeason(db, rawId);
  const input = parseInput(UpdateSeasonInput, raw);
  if (input.label === undefined) return current;
  if (await labelTaken(db, seasons, input.label, current.id)) throw taken();
  try {
    const [row] = await db.update(seasons).set({ label: input.label }).where(eq(seasons.id, current.id)).returning();
    if (!row) throw new DomainError("not_found");
    return view(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** Deletes a season no product uses; one a product uses is `in_use`. */
export async function deleteSeason(db: TenantDb, rawId: unknown): Promise<void> {
  const id = recordId(rawId);
  // The check and the delete are one statement: a product cannot take the season in between.
  const deleted = await db
    .delete(seasons)
    .where(
      and(
        eq(seasons.id, id),
        notExists(
          db
            .select({ one: sql`1` })
            .from(products)
            .where(eq(products.seasonId, id)),
        ),
      ),
    )
    .returning({ id: seasons.id });
  if (deleted.length > 0) return;
  await getSeason(db, id);
  throw new DomainError("in_use");
}
