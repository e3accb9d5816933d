import { asc, eq, sql } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, can, type Ctx } from "../../shared/ctx";
import { DomainError } from "../../shared/domain-error";
import { recordId } from "../../shared/input";
import type { PriceRuleView } from "./price-rule-schemas";
import { EDIT_PRICE_RULES, view, VIEW_PRICE_RULES } from "./price-rule-shared";

const t = tenantSchema;
/** Rules the page shows at once, in priority order. */
export const PRICE_RULES_PAGE_SIZE = 500;

export interface Choice {
  id: number;
  label: string;
}

export interface PriceRulesPage {
  rules: PriceRuleView[];
  /** The rule of `?edit=`, or null. */
  editing: PriceRuleView | null;
  canEdit: boolean;
  /** What the form's lists offer: the selling levels, customer tags, brands, product tags and attribute options. */
  choices: {
    priceLevels: Choice[];
    customerTags: Choice[];
    brands: Choice[];
    productTags: Choice[];
    attributeOptions: Choice[];
  };
}

/** The price rules page in one round trip: the rules with their lists, the rule being edited, and the form's choices. */
export async function priceRulesPage(ctx: Ctx, input: { editId: string | null }): Promise<PriceRulesPage> {
  requirePermission(ctx, VIEW_PRICE_RULES);
  const { db } = ctx;
  const label = <T extends { label: unknown }>(c: T) => sql`${c.label} collate nocase`;
  const [rules, links, levels, customerTags, brands, productTags, options] = await db.batch([
    db.select().from(t.priceRules).orderBy(asc(t.priceRules.number)).limit(PRICE_RULES_PAGE_SIZE),
    db
      .select({ ruleId: t.priceRuleTargets.ruleId, kind: t.priceRuleTargets.kind, targetId: t.priceRuleTargets.targetId })
      .from(t.priceRuleTargets)
      .where(
        sql`${t.priceRuleTargets.ruleId} in (select ${t.priceRules.id} from ${t.priceRules} order by ${t.priceRules.number} limit ${PRICE_RULES_PAGE_SIZE})`,
      ),
    db
      .select({ id: t.priceLevels.id, label: t.priceLevels.label })
      .from(t.priceLevels)
      .where(eq(t.priceLevels.type, "selling"))
      .orderBy(label(t.priceLevels)),
    db.select({ id: t.customerTags.id, label: t.customerTags.label }).from(t.customerTags).orderBy(label(t.customerTags)),
    db.select({ id: t.brands.id, label: t.brands.label }).from(t.brands).orderBy(label(t.brands)),
    db.select({ id: t.productTags.id, label: t.productTags.label }).from(t.productTags).orderBy(label(t.productTags)),
    db
      .select({ id: t.attributeOptions.id, label: sql<string>`${t.attributes.label} || ': ' || ${t.attributeOptions.label}` })
      .from(t.attributeOptions)
      .innerJoin(t.attributes, eq(t.attributes.id, t.attributeOptions.attributeId))
      .orderBy(label(t.attributes), asc(t.attributeOptions.position)),
  ]);
  const views = rules.map((r) => view(r, links));
  let editing: PriceRuleView | null = null;
  if (input.editId) {
    try {
      editing = views.find((r) => r.id === recordId(input.editId)) ?? null;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return {
    rules: views,
    editing,
    canEdit: can(ctx, EDIT_PRICE_RULES),
    choices: { priceLevels: levels, customerTags, brands, productTags, attributeOptions: options },
  };
}
