import { createPriceRule } from "../../../worker/domain/products/price-rules/create-price-rule";
import { deletePriceRule } from "../../../worker/domain/products/price-rules/delete-price-rule";
import {
  PRICE_RULE_OPERATORS,
  PRICE_RULE_ROUNDINGS,
  PRICE_RULE_SELECTIONS,
  PRICE_RULE_TYPES,
  type PriceRuleView,
} from "../../../worker/domain/products/price-rules/price-rule-schemas";
import { EDIT_PRICE_RULES, VIEW_PRICE_RULES } from "../../../worker/domain/products/price-rules/price-rule-shared";
import { priceRulesPage, type Choice } from "../../../worker/domain/products/price-rules/price-rules-page";
import { updatePriceRule } from "../../../worker/domain/products/price-rules/update-price-rule";
import { errorsByField, FormField, type FieldErrorMap } from "../../components/form-field";
import {
  CatalogueHeader,
  CheckboxField,
  RecordFormCard,
  RecordsTable,
  RowActions,
  StatusBadge,
  type Failure,
} from "../../components/settings/catalogue-settings-parts";
import { useT } from "../../i18n";
import { openCataloguePage, runCatalogueAction, text } from "../settings/catalogue-settings.server";
import type { Route } from "./+types/price-rules";

/** Price rules (domain spec §3): list in priority order, add, edit (`?edit=<id>`), enable or disable, delete. */
export async function loader(args: Route.LoaderArgs) {
  const { ctx, notice, editId } = await openCataloguePage(args, VIEW_PRICE_RULES);
  return { ...(await priceRulesPage(ctx, { editId })), notice };
}

/** Ids typed as a list ("12, 15 18"): what is not an id is sent as typed, for the verb to name. */
function idList(form: FormData, name: string): unknown[] {
  const typed = form.getAll(name).flatMap((v) => String(v).split(/[\s,;]+/));
  return typed.filter(Boolean).map((v) => (/^\d{1,15}$/.test(v) ? Number(v) : v));
}

/** A blank field is left out (the rule's default, or what it holds); a number is sent as one. */
const orNull = (value: string) => (value.trim() === "" ? null : value.trim());
const numberOrText = (value: string) => (/^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : orNull(value));

export async function action(args: Route.ActionArgs) {
  const { ctx } = await openCataloguePage(args, EDIT_PRICE_RULES);
  const form = await args.request.formData();
  const number = numberOrText(text(form, "number"));
  const values = {
    label: text(form, "label"),
    ...(number !== null ? { number } : {}),
    active: form.get("active") === "on",
    price_type: text(form, "price_type"),
    operator: orNull(text(form, "operator")),
    value: text(form, "value"),
    base_price_level_id: numberOrText(text(form, "base_price_level_id")),
    rounding: text(form, "rounding") || "none",
    date_from: orNull(text(form, "date_from")),
    date_to: orNull(text(form, "date_to")),
    minimum_quantity: text(form, "minimum_quantity") || "0",
    selection: text(form, "selection") || "all_products",
    customer_ids: idList(form, "customer_ids"),
    customer_tag_ids: idList(form, "customer_tag_ids"),
    variant_ids: idList(form, "variant_ids"),
    product_ids: idList(form, "product_ids"),
    brand_ids: idList(form, "brand_ids"),
    product_tag_ids: idList(form, "product_tag_ids"),
    attribute_option_ids: idList(form, "attribute_option_ids"),
  };
  return runCatalogueAction(args.request, form, values, (intent, id) => {
    if (intent === "delete") return deletePriceRule(ctx, { id });
    if (intent === "enable" || intent === "disable") return updatePriceRule(ctx, { id, active: intent === "enable" });
    return intent === "update" ? updatePriceRule(ctx, { ...values, id }) : createPriceRule(ctx, values);
  });
}

function ChoiceList({
  name,
  label,
  choices,
  chosen,
  errors,
}: {
  name: string;
  label: string;
  choices: Choice[];
  chosen: readonly unknown[];
  errors: FieldErrorMap;
}) {
  return (
    <FormField name={name} label={label} errors={errors}>
      {(p) => (
        <select {...p} multiple defaultValue={chosen.map(String)} size={Math.min(6, Math.max(2, choices.length))}>
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** What the rule prices, in one line of the table. */
function useRuleSummary() {
  const t = useT();
  return (rule: PriceRuleView) => {
    const change =
      rule.price_type === "set"
        ? t("price_rules.summary_set", { value: rule.value })
        : t(`price_rules.operator_${rule.operator ?? "minus_percent"}`) + ` ${rule.value}`;
    const from = Number(rule.minimum_quantity) > 0 ? ` · ${t("price_rules.summary_from", { quantity: rule.minimum_quantity })}` : "";
    const dates = rule.date_from || rule.date_to ? ` · ${rule.date_from ?? "…"} → ${rule.date_to ?? "…"}` : "";
    return `${change}${from}${dates}`;
  };
}

export default function PriceRules({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const summary = useRuleSummary();
  const { rules, editing, notice, canEdit, choices } = loaderData;
  const failure = actionData as Failure | undefined;
  return (
    <>
      <CatalogueHeader prefix="price_rules" notice={notice} failure={failure} intro={t("price_rules.intro")} />
      <section className="card">
        <RecordsTable
          empty={rules.length === 0}
          head={
            <>
              <th scope="col">{t("price_rules.number")}</th>
              <th scope="col">{t("price_rules.label")}</th>
              <th scope="col">{t("price_rules.selection")}</th>
              <th scope="col">{t("price_rules.price")}</th>
              <th scope="col">{t("catalogue_settings.status")}</th>
            </>
          }
        >
          {rules.map((rule) => (
            <tr key={rule.id}>
              <td>{rule.number}</td>
              <td>{rule.label}</td>
              <td>{t(`price_rules.selection_${rule.selection}`)}</td>
              <td>{summary(rule)}</td>
              <td>
                <StatusBadge active={rule.active} />
              </td>
              <td>{canEdit ? <RowActions id={rule.id} label={rule.label} active={rule.active} /> : null}</td>
            </tr>
          ))}
        </RecordsTable>
      </section>

      {canEdit ? (
        <RecordFormCard prefix="price_rules" editing={editing} failure={failure}>
          {({ errors: raw, value }) => {
            const errors = errorsByField(raw);
            const list = (name: keyof PriceRuleView) => {
              const typed = value(name, editing?.[name] ?? []);
              return Array.isArray(typed) ? typed : [];
            };
            const field = (name: keyof PriceRuleView, fallback: unknown) => String(value(name, editing?.[name] ?? fallback) ?? "");
            return (
              <>
                <div className="form-grid">
                  <FormField name="label" label={t("price_rules.label")} errors={errors}>
                    {(p) => <input {...p} defaultValue={field("label", "")} maxLength={100} required />}
                  </FormField>
                  <FormField name="number" label={t("price_rules.number_hint")} errors={errors}>
                    {(p) => <input {...p} inputMode="numeric" defaultValue={field("number", "")} />}
                  </FormField>
                  <FormField name="price_type" label={t("price_rules.price_type")} errors={errors}>
                    {(p) => (
                      <select {...p} defaultValue={field("price_type", "calculated")}>
                        {PRICE_RULE_TYPES.map((type) => (
                          <option key={type} value={type}>
                            {t(`price_rules.type_${type}`)}
                          </option>
                        ))}
                      </select>
                    )}
                  </FormField>
                  <FormField name="base_price_level_id" label={t("price_rules.base_price")} errors={errors}>
                    {(p) => (
                      <select {...p} defaultValue={field("base_price_level_id", "")}>
                        <option value="">{t("price_rules.base_own")}</option>
                        {choices.priceLevels.map((level) => (
                          <option key={level.id} value={level.id}>
                            {level.label}
                          </option>
                        ))}
                      </select>
                    )}
                  </FormField>
                  <FormField name="operator" label={t("price_rules.operator")} errors={errors}>
                    {(p) => (
                      <select {...p} defaultValue={field("operator", "minus_percent")}>
                        {PRICE_RULE_OPERATORS.map((operator) => (
                          <option key={operator} value={operator}>
                            {t(`price_rules.operator_${operator}`)}
                          </option>
                        ))}
                      </select>
                    )}
                  </FormField>
                  <FormField name="value" label={t("price_rules.value")} errors={errors}>
                    {(p) => <input {...p} inputMode="decimal" defaultValue={field("value", "")} required />}
                  </FormField>
                  <FormField name="rounding" label={t("price_rules.rounding")} errors={errors}>
                    {(p) => (
                      <select {...p} defaultValue={field("rounding", "none")}>
                        {PRICE_RULE_ROUNDINGS.map((rounding) => (
                          <option key={rounding} value={rounding}>
                            {rounding === "none" ? t("price_rules.rounding_none") : rounding}
                          </option>
                        ))}
                      </select>
                    )}
                  </FormField>
                  <FormField name="minimum_quantity" label={t("price_rules.minimum_quantity")} errors={errors}>
                    {(p) => <input {...p} inputMode="decimal" defaultValue={field("minimum_quantity", "0")} />}
                  </FormField>
                  <FormField name="date_from" label={t("price_rules.date_from")} errors={errors}>
                    {(p) => <input {...p} type="date" defaultValue={field("date_from", "")} />}
                  </FormField>
                  <FormField name="date_to" label={t("price_rules.date_to")} errors={errors}>
                    {(p) => <input {...p} type="date" defaultValue={field("date_to", "")} />}
                  </FormField>
                </div>
                <h3>{t("price_rules.conditions")}</h3>
                <div className="form-grid">
                  <FormField name="customer_ids" label={t("price_rules.customer_ids")} errors={errors}>
                    {(p) => <input {...p} defaultValue={list("customer_ids").join(", ")} />}
                  </FormField>
                  <ChoiceList
                    name="customer_tag_ids"
                    label={t("price_rules.customer_tag_ids")}
                    choices={choices.customerTags}
                    chosen={list("customer_tag_ids")}
                    errors={errors}
                  />
                </div>
                <h3>{t("price_rules.selection")}</h3>
                <div className="form-grid">
                  <FormField name="selection" label={t("price_rules.selection")} errors={errors}>
                    {(p) => (
                      <select {...p} defaultValue={field("selection", "all_products")}>
                        {PRICE_RULE_SELECTIONS.map((selection) => (
                          <option key={selection} value={selection}>
                            {t(`price_rules.selection_${selection}`)}
                          </option>
                        ))}
                      </select>
                    )}
                  </FormField>
                  <FormField name="variant_ids" label={t("price_rules.variant_ids")} errors={errors}>
                    {(p) => <input {...p} defaultValue={list("variant_ids").join(", ")} />}
                  </FormField>
                  <FormField name="product_ids" label={t("price_rules.product_ids")} errors={errors}>
                    {(p) => <input {...p} defaultValue={list("product_ids").join(", ")} />}
                  </FormField>
                  <ChoiceList
                    name="brand_ids"
                    label={t("price_rules.brand_ids")}
                    choices={choices.brands}
                    chosen={list("brand_ids")}
                    errors={errors}
                  />
                  <ChoiceList
                    name="product_tag_ids"
                    label={t("price_rules.product_tag_ids")}
                    choices={choices.productTags}
                    chosen={list("product_tag_ids")}
                    errors={errors}
                  />
                  <ChoiceList
                    name="attribute_option_ids"
                    label={t("price_rules.attribute_option_ids")}
                    choices={choices.attributeOptions}
                    chosen={list("attribute_option_ids")}
                    errors={errors}
                  />
                </div>
                <CheckboxField
                  name="active"
                  label={t("catalogue_settings.active")}
                  checked={Boolean(value("active", editing?.active ?? true))}
                  errors={errors}
                />
              </>
            );
          }}
        </RecordFormCard>
      ) : null}
    </>
  );
}
