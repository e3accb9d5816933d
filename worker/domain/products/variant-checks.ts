import { and, asc, eq, ne } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { FieldIssues } from "./common";
import { optionKey } from "./product-rules";
import type { Ref } from "./references";

const t = tenantSchema;

/** A product's attributes in order, and the option combinations its other variants already use. */
export async function variantContext(db: TenantDb, productId: number, exceptVariantId?: number) {
  const [attributes, siblings] = await db.batch([
    db
      .select({ id: t.productAttributes.attributeId })
      .from(t.productAttributes)
      .where(eq(t.productAttributes.productId, productId))
      .orderBy(asc(t.productAttributes.position)),
    db
      .select({ o1: t.variants.option1Id, o2: t.variants.option2Id, o3: t.variants.option3Id })
      .from(t.variants)
      .where(and(eq(t.variants.productId, productId), ne(t.variants.id, exceptVariantId ?? 0))),
  ]);
  return {
    attributeIds: attributes.map((a) => a.id),
    variantsCount: siblings.length,
    usedOptionKeys: new Set(siblings.map((s) => optionKey([s.o1, s.o2, s.o3]))),
  };
}

/** One option per attribute of the product, in order, in a combination no other variant has. */
export function checkVariantOptions(
  kind: string,
  context: { attributeIds: number[]; usedOptionKeys: Set<string> },
  optionIds: number[],
  field: string,
  issues: FieldIssues,
): (Ref & { attributeId: number | undefined })[] {
  if (kind !== "variants") {
    if (optionIds.length > 0) issues.add(field, "invalid");
    return [];
  }
  if (optionIds.length !== context.attributeIds.length) issues.add(field, "required");
  else if (context.usedOptionKeys.has(optionKey(optionIds))) issues.add(field, "duplicate_variant_options");
  return optionIds.map((id, j) => ({ id, field: `${field}.${j}`, attributeId: context.attributeIds[j] }));
}
