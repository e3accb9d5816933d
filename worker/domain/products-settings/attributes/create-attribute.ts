import { sql } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { runBatch } from "../../shared/input";
import { insertedId } from "../../shared/inserted-id";
import { EDIT_PRODUCTS, labelTaken } from "../shared";
import { CreateAttributeInput, parseAttributeInput, type AttributeView } from "./attribute-schemas";
import { findAttribute, taken, uniqueConflict } from "./attribute-shared";

const { attributes, attributeOptions } = tenantSchema;

/** Creates an attribute and its options (in the order given) in one batch. */
export async function createAttribute(ctx: Ctx, raw: unknown): Promise<AttributeView> {
  requirePermission(ctx, EDIT_PRODUCTS);
  const { db } = ctx;
  const input = parseAttributeInput(CreateAttributeInput, raw);
  if (await labelTaken(db, attributes, input.label)) throw taken();
  // The options find their attribute by its label: unique, and known before the batch runs.
  const attributeId = sql`(select ${attributes.id} from ${attributes} where ${attributes.label} = ${input.label} collate nocase)`;
  try {
    const [[row]] = (await runBatch(
      db,
      [
        db.insert(attributes).values({ label: input.label }).returning(),
        db.insert(attributeOptions).values(input.options.map((option, i) => ({ attributeId, label: option.label, position: i + 1 }))),
      ],
      { type: "attribute", id: insertedId("attributes") },
    )) as [{ id: number }[]];
    return findAttribute(db, row!.id);
  } catch (error) {
    throw uniqueConflict(error) ?? error;
  }
}
