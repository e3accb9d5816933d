import { Form, redirect, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { can } from "../../../worker/domain/shared/ctx";
import { DomainError } from "../../../worker/domain/shared/domain-error";
import { STORE_ADMIN_EDIT, STORE_ADMIN_VIEW } from "../../../worker/domain/store/settings/store-settings-verbs";
import {
  decideAccessRequest,
  inviteStoreBuyer,
  listStoreCustomers,
  setCustomerStoreAccess,
} from "../../../worker/domain/store/store-customers";
import { VIEW_AS_CUSTOMER, viewStoreAsCustomer } from "../../../worker/domain/store/view-as-customer";
import { pageUrl, requirePage } from "../../../worker/guards";
import { mailDeps } from "../../../worker/integrations/mail/mail-deps";
import { errorsByField, SelectField, TextField } from "../../components/contacts/form-parts";
import { FormPage } from "../../components/form-page";
import { useFormat } from "../../format";
import { useT } from "../../i18n";
import { formAction } from "../../server/form-page.server";
import type { Route } from "./+types/customers";

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, STORE_ADMIN_VIEW);
  const ctx = await ctxFromRequest(rc);
  return {
    ...(await listStoreCustomers(ctx)),
    canEdit: can(ctx, STORE_ADMIN_EDIT),
    canViewAs: can(ctx, VIEW_AS_CUSTOMER),
    notice: pageUrl(request).searchParams.get("notice"),
  };
}

const INVITE_FIELDS = ["customer_id", "email", "first_name", "last_name", "language"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  // Viewing the store as a customer is for b2b_portal staff; everything else edits the store's customers.
  requirePage(request, rc, intent === "view_as" ? VIEW_AS_CUSTOMER : STORE_ADMIN_EDIT);
  const ctx = await ctxFromRequest(rc);
  const { baseUrl } = mailDeps(rc, request);
  const id = Number(form.get("id"));
  const values = Object.fromEntries(INVITE_FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
  return formAction(
    async () => {
      switch (intent) {
        case "invite":
          await inviteStoreBuyer(ctx, { ...values, customer_id: values.customer_id ? Number(values.customer_id) : undefined, baseUrl });
          return redirect("/b2b-store/customers?notice=invited");
        case "grant":
        case "deny":
          await decideAccessRequest(ctx, { id, decision: intent, baseUrl });
          return redirect(`/b2b-store/customers?notice=${intent === "grant" ? "granted" : "denied"}`);
        case "disable":
        case "enable":
          await setCustomerStoreAccess(ctx, { customer_id: id, access: intent === "disable" ? "disabled" : "granted" });
          return redirect(`/b2b-store/customers?notice=${intent}d`);
        case "view_as":
          await viewStoreAsCustomer(ctx, { customer_id: form.get("id") });
          return redirect("/b2b");
        default:
          throw new DomainError("invalid");
      }
    },
    (refusal) => ({ ...refusal, intent, id, values }),
  );
}

/**
 * The store's customers (platform spec §2): invite a buyer for a customer, answer the access
 * requests sent from the store's form, disable or give back a customer's access, and (for staff
 * with b2b_portal) enter the store as one of them.
 */
export default function StoreCustomers({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const busy = useNavigation().state === "submitting";
  const { customers, requests, choices, canEdit, canViewAs, notice } = loaderData;
  const inviteFailed = actionData?.intent === "invite";
  const values: Record<string, string> = inviteFailed ? actionData.values : {};
  const errors = errorsByField(inviteFailed ? actionData?.fields : undefined, []);
  return (
    <FormPage
      title={t("store_admin.customers")}
      back={{ href: "/b2b-store/dashboard", label: t("store_admin.dashboard") }}
      failure={
        inviteFailed ? actionData : actionData ? { error: actionData.error, params: actionData.params, fields: undefined } : undefined
      }
    >
      {notice && !actionData ? (
        <p role="status" className="alert alert--success">
          {t(`store_admin.notice_${notice}`)}
        </p>
      ) : null}
      <section className="card" data-testid="access-requests">
        <h2>{t("store_admin.access_requests", { count: requests.length })}</h2>
        {requests.length === 0 ? <p className="muted">{t("store_admin.no_requests")}</p> : null}
        <ul className="plain-list">
          {requests.map((r) => (
            <li key={r.id} className="store-request" data-testid="access-request" data-email={r.email}>
              <strong>{r.company_name}</strong> · {r.name} · {r.email}
              {r.phone ? ` · ${r.phone}` : ""} · {format.dateTime(r.created_at)}
              {r.message ? <p className="muted">{r.message}</p> : null}
              {canEdit ? (
                <Form method="post" className="inline-actions">
                  <input type="hidden" name="id" value={r.id} />
                  <button type="submit" name="intent" value="grant" className="button button--primary" disabled={busy}>
                    {t("store_admin.grant")}
                  </button>
                  <button type="submit" name="intent" value="deny" className="button button--secondary" disabled={busy}>
                    {t("store_admin.deny")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {canEdit ? (
        <section className="card">
          <h2>{t("store_admin.invite_buyer")}</h2>
          <Form method="post" className="form form-grid" noValidate key={inviteFailed ? JSON.stringify(values) : notice}>
            <input type="hidden" name="intent" value="invite" />
            <SelectField
              name="customer_id"
              label={t("store_admin.customer")}
              value={values.customer_id}
              errors={errors}
              empty=""
              options={choices.map((c) => ({ value: String(c.id), label: c.label }))}
            />
            <TextField name="email" label={t("store_admin.buyer_email")} value={values.email} errors={errors} type="email" />
            <TextField name="first_name" label={t("store_admin.first_name")} value={values.first_name} errors={errors} maxLength={100} />
            <TextField name="last_name" label={t("store_admin.last_name")} value={values.last_name} errors={errors} maxLength={100} />
            <SelectField
              name="language"
              label={t("store_admin.language")}
              value={values.language ?? "fr"}
              errors={errors}
              options={[
                { value: "fr", label: "Français" },
                { value: "en", label: "English" },
              ]}
            />
            <div className="actions">
              <button type="submit" className="button button--primary" disabled={busy}>
                {t("store_admin.send_invitation")}
              </button>
            </div>
          </Form>
        </section>
      ) : null}
      <section className="card">
        <h2>{t("store_admin.customers_with_access", { count: customers.length })}</h2>
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t("store_admin.customers")}>
          <table className="data-table" data-testid="store-customers">
            <thead>
              <tr>
                <th>{t("store_admin.customer")}</th>
                <th>{t("store_admin.access")}</th>
                <th>{t("store_admin.buyers")}</th>
                <th>{t("store_admin.last_access")}</th>
                <th>
                  <span className="visually-hidden">{t("store_admin.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {customers.map((c) => (
                <tr key={c.id} data-testid="store-customer" data-customer={c.id}>
                  <td>{c.label}</td>
                  <td>{t(`store_admin.access_${c.access}`)}</td>
                  <td>
                    {c.buyers.map((b) => (
                      <div key={b.user_id}>
                        {b.name} · {b.email}
                        {b.pending ? ` · ${t("store_admin.invited")}` : ""}
                      </div>
                    ))}
                  </td>
                  <td>{c.last_access ? format.dateTime(c.last_access) : "—"}</td>
                  <td>
                    <Form method="post" className="inline-actions">
                      <input type="hidden" name="id" value={c.id} />
                      {canEdit && c.access === "granted" ? (
                        <button type="submit" name="intent" value="disable" className="button button--secondary" disabled={busy}>
                          {t("store_admin.disable")}
                        </button>
                      ) : null}
                      {canEdit && c.access === "disabled" ? (
                        <button type="submit" name="intent" value="enable" className="button button--secondary" disabled={busy}>
                          {t("store_admin.enable")}
                        </button>
                      ) : null}
                      {canViewAs ? (
                        <button type="submit" name="intent" value="view_as" className="button button--secondary" disabled={busy}>
                          {t("store_admin.view_as")}
                        </button>
                      ) : null}
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </FormPage>
  );
}
