import { and, asc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { keptSelect, tenantSchema, type TenantDb } from "../../../db/client";
import { signedInUser } from "../identity/actor";
import type { Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { parseInput, runBatch } from "../shared/input";
import { insertedId } from "../shared/inserted-id";
import { LIST_TYPES } from "./list-types";

const { savedViews } = tenantSchema;

export const MAX_VIEW_FILTERS = 50;
export const MAX_VIEW_COLUMNS = 50;
export const MAX_VIEW_SORT = 5;

/** A saved view as the API and the list screens show it (platform spec §3 "Saved view"). */
export interface SavedView {
  id: number;
  label: string;
  type: string;
  search: SavedViewSearch;
  is_default: boolean;
  created_at: number;
}

const scalar = z.union([z.string().max(1000, "too_long"), z.number(), z.boolean()], { error: "invalid_filter_value" });

/** What a view restores: the list's filters (query parameter names to values), visible columns and sort. */
export const SavedViewSearch = z.object(
  {
    filters: z
      .record(
        z.string().trim().min(1, "invalid").max(100, "too_long"),
        z.union([scalar, z.array(scalar).max(500, "too_long")], { error: "invalid_filter_value" }),
        {
          error: "invalid",
        },
      )
      .refine((filters) => Object.keys(filters).length <= MAX_VIEW_FILTERS, "too_long")
      .default({}),
    columns: z
      .array(z.string({ error: "invalid" }).trim().min(1, "invalid").max(100, "too_long"), { error: "invalid" })
      .max(MAX_VIEW_COLUMNS, "too_long")
      .default([]),
    sort: z
      .array(
        z.object(
          {
            by: z.string({ error: "invalid" }).trim().min(1, "invalid").max(100, "too_long"),
            direction: z.enum(["asc", "desc"], { error: "invalid" }).default("asc"),
          },
          { error: "invalid" },
        ),
        { error: "invalid" },
      )
      .max(MAX_VIEW_SORT, "too_long")
      .default([]),
  },
  { error: "invalid" },
);
export type SavedViewSearch = z.output<typeof SavedViewSearch>;

const listType = z.enum(LIST_TYPES, {
  error: (issue) => (issue.input === undefined || issue.input === "" ? "required" : "unknown_list_type"),
});
const label = z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long");
const isDefault = z.boolean({ error: "invalid" });

/** GET /saved-views?type=…: the list whose views to answer. */
export const SavedViewListQuery = z.object({ type: listType });

export const CreateSavedViewInput = z.object({
  type: listType,
  label,
  search: SavedViewSearch.default({ filters: {}, columns: [], sort: [] }),
  is_default: isDefault.default(false),
});
export type CreateSavedViewInput = z.input<typeof CreateSavedViewInput>;

export const UpdateSavedViewInput = z.strictObject(
  { label: label.optional(), search: SavedViewSearch.optional(), is_default: isDefault.optional() },
  { error: (issue) => (issue.code === "unrecognized_keys" ? "unknown_field" : "invalid") },
);
export type UpdateSavedViewInput = z.input<typeof UpdateSavedViewInput>;

type Row = typeof savedViews.$inferSelect;

function view(row: Row): SavedView {
  // Checked by SavedViewSearch on every write.
  return {
    id: row.id,
    label: row.label,
    type: row.type,
    search: row.search as SavedViewSearch,
    is_default: row.isDefault,
    created_at: row.createdAt,
  };
}

/** Views belong to a person: an API token has none. */
/** Integer ids only: anything else names no view. */
function viewId(raw: string | number): number {
  const id = typeof raw === "number" ? raw : /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new DomainError("not_found");
  return id;
}

async function ownRow(db: TenantDb, userId: string, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
    .limit(1);
  if (!row) throw new DomainError("not_found");
  return row;
}

async function assertLabelFree(db: TenantDb, userId: string, type: string, text: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(
      and(
        eq(savedViews.userId, userId),
        eq(savedViews.type, type),
        sql`${savedViews.label} = ${text} collate nocase`,
        exceptId !== undefined ? ne(savedViews.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw new DomainError("saved_view_label_taken", {}, { label: { code: "saved_view_label_taken" } });
}

/** Clears the user's other default of this list; runs first in the batch that sets a new one. */
function unsetDefault(db: TenantDb, userId: string, type: string) {
  return db
    .update(savedViews)
    .set({ isDefault: false })
    .where(and(eq(savedViews.userId, userId), eq(savedViews.type, type), eq(savedViews.isDefault, true)));
}

// Every list page reads them at each visit: built once per isolate.
const readSavedViews = keptSelect((db: TenantDb) =>
  db
    .select()
    .from(savedViews)
    .where(
      and(
        eq(savedViews.userId, sql.placeholder("userId") as unknown as string),
        eq(savedViews.type, sql.placeholder("type") as unknown as string),
      ),
    )
    .orderBy(sql`${savedViews.label} collate nocase`, asc(savedViews.id)),
);

/** The caller's own views of one list, by label. */
export async function listSavedViews(ctx: Ctx, input: { type: unknown }): Promise<SavedView[]> {
  const person = signedInUser(ctx.actor);
  const type = parseInput(SavedViewListQuery, { type: input.type }).type;
  const rows = await readSavedViews(ctx.db, { userId: person.userId, type });
  return rows.map(view);
}

/** The view a list opens with when its address carries no state, if the user chose one. */
export async function defaultSavedView(ctx: Ctx, input: { type: string }): Promise<SavedView | null> {
  const { actor } = ctx;
  const type = input.type;
  if (actor.kind !== "user") return null;
  const [row] = await ctx.db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.userId, actor.userId), eq(savedViews.type, type), eq(savedViews.isDefault, true)))
    .limit(1);
  return row ? view(row) : null;
}

export async function getSavedView(ctx: Ctx, input: { id: string | number }): Promise<SavedView> {
  return view(await ownRow(ctx.db, signedInUser(ctx.actor).userId, viewId(input.id)));
}

/** Saves a view of a list for the caller; making it the default unsets their previous default in the same batch. */
export async function createSavedView(ctx: Ctx, raw: unknown): Promise<SavedView> {
  const { db } = ctx;
  const person = signedInUser(ctx.actor);
  const input = parseInput(CreateSavedViewInput, raw);
  await assertLabelFree(db, person.userId, input.type, input.label);
  const insert = db
    .insert(savedViews)
    .values({ userId: person.userId, type: input.type, label: input.label, search: input.search, isDefault: input.is_default })
    .returning();
  // One batch naming the view it creates, for its request's idempotency key.
  const results = await runBatch(db, [...(input.is_default ? [unsetDefault(db, person.userId, input.type)] : []), insert], {
    type: "saved_view",
    id: insertedId("saved_views"),
  });
  return view((results.at(-1) as Row[])[0]!);
}

export async function updateSavedView(ctx: Ctx, raw: { id: string | number } & Record<string, unknown>): Promise<SavedView> {
  const { db } = ctx;
  const { id, ...fields } = raw;
  const person = signedInUser(ctx.actor);
  const row = await ownRow(db, person.userId, viewId(id));
  const input = parseInput(UpdateSavedViewInput, fields);
  if (input.label !== undefined) await assertLabelFree(db, person.userId, row.type, input.label, row.id);
  const changes = {
    ...(input.label !== undefined ? { label: input.label } : {}),
    ...(input.search !== undefined ? { search: input.search } : {}),
    ...(input.is_default !== undefined ? { isDefault: input.is_default } : {}),
  };
  if (Object.keys(changes).length === 0) return view(row);
  const update = db.update(savedViews).set(changes).where(eq(savedViews.id, row.id)).returning();
  const rows = input.is_default ? (await db.batch([unsetDefault(db, person.userId, row.type), update]))[1] : await update;
  return view(rows[0]!);
}

export async function deleteSavedView(ctx: Ctx, input: { id: string | number }): Promise<void> {
  const person = signedInUser(ctx.actor);
  const row = await ownRow(ctx.db, person.userId, viewId(input.id));
  await ctx.db.delete(savedViews).where(eq(savedViews.id, row.id));
}
