import { Form, Link, redirect, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { requestStoreAccess } from "../../../worker/domain/store/request-store-access";
import { storeVisit, storeVisitView } from "../../../worker/store-visit";
import { limitDeps } from "../../../worker/web-session";
import { errorsByField, TextAreaField, TextField } from "../../components/contacts/form-parts";
import { useErrorText, useT } from "../../i18n";
import { formAction } from "../../server/form-page.server";
import type { Route } from "./+types/access";

const FIELDS = ["company_name", "first_name", "last_name", "email", "phone", "message"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  if (rc.actor) throw redirect("/");
  const visit = storeVisitView(await storeVisit(rc, request));
  // Without a store whose form is on, the visitor goes to the store's login.
  if (!visit?.accessForm.enabled) throw redirect(`/b2b/login${visit?.slug ? `?company=${visit.slug}` : ""}`);
  return { store: visit, sent: new URL(request.url).searchParams.has("sent") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const visit = await storeVisit(rc, request);
  if (!visit) throw new Response(null, { status: 404 });
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
  return formAction(
    async () => {
      await requestStoreAccess(visit.ctx, {
        ...values,
        phone: values.phone || null,
        message: values.message || null,
        language: rc.locale,
        ...limitDeps(rc, request),
      });
      return redirect(`/b2b/access?${new URLSearchParams({ ...(visit.slug ? { company: visit.slug } : {}), sent: "1" })}`);
    },
    (refusal) => ({ ...refusal, values }),
  );
}

/** The store's access form (domain spec §5): a visitor asks for access; staff grant or deny it. */
export default function StoreAccess({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const { store, sent } = loaderData;
  const values: Record<string, string> = actionData?.values ?? {};
  const errors = errorsByField(actionData?.fields, []);
  const login = `/b2b/login${store.slug ? `?company=${store.slug}` : ""}`;
  return (
    <>
      <title>{`${t("b2b.request_access")} | ${store.label}`}</title>
      <h1>{t("b2b.request_access")}</h1>
      <p className="muted">{store.label}</p>
      {sent ? (
        <p role="status" className="alert alert--success">
          {t("b2b.access_sent")}
        </p>
      ) : (
        <>
          {store.accessForm.text ? <p>{store.accessForm.text}</p> : null}
          {actionData?.error && !actionData.fields ? (
            <p role="alert" className="alert alert--error">
              {errorText(actionData.error, actionData.params)}
            </p>
          ) : null}
          <Form method="post" className="form" noValidate>
            <TextField name="company_name" label={t("b2b.access_company")} value={values.company_name} errors={errors} maxLength={200} />
            <TextField name="first_name" label={t("b2b.access_first_name")} value={values.first_name} errors={errors} maxLength={100} />
            <TextField name="last_name" label={t("b2b.access_last_name")} value={values.last_name} errors={errors} maxLength={100} />
            <TextField name="email" label={t("b2b.access_email")} value={values.email} errors={errors} type="email" />
            <TextField name="phone" label={t("b2b.access_phone")} value={values.phone} errors={errors} type="tel" />
            <TextAreaField name="message" label={t("b2b.access_message")} value={values.message} errors={errors} />
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("b2b.access_send")}
            </button>
          </Form>
        </>
      )}
      <p>
        <Link to={login}>{t("b2b.back_to_login")}</Link>
      </p>
    </>
  );
}
