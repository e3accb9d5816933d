import { Hono } from "hono";
import { z } from "zod";
import { createPriceRule } from "../domain/products/price-rules/create-price-rule";
import { deletePriceRule } from "../domain/products/price-rules/delete-price-rule";
import { getPriceRule } from "../domain/products/price-rules/get-price-rule";
import { listPriceRules } from "../domain/products/price-rules/list-price-rules";
import {
  CreatePriceRuleInput,
  PRICE_RULE_OPERATORS,
  PRICE_RULE_ROUNDINGS,
  PRICE_RULE_SELECTIONS,
  PRICE_RULE_TYPES,
  UpdatePriceRuleInput,
  type PriceRuleView,
} from "../domain/products/price-rules/price-rule-schemas";
import { EDIT_PRICE_RULES, priceRuleList, VIEW_PRICE_RULES } from "../domain/products/price-rules/price-rule-shared";
import { updatePriceRule } from "../domain/products/price-rules/update-price-rule";
import { requireActor, verbCtx } from "./auth";
import { bodyWith, jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { answer, date, decimal, id, page, timestamp } from "./schemas/common";
import type { ApiEnv } from "./types";

const TAG = "Products";
const ids = (description: string) => z.array(id).meta({ description });

export const PriceRule = answer<PriceRuleView>()(
  {
    id: "PriceRule",
    description:
      "A selling price for some customers and products, set or calculated from a base price, from a quantity and within dates: of the rules that apply to a line, the lowest number wins",
  },
  z.object({
    id,
    number: z.int().meta({ description: "The priority: the lowest number that applies wins" }),
    label: z.string(),
    active: z.boolean(),
    selection: z.enum(PRICE_RULE_SELECTIONS),
    price_type: z
      .enum(PRICE_RULE_TYPES)
      .meta({ description: "set: the value is the price; calculated: the base price changed by the operator" }),
    base_price_level_id: id.nullable().meta({ description: "A calculated rule's base level; null: the customer's own price" }),
    operator: z.enum(PRICE_RULE_OPERATORS).nullable(),
    value: decimal.meta({
      description: "The set price, or the operator's percentage or amount (amounts in the default currency, per unit)",
    }),
    rounding: z.enum(PRICE_RULE_ROUNDINGS),
    date_from: date.nullable(),
    date_to: date.nullable(),
    minimum_quantity: decimal.meta({ description: "The quantity break: the line's units of the variant from which the rule applies" }),
    customer_ids: ids("Customers the rule is for (with customer_tag_ids; both empty: every customer)"),
    customer_tag_ids: ids("Customer tags the rule is for"),
    variant_ids: ids("selected_variants: the variants priced"),
    product_ids: ids("selected_products: the products priced"),
    brand_ids: ids("selected_brands: the brands priced"),
    product_tag_ids: ids("selected_tags: the product tags priced"),
    attribute_option_ids: ids("selected_attributes: the attribute options priced"),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);

const write = {
  409: "Another rule has this number (price_rule_number_taken)",
  422: "Invalid input (the field named)",
  ...errors,
};

export const priceRuleOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/price-rules",
    tag: TAG,
    summary:
      "Price rules in priority order (list parameters: filters label, active, selection, price_type; sort number, label, created; search)",
    auth: true,
    permissions: VIEW_PRICE_RULES,
    list: priceRuleList,
    result: page(PriceRule),
    responses: { 200: "One page of the list", 422: "Invalid list parameters", ...errors },
  },
  {
    method: "post",
    path: "/price-rules",
    tag: TAG,
    summary: "Add a price rule (numbered after the last one unless number is given)",
    auth: true,
    permissions: EDIT_PRICE_RULES,
    body: CreatePriceRuleInput,
    result: PriceRule,
    responses: { 201: "Created", ...write },
  },
  {
    method: "get",
    path: "/price-rules/{id}",
    tag: TAG,
    summary: "One price rule",
    auth: true,
    permissions: VIEW_PRICE_RULES,
    result: PriceRule,
    responses: { 200: "The price rule", ...errors },
  },
  {
    method: "patch",
    path: "/price-rules/{id}",
    tag: TAG,
    summary: "Change a price rule (the fields given; its lists are replaced)",
    auth: true,
    permissions: EDIT_PRICE_RULES,
    body: UpdatePriceRuleInput,
    result: PriceRule,
    responses: { 200: "Updated", ...write },
  },
  {
    method: "delete",
    path: "/price-rules/{id}",
    tag: TAG,
    summary: "Delete a price rule (documents it priced keep their prices)",
    auth: true,
    permissions: EDIT_PRICE_RULES,
    responses: { 204: "Deleted", ...errors },
  },
];

/** /api/v1/price-rules: selling price rules (the advanced_prices module). */
export const priceRules = new Hono<ApiEnv>()
  .get("/", requireActor(VIEW_PRICE_RULES), async (c) => c.json(await listPriceRules(await verbCtx(c), new URL(c.req.url).searchParams)))
  .post("/", requireActor(EDIT_PRICE_RULES), async (c) => c.json(await createPriceRule(await verbCtx(c), await jsonBody(c)), 201))
  .get("/:id", requireActor(VIEW_PRICE_RULES), async (c) => c.json(await getPriceRule(await verbCtx(c), { id: c.req.param("id") })))
  // The id comes from the path, last: a body cannot name another rule.
  .patch("/:id", requireActor(EDIT_PRICE_RULES), async (c) =>
    c.json(await updatePriceRule(await verbCtx(c), await bodyWith(c, { id: c.req.param("id") }))),
  )
  .delete("/:id", requireActor(EDIT_PRICE_RULES), async (c) => {
    await deletePriceRule(await verbCtx(c), { id: c.req.param("id") });
    return c.body(null, 204);
  });
