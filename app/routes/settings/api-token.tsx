import { Form, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { createCompanyApiToken, listApiTokens, revokeApiToken } from "../../../worker/domain/identity/api-tokens";
import { PERMISSION_GROUPS } from "../../../worker/domain/users/permission-groups";
import { requirePage } from "../../../worker/guards";
import { FormField } from "../../components/form-field";
import { formAction } from "../../server/form-page.server";
import { PermissionsFieldset, submittedPermissions } from "../../components/permissions-fieldset";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import type { Route } from "./+types/api-token";

const SETTINGS = { allOf: ["settings"] } as const;

/** Tokens for external systems: created with chosen permissions, shown once, revoked here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const actor = requirePage(request, ctx, SETTINGS);
  return {
    tokens: await listApiTokens(await ctxFromRequest(ctx)),
    choices: { groups: PERMISSION_GROUPS, grantable: actor.permissions },
    apiDocs: "/api/v1/docs",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const actor = requirePage(request, ctx, SETTINGS);
  const form = await request.formData();
  return formAction(
    async () => {
      if (form.get("intent") === "revoke") {
        await revokeApiToken(await ctxFromRequest(ctx), { id: String(form.get("id") ?? "") });
        return { revoked: true as const };
      }
      const label = String(form.get("label") ?? "");
      const created = await createCompanyApiToken(await ctxFromRequest(ctx), {
        label,
        permissions: submittedPermissions(form, actor.permissions),
      });
      return { created: { label: created.label, token: created.token } };
    },
    (refusal) => ({ ...refusal, label: String(form.get("label") ?? "") }),
    { notFound: "refusal" },
  );
}

export default function ApiTokens({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const failed = actionData && "error" in actionData ? actionData : undefined;
  const created = actionData && "created" in actionData ? actionData.created : undefined;
  const format = useFormat();
  return (
    <>
      <title>{`${t("api_tokens.title")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t("api_tokens.title")}</h1>
        <a href={loaderData.apiDocs}>{t("api_tokens.docs")}</a>
      </div>
      <p className="muted">{t("api_tokens.intro")}</p>
      {created ? (
        <section className="card" role="status">
          <h2>{t("api_tokens.created", { label: created.label })}</h2>
          <p className="alert alert--warning">{t("api_tokens.shown_once")}</p>
          <p className="secret" data-testid="new-api-token">
            {created.token}
          </p>
        </section>
      ) : null}
      {actionData && "revoked" in actionData ? (
        <p role="status" className="alert alert--success">
          {t("api_tokens.revoked")}
        </p>
      ) : null}
      {failed && !failed.fields ? (
        <p role="alert" className="alert alert--error">
          {errorText(failed)}
        </p>
      ) : null}

      <section className="card">
        <h2>{t("api_tokens.list_title")}</h2>
        {loaderData.tokens.length === 0 ? (
          <p className="muted">{t("api_tokens.none")}</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t("api_tokens.label")}</th>
                  <th scope="col">{t("api_tokens.permissions")}</th>
                  <th scope="col">{t("api_tokens.created_at")}</th>
                  <th scope="col">{t("api_tokens.last_used")}</th>
                  <th scope="col">
                    <span className="muted">{t("api_tokens.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaderData.tokens.map((token) => (
                  <tr key={token.id}>
                    <td>{token.label}</td>
                    <td>{token.permissions.length ? token.permissions.map((p) => t(`permission.${p}`)).join(", ") : "—"}</td>
                    <td>
                      {format.dateTime(token.created_at)}
                      {token.created_by ? <span className="muted"> · {token.created_by}</span> : null}
                    </td>
                    <td>{token.last_used_at ? format.dateTime(token.last_used_at) : t("api_tokens.never_used")}</td>
                    <td>
                      <Form
                        method="post"
                        onSubmit={(event) => {
                          if (!window.confirm(t("api_tokens.revoke_confirm", { label: token.label }))) event.preventDefault();
                        }}
                      >
                        <input type="hidden" name="intent" value="revoke" />
                        <input type="hidden" name="id" value={token.id} />
                        <button
                          type="submit"
                          className="button button--danger"
                          disabled={busy}
                          aria-label={t("api_tokens.revoke_label", { label: token.label })}
                        >
                          {t("api_tokens.revoke")}
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="card">
        <h2>{t("api_tokens.create_title")}</h2>
        <Form method="post" className="form" noValidate key={created?.token ?? "form"}>
          <input type="hidden" name="intent" value="create" />
          <FormField name="label" label={t("api_tokens.label")} errors={failed?.fields}>
            {(p) => <input {...p} defaultValue={failed?.label} placeholder={t("api_tokens.label_placeholder")} />}
          </FormField>
          <PermissionsFieldset choices={loaderData.choices} selected={[]} errors={failed?.fields} legend={t("api_tokens.permissions")} />
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("api_tokens.create")}
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}
