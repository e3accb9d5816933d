import { and, eq, sql } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { asBoolean, conflict, recordId, runBatch, SETTINGS } from "../common";
import { findRow, usedSomewhere } from "./tax-shared";

const { taxes, taxGroupMembers } = tenantSchema;

/** Deletes a tax or a group unless a group, a variant or a service uses it (`in_use`). */
export async function deleteTax(ctx: Ctx, input: { id: unknown }): Promise<void> {
  requirePermission(ctx, SETTINGS);
  const { db } = ctx;
  const id = recordId(input.id);
  await findRow(db, id);
  const [used] = await db.all<{ used: number }>(sql`select ${usedSomewhere(id)} as used`);
  if (asBoolean(used?.used)) throw conflict("in_use");
  const results = await runBatch(db, [
    db.delete(taxGroupMembers).where(and(eq(taxGroupMembers.groupId, id), sql`not ${usedSomewhere(id)}`)),
    db
      .delete(taxes)
      .where(and(eq(taxes.id, id), sql`not ${usedSomewhere(id)}`))
      .returning({ id: taxes.id }),
  ]);
  if ((results[1] as unknown[]).length === 0) {
    await findRow(db, id);
    throw conflict("in_use");
  }
}
