import { eq, getTableName, sql } from "drizzle-orm";
import type { z } from "zod";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { PermissionCheck } from "../identity/permissions";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { runCreatingInsert } from "../shared/batch-marks";
import { insertedId } from "../shared/inserted-id";
import { parseListQuery } from "../shared/list-query";
import { defineListRegistry, likePrefix, runList, type ListResult } from "../shared/list-query-sql";
import { EDIT_CUSTOMERS, EDIT_SUPPLIERS, READ_CUSTOMERS, READ_SUPPLIERS } from "./contact-permissions";
import { conflict, isUniqueViolation, parseInput, recordId, strictInput, zName } from "./shared";

/** A customer tag or a supplier tag as the API and the screens show it. */
export interface ContactTagView {
  id: number;
  label: string;
  /** How many customers (or suppliers) carry it. */
  usage_count: number;
  created_at: number;
}

export const ContactTagInput = strictInput({ label: zName(100) });
export type ContactTagInput = z.input<typeof ContactTagInput>;
export const UpdateContactTagInput = ContactTagInput.partial();
export type UpdateContactTagInput = z.input<typeof UpdateContactTagInput>;

const { customerTags, customerTagLinks, supplierTags, supplierTagLinks } = tenantSchema;

/**
 * The same verbs for both kinds of tag: the table of tags, the column of its links naming the
 * tag, what reading and changing them needs (the permissions of the contacts they tag), and the
 * name a new tag is given in its write batch (see created-resources).
 */
function tagVerbs(
  table: typeof customerTags | typeof supplierTags,
  linkTagId: typeof customerTagLinks.tagId | typeof supplierTagLinks.tagId,
  permissions: { read: PermissionCheck; edit: PermissionCheck },
  resource: "customer_tag" | "supplier_tag",
) {
  const usage = sql<number>`(select count(*) from ${linkTagId.table} where ${linkTagId} = ${table.id})`.mapWith(Number);
  const registry = defineListRegistry({
    primaryKey: table.id,
    fields: {
      id: { type: "id", column: table.id },
      label: { type: "text", column: table.label, sortColumn: sql`${table.label} collate nocase`, sortable: true },
      created: { type: "date", column: sql`date(${table.createdAt} / 1000, 'unixepoch')`, sortColumn: table.createdAt, sortable: true },
    },
    search: (text: string) => likePrefix(table.label, text),
  });
  const select = (db: TenantDb) =>
    db.select({ id: table.id, label: table.label, usage_count: usage, created_at: table.createdAt }).from(table);
  const taken = () => conflict("tag_label_taken", "label");

  async function labelTaken(db: TenantDb, label: string, exceptId?: number) {
    const rows = await db.all<{ id: number }>(
      sql`select id from ${table} where label = ${label} collate nocase${exceptId === undefined ? sql`` : sql` and id <> ${exceptId}`} limit 1`,
    );
    return rows.length > 0;
  }

  async function row(db: TenantDb, rawId: unknown): Promise<ContactTagView> {
    const [found] = await select(db)
      .where(eq(table.id, recordId(rawId)))
      .limit(1);
    if (!found) throw new DomainError("not_found");
    return found;
  }

  return {
    registry,
    /** The tags, through the list query engine (filter label; sort label (default), created; search on the label's start). */
    async list(ctx: Ctx, input: URLSearchParams | Record<string, unknown>): Promise<ListResult<ContactTagView>> {
      requirePermission(ctx, permissions.read);
      const query = parseListQuery(input, registry);
      return runList(ctx.db, { select: () => select(ctx.db).$dynamic(), registry, query });
    },
    async get(ctx: Ctx, input: { id: unknown }): Promise<ContactTagView> {
      requirePermission(ctx, permissions.read);
      return row(ctx.db, input.id);
    },
    async create(ctx: Ctx, raw: unknown): Promise<ContactTagView> {
      requirePermission(ctx, permissions.edit);
      const { db } = ctx;
      const input = parseInput(ContactTagInput, raw);
      if (await labelTaken(db, input.label)) throw taken();
      try {
        const insert = db.insert(table).values({ label: input.label }).returning({ id: table.id });
        const [created] = await runCreatingInsert(db, insert, { type: resource, id: insertedId(getTableName(table)) });
        return row(db, created!.id);
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },
    async update(ctx: Ctx, raw: { id: unknown } & Record<string, unknown>): Promise<ContactTagView> {
      requirePermission(ctx, permissions.edit);
      const { db } = ctx;
      const { id, ...fields } = raw;
      const current = await row(db, id);
      const input = parseInput(UpdateContactTagInput, fields);
      if (input.label === undefined || input.label === current.label) return current;
      if (await labelTaken(db, input.label, current.id)) throw taken();
      try {
        await db.update(table).set({ label: input.label }).where(eq(table.id, current.id));
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
      return row(db, current.id);
    },
    /** Deletes a tag; the contacts carrying it simply lose it (the links go in the same batch). */
    async delete(ctx: Ctx, input: { id: unknown }): Promise<void> {
      requirePermission(ctx, permissions.edit);
      const { db } = ctx;
      const id = recordId(input.id);
      const [, deleted] = await db.batch([
        db.delete(linkTagId.table).where(eq(linkTagId, id)),
        db.delete(table).where(eq(table.id, id)).returning({ id: table.id }),
      ]);
      if (deleted.length === 0) throw new DomainError("not_found");
    },
  };
}

const customerTagVerbs = tagVerbs(customerTags, customerTagLinks.tagId, { read: READ_CUSTOMERS, edit: EDIT_CUSTOMERS }, "customer_tag");
const supplierTagVerbs = tagVerbs(supplierTags, supplierTagLinks.tagId, { read: READ_SUPPLIERS, edit: EDIT_SUPPLIERS }, "supplier_tag");

export const customerTagListRegistry = customerTagVerbs.registry;
export const listCustomerTags = customerTagVerbs.list;
export const getCustomerTag = customerTagVerbs.get;
export const createCustomerTag = customerTagVerbs.create;
export const updateCustomerTag = customerTagVerbs.update;
export const deleteCustomerTag = customerTagVerbs.delete;

export const supplierTagListRegistry = supplierTagVerbs.registry;
export const listSupplierTags = supplierTagVerbs.list;
export const getSupplierTag = supplierTagVerbs.get;
export const createSupplierTag = supplierTagVerbs.create;
export const updateSupplierTag = supplierTagVerbs.update;
export const deleteSupplierTag = supplierTagVerbs.delete;
