import { sql } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { insertedId } from "../../shared/inserted-id";
import { conflict, fieldError, isUniqueViolation, parseInput, runBatch, SETTINGS } from "../common";
import { TaxInput, type TaxView } from "./tax-schemas";
import { assertLabelFree, checkMembers, scaled, taxView } from "./tax-shared";

const { taxes, taxGroupMembers } = tenantSchema;

/** Adds a simple tax (with its rate) or a group (with its taxes, no rate of its own). */
export async function createTax(ctx: Ctx, raw: unknown): Promise<TaxView> {
  requirePermission(ctx, SETTINGS);
  const { db } = ctx;
  const input = parseInput(TaxInput, raw);
  const kind = input.kind ?? "simple";
  let members: number[] = [];
  if (kind === "simple") {
    if (input.rate === undefined || input.rate === null) throw fieldError("rate", "required");
    if (input.tax_ids?.length) throw fieldError("tax_ids", "invalid");
  } else {
    if (input.rate !== undefined && input.rate !== null) throw fieldError("rate", "invalid");
    members = await checkMembers(db, input.tax_ids);
  }
  await assertLabelFree(db, input.label);
  const values = {
    label: input.label,
    abbreviation: input.abbreviation,
    kind,
    rate: kind === "simple" ? scaled(input.rate!) : null,
    active: input.active ?? true,
  };
  let id: number;
  try {
    // The tax (a group with its members) in one batch: the members find the new group by its label.
    const groupId = sql`(select id from taxes where label = ${input.label} collate nocase)`;
    const results = await runBatch(
      db,
      [
        db.insert(taxes).values(values).returning({ id: taxes.id }),
        ...members.map((taxId) => db.insert(taxGroupMembers).values({ groupId, taxId })),
      ],
      { type: "tax", id: insertedId("taxes") },
    );
    id = (results[0] as { id: number }[])[0]!.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("tax_label_taken", "label");
    throw error;
  }
  return taxView(db, id);
}
