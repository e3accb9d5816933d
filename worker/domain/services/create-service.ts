import { sql } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { isUniqueViolation, parseInput, runBatch } from "../shared/input";
import { PRICE_SCALE, toScaledInteger } from "../shared/money";
import { EDIT_SERVICES } from "./service-permissions";
import { assertReferenceFree, assertServiceTags, assertTax, referenceTaken, serviceViews } from "./service-queries";
import { CreateServiceInput, type ServiceView } from "./service-schemas";

const { services, serviceTagLinks } = tenantSchema;

/** Creates a service with its tags in one batch. */
export async function createService(ctx: Ctx, raw: unknown): Promise<ServiceView> {
  requirePermission(ctx, EDIT_SERVICES);
  const { db } = ctx;
  const input = parseInput(CreateServiceInput, raw);
  await assertReferenceFree(db, input.reference);
  if (input.tax_id != null) await assertTax(db, input.tax_id);
  await assertServiceTags(db, input.tag_ids);
  const insert = db
    .insert(services)
    .values({
      reference: input.reference,
      label: input.label,
      description: input.description ?? null,
      price: input.price ? Number(toScaledInteger(input.price, PRICE_SCALE)) : 0,
      taxCharged: input.tax_charged,
      taxId: input.tax_id ?? null,
      deposit: input.deposit,
      active: input.active,
      publishedToQuickbooks: input.published_to_quickbooks,
      publishedToShopify: input.published_to_shopify,
      publishedToPennylane: input.published_to_pennylane,
    })
    .returning();
  // The links need the new id: they read it back by reference in the same batch (the reference is unique).
  const newId = sql`(select ${services.id} from ${services} where ${services.reference} = ${input.reference} collate nocase)`;
  const links = input.tag_ids.map((tagId) => db.insert(serviceTagLinks).values({ serviceId: newId, tagId }));
  try {
    const [created] = (await runBatch(db, [insert, ...links], { type: "service", id: newId })) as [(typeof services.$inferSelect)[]];
    return (await serviceViews(db, created))[0]!;
  } catch (error) {
    if (isUniqueViolation(error, "services.reference")) throw referenceTaken();
    throw error;
  }
}
