import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { isUniqueViolation, parseInput, recordId } from "../shared/input";
import { PRICE_SCALE, toScaledInteger } from "../shared/money";
import { EDIT_SERVICES } from "./service-permissions";
import { assertReferenceFree, assertServiceTags, assertTax, referenceTaken, serviceRow, serviceView } from "./service-queries";
import { UpdateServiceInput, type ServiceView } from "./service-schemas";

const { services, serviceTagLinks } = tenantSchema;

/** Updates what is given; `tag_ids` replaces the tags. */
export async function updateService(ctx: Ctx, raw: { id: unknown } & Record<string, unknown>): Promise<ServiceView> {
  requirePermission(ctx, EDIT_SERVICES);
  const { db } = ctx;
  const { id, ...fields } = raw;
  const current = await serviceRow(db, recordId(id));
  const input = parseInput(UpdateServiceInput, fields);
  if (input.reference !== undefined && input.reference.toLowerCase() !== current.reference.toLowerCase())
    await assertReferenceFree(db, input.reference, current.id);
  // A tax made inactive since stays on the services that have it; choosing it anew is refused.
  if (input.tax_id != null && input.tax_id !== current.taxId) await assertTax(db, input.tax_id);
  if (input.tag_ids !== undefined) await assertServiceTags(db, input.tag_ids);
  const changes = {
    ...(input.reference !== undefined ? { reference: input.reference } : {}),
    ...(input.label !== undefined ? { label: input.label } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.price !== undefined ? { price: Number(toScaledInteger(input.price, PRICE_SCALE)) } : {}),
    ...(input.tax_charged !== undefined ? { taxCharged: input.tax_charged } : {}),
    ...(input.tax_id !== undefined ? { taxId: input.tax_id } : {}),
    ...(input.deposit !== undefined ? { deposit: input.deposit } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
    ...(input.published_to_quickbooks !== undefined ? { publishedToQuickbooks: input.published_to_quickbooks } : {}),
    ...(input.published_to_shopify !== undefined ? { publishedToShopify: input.published_to_shopify } : {}),
    ...(input.published_to_pennylane !== undefined ? { publishedToPennylane: input.published_to_pennylane } : {}),
  };
  const update = db
    .update(services)
    .set({ ...changes, updatedAt: ctx.now() })
    .where(eq(services.id, current.id));
  const tagWrites =
    input.tag_ids === undefined
      ? []
      : [
          db.delete(serviceTagLinks).where(eq(serviceTagLinks.serviceId, current.id)),
          ...input.tag_ids.map((tagId) => db.insert(serviceTagLinks).values({ serviceId: current.id, tagId })),
        ];
  try {
    await db.batch([update, ...tagWrites]);
  } catch (error) {
    if (isUniqueViolation(error, "services.reference")) throw referenceTaken();
    throw error;
  }
  return serviceView(db, current.id);
}
