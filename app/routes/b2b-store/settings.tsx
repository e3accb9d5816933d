import { Form, Link, redirect, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { storePalette } from "../../../worker/domain/store/branding";
import {
  getStoreSettings,
  getStoreSettingsChoices,
  STORE_ADMIN_EDIT,
  STORE_ADMIN_VIEW,
  updateStoreSettings,
  type StoreSettingsChoices,
  type StoreSettingsView,
} from "../../../worker/domain/store/settings/store-settings-verbs";
import { can } from "../../../worker/domain/shared/ctx";
import { removeStoreImage, setStoreImage, STORE_IMAGES } from "../../../worker/domain/store/settings/store-images";
import { verifyStoreDomain } from "../../../worker/domain/store/settings/verify-store-domain";
import { dohTxtResolver } from "../../../worker/integrations/dns/doh-txt-resolver";
import { pageUrl, requirePage } from "../../../worker/guards";
import { CheckboxField } from "../../components/checkbox-field";
import { errorsByField, SelectField, TextAreaField, TextField } from "../../components/contacts/form-parts";
import { FormPage } from "../../components/form-page";
import { useErrorText, useT } from "../../i18n";
import { formAction } from "../../server/form-page.server";
import type { Route } from "./+types/settings";

type Key = keyof StoreSettingsView;
type Choice = keyof StoreSettingsChoices;
type Field =
  | { name: Key; kind: "flag" | "text" | "textarea" | "colour" | "money" }
  | { name: Key; kind: "select"; options: readonly string[] }
  | { name: Key; kind: "choice"; from: Choice }
  | { name: Key; kind: "choices"; from: Choice };

const flags = (...names: Key[]): Field[] => names.map((name) => ({ name, kind: "flag" }));

/** The settings pages of platform spec §2 and the settings each one holds (domain spec §3 'B2B store settings'). */
const SECTIONS = {
  setup: [
    ...flags("status"),
    { name: "url", kind: "text" },
    { name: "custom_domain", kind: "text" },
    { name: "email", kind: "text" },
    { name: "phone", kind: "text" },
    { name: "tax_type", kind: "select", options: ["excluded", "included"] },
    { name: "recommended_price_level_id", kind: "choice", from: "priceLevels" },
    ...flags("display_prices", "display_stock", "display_incoming_stock", "display_out_of_stock"),
    ...flags("allow_negative_stock", "use_stock_from_all_locations", "prevent_from_ordering", "hide_orders", "hide_invoices"),
    ...flags("automatically_confirm_order", "automatically_create_invoice", "automatically_send_email_on_confirm"),
    { name: "shipping_cost", kind: "money" },
    ...flags("get_last_customer_ship_cost"),
    { name: "external_reference_label", kind: "text" },
    { name: "ga_tracking_id", kind: "text" },
  ],
  "about-us": [{ name: "about_us", kind: "textarea" }],
  customization: [
    { name: "primary_color", kind: "colour" },
    { name: "secondary_color", kind: "colour" },
    { name: "login_headline", kind: "text" },
    { name: "login_description", kind: "textarea" },
  ],
  filters: [
    ...flags("display_tag_filter"),
    { name: "visible_tag_ids", kind: "choices", from: "tags" },
    ...flags("display_season_filter"),
    { name: "visible_season_ids", kind: "choices", from: "seasons" },
    ...flags("display_brand_filter"),
    { name: "visible_brand_ids", kind: "choices", from: "brands" },
    ...flags("display_attribute_filter"),
    { name: "visible_attribute_ids", kind: "choices", from: "attributes" },
  ],
  "featured-products": [{ name: "featured_product_ids", kind: "choices", from: "products" }],
  "access-form": [...flags("access_form_enabled"), { name: "access_form_text", kind: "textarea" }],
  "email-invite": [{ name: "invite_message", kind: "textarea" }],
} satisfies Record<string, Field[]>;

type Section = keyof typeof SECTIONS;
const isSection = (value: string | undefined): value is Section => value !== undefined && Object.hasOwn(SECTIONS, value);

function sectionOf(params: { section?: string }): Section {
  if (!isSection(params.section)) throw redirect("/b2b-store/settings/setup");
  return params.section;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, STORE_ADMIN_VIEW);
  const section = sectionOf(params);
  const ctx = await ctxFromRequest(rc);
  const needsChoices = (SECTIONS[section] as Field[]).some((f) => f.kind === "choice" || f.kind === "choices");
  const [settings, choices] = await Promise.all([getStoreSettings(ctx), needsChoices ? getStoreSettingsChoices(ctx) : null]);
  return {
    section,
    settings,
    choices,
    canEdit: can(ctx, STORE_ADMIN_EDIT),
    notice: pageUrl(request).searchParams.get("notice"),
    origin: pageUrl(request).origin,
  };
}

/** The section's fields as the form posted them: an unticked box is false, an empty list is none. */
function readSection(section: Section, form: FormData): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of SECTIONS[section] as Field[]) {
    const raw = form.get(field.name);
    if (field.kind === "flag") input[field.name] = raw === "on";
    else if (field.kind === "choices") input[field.name] = form.getAll(field.name).map((v) => Number(v));
    else if (field.kind === "choice") input[field.name] = raw ? Number(raw) : null;
    else input[field.name] = typeof raw === "string" ? raw : "";
  }
  return input;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, STORE_ADMIN_EDIT);
  const section = sectionOf(params);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const image = STORE_IMAGES.find((i) => intent === `upload_${i}` || intent === `remove_${i}`);
  const verify = intent === "verify_domain";
  const values = image || verify ? null : readSection(section, form);
  return formAction(
    async () => {
      const ctx = await ctxFromRequest(rc);
      if (verify) {
        await verifyStoreDomain(ctx, { resolver: dohTxtResolver(rc.env.settings.DNS_OVER_HTTPS_URL) });
        return redirect(`/b2b-store/settings/${section}?notice=domain_verified`);
      }
      if (image && intent.startsWith("upload_")) {
        const file = form.get(image);
        await setStoreImage(ctx, { image, bytes: file instanceof File ? await file.arrayBuffer() : new ArrayBuffer(0) });
      } else if (image) await removeStoreImage(ctx, { image });
      else await updateStoreSettings(ctx, values, { storesDomain: rc.env.settings.STORES_DOMAIN });
      return redirect(`/b2b-store/settings/${section}?notice=saved`);
    },
    (refusal) => ({ ...refusal, values }),
  );
}

function SettingField({
  field,
  value,
  choices,
  errors,
}: {
  field: Field;
  value: unknown;
  choices: StoreSettingsChoices | null;
  errors: ReturnType<typeof errorsByField>;
}) {
  const t = useT();
  const errorText = useErrorText();
  const label = t(`store_settings.${field.name}`);
  switch (field.kind) {
    case "flag":
      return <CheckboxField name={field.name} label={label} checked={value === true} errors={errors} />;
    case "textarea":
      return <TextAreaField name={field.name} label={label} value={(value as string | null) ?? ""} errors={errors} rows={6} />;
    case "colour":
      return <TextField name={field.name} label={label} value={String(value ?? "")} errors={errors} type="color" />;
    case "select":
      return (
        <SelectField
          name={field.name}
          label={label}
          value={String(value)}
          errors={errors}
          options={field.options.map((o) => ({ value: o, label: t(`store_settings.${field.name}_${o}`) }))}
        />
      );
    case "choice":
      return (
        <SelectField
          name={field.name}
          label={label}
          value={value === null || value === undefined ? "" : String(value)}
          errors={errors}
          empty={t("store_settings.none")}
          options={(choices?.[field.from] ?? []).map((c) => ({ value: String(c.id), label: c.label }))}
        />
      );
    case "choices": {
      const chosen = new Set((value as number[] | undefined) ?? []);
      const options = choices?.[field.from] ?? [];
      const error = errors?.[field.name];
      return (
        <fieldset className="field store-choices" data-testid={`choices-${field.name}`}>
          <legend>{label}</legend>
          {options.length === 0 ? <p className="muted">{t("store_settings.no_choices")}</p> : null}
          {options.map((o) => (
            <label key={o.id} className="checkbox">
              <input type="checkbox" name={field.name} value={o.id} defaultChecked={chosen.has(o.id)} /> {o.label}
            </label>
          ))}
          {error ? <p className="field__error">{errorText(error)}</p> : null}
        </fieldset>
      );
    }
    default:
      return <TextField name={field.name} label={label} value={String(value ?? "")} errors={errors} />;
  }
}

/** Whether the store's own domain is verified, the TXT record that proves it and the button that checks it. */
function DomainVerification({
  status,
  record,
  canVerify,
  busy,
}: {
  status: StoreSettingsView["custom_domain_status"];
  record: { name: string; value: string };
  canVerify: boolean;
  busy: boolean;
}) {
  const t = useT();
  return (
    <section className="card store-domain" data-testid="store-domain">
      <h2>{t("store_settings.domain_status")}</h2>
      <p role="status" className={`badge${status === "verified" ? " badge--ok" : ""}`}>
        {t(status === "verified" ? "store_settings.domain_verified" : "store_settings.domain_pending")}
      </p>
      {status === "pending" ? (
        <>
          <p>{t("store_settings.domain_record")}</p>
          <dl className="store-domain__record">
            <dt>{t("store_settings.domain_record_type")}</dt>
            <dd>
              <code>TXT</code>
            </dd>
            <dt>{t("store_settings.domain_record_name")}</dt>
            <dd>
              <code>{record.name}</code>
            </dd>
            <dt>{t("store_settings.domain_record_value")}</dt>
            <dd>
              <code>{record.value}</code>
            </dd>
          </dl>
        </>
      ) : null}
      {canVerify ? (
        <Form method="post">
          <button type="submit" name="intent" value="verify_domain" className="button button--secondary" disabled={busy}>
            {t("store_settings.verify_domain")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/** The store's settings, one page per part (platform spec §2), each saving only its own settings. */
export default function StoreSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const { section, settings, choices, canEdit, notice } = loaderData;
  const values: Record<string, unknown> = actionData?.values ?? settings;
  const imageErrors = errorsByField(actionData && !actionData.values ? actionData.fields : undefined, []);
  const errors = errorsByField(actionData?.fields, []);
  const palette = storePalette(settings.primary_color, settings.secondary_color);
  const storeAddress = settings.url ? `${loaderData.origin}/b2b/login?company=${settings.url}` : null;
  return (
    <FormPage
      title={t("store_settings.title")}
      back={{ href: "/b2b-store/dashboard", label: t("store_admin.dashboard") }}
      failure={actionData}
    >
      <nav className="store-admin-tabs" aria-label={t("store_settings.title")}>
        {(Object.keys(SECTIONS) as Section[]).map((s) => (
          <Link key={s} to={`/b2b-store/settings/${s}`} aria-current={s === section ? "page" : undefined}>
            {t(`store_settings.section_${s}`)}
          </Link>
        ))}
      </nav>
      {(notice === "saved" || notice === "domain_verified") && !actionData ? (
        <p role="status" className="alert alert--success">
          {t(notice === "saved" ? "store_settings.saved" : "store_settings.domain_verified_notice")}
        </p>
      ) : null}
      <p className="muted">{t(`store_settings.intro_${section}`)}</p>
      {section === "setup" && storeAddress ? (
        <p>
          {t("store_settings.store_address")} <a href={storeAddress}>{storeAddress}</a>
        </p>
      ) : null}
      {section === "customization" ? (
        <div className="store-palette" data-testid="store-palette">
          <span style={{ background: palette.primary, color: palette.primaryText }}>{t("store_settings.primary_color")}</span>
          <span className="store-palette__swatch" style={{ background: palette.primaryLight }} title="+40" aria-hidden="true" />
          <span className="store-palette__swatch" style={{ background: palette.primaryDark }} title="−40" aria-hidden="true" />
          <span style={{ background: palette.secondary, color: palette.secondaryText }}>{t("store_settings.secondary_color")}</span>
        </div>
      ) : null}
      {section === "customization" && canEdit ? (
        <div className="store-images">
          {STORE_IMAGES.map((image) => (
            <Form key={image} method="post" encType="multipart/form-data" className="card form" data-testid={`store-image-${image}`}>
              <div className={`field${imageErrors?.[image] ? " field--invalid" : ""}`}>
                <label htmlFor={`file-${image}`}>{t(`store_settings.${image}`)}</label>
                {settings[image === "banner" ? "banner_key" : "login_background_key"] ? (
                  <img
                    src={`/b2b/images/${image}?v=${encodeURIComponent(settings[image === "banner" ? "banner_key" : "login_background_key"]!)}`}
                    alt=""
                    className="store-images__preview"
                  />
                ) : null}
                <input id={`file-${image}`} type="file" name={image} accept="image/png,image/jpeg,image/gif,image/webp" />
                {imageErrors?.[image] ? <p className="field__error">{errorText(imageErrors[image]!)}</p> : null}
              </div>
              <div className="actions">
                <button type="submit" name="intent" value={`upload_${image}`} className="button button--secondary" disabled={busy}>
                  {t("store_settings.upload")}
                </button>
                {settings[image === "banner" ? "banner_key" : "login_background_key"] ? (
                  <button type="submit" name="intent" value={`remove_${image}`} className="button button--secondary" disabled={busy}>
                    {t("store_settings.remove_image")}
                  </button>
                ) : null}
              </div>
            </Form>
          ))}
        </div>
      ) : null}
      <Form method="post" className="form" noValidate key={actionData ? JSON.stringify(actionData.values) : JSON.stringify(settings)}>
        <fieldset disabled={!canEdit} className="card form-grid store-settings-form">
          {(SECTIONS[section] as Field[]).map((field) => (
            <SettingField key={field.name} field={field} value={values[field.name]} choices={choices} errors={errors} />
          ))}
        </fieldset>
        {canEdit ? (
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("store_settings.save")}
            </button>
          </div>
        ) : null}
      </Form>
      {section === "setup" && settings.custom_domain_record ? (
        <DomainVerification
          status={settings.custom_domain_status}
          record={settings.custom_domain_record}
          canVerify={canEdit && settings.custom_domain_status === "pending"}
          busy={busy}
        />
      ) : null}
    </FormPage>
  );
}
