import { Form, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { CheckoutFrame } from "../../components/account/checkout-frame";
import { FormField, type FieldErrorMap } from "../../components/form-field";
import { useT } from "../../i18n";
import { BILLING_FIELDS } from "../../components/account/checkout-path";
import { checkoutAction, checkoutLoader } from "./billing.server";
import "../../components/account/account.css";
import type { Route } from "./+types/billing-information";

export function loader({ request, params, context }: Route.LoaderArgs) {
  return checkoutLoader(context.get(requestContext), request, params);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return checkoutAction(context.get(requestContext), request, params);
}

type Failure = { error?: string; params?: Record<string, unknown>; fields?: FieldErrorMap; values?: Record<string, string> } | undefined;

const AUTOCOMPLETE: Record<(typeof BILLING_FIELDS)[number], string> = {
  name: "organization",
  email: "email",
  address1: "address-line1",
  address2: "address-line2",
  postal_code: "postal-code",
  city: "address-level2",
  country: "country",
  vat_number: "off",
};

/** Step 2: who the invoices are made out to (name, email, address, VAT number). */
export default function BillingInformation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { choice, overview, countries } = loaderData;
  const failure = actionData as Failure;
  const saved = overview.billingInformation;
  const values: Record<string, string> = failure?.values ?? {
    name: saved?.name ?? "",
    email: saved?.email ?? "",
    address1: saved?.address1 ?? "",
    address2: saved?.address2 ?? "",
    postal_code: saved?.postalCode ?? "",
    city: saved?.city ?? "",
    country: saved?.country ?? "",
    vat_number: saved?.vatNumber ?? "",
  };
  const errors = failure?.fields;
  const text = (name: (typeof BILLING_FIELDS)[number], type = "text") => (
    <FormField name={name} label={t(`checkout.billing_${name}`)} errors={errors}>
      {(props) => <input {...props} type={type} autoComplete={AUTOCOMPLETE[name]} defaultValue={values[name]} />}
    </FormField>
  );
  return (
    <CheckoutFrame step="billing-information" choice={choice} activeUsers={overview.activeUsers} error={failure}>
      <Form method="post" className="card form" noValidate>
        <div className="form-grid">
          {text("name")}
          {text("email", "email")}
          {text("address1")}
          {text("address2")}
          {text("postal_code")}
          {text("city")}
          <FormField name="country" label={t("checkout.billing_country")} errors={errors}>
            {(props) => (
              <select {...props} autoComplete="country" defaultValue={values.country}>
                <option value="">{t("checkout.choose_country")}</option>
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {text("vat_number")}
        </div>
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("checkout.save_continue")}
          </button>
        </div>
      </Form>
    </CheckoutFrame>
  );
}
