import { Form, redirect, useNavigation } from "react-router";
import {
  addSetupLocation,
  inviteFromSetup,
  leaveLocationsUsers,
  locationsUsersStep,
  renameSetupLocation,
} from "../../../worker/domain/onboarding/onboarding";
import { STEP_PATHS } from "../../../worker/domain/onboarding/steps";
import { mailDeps } from "../../../worker/integrations/mail/mail-deps";
import { errorsByField, SelectField, TextField } from "../../components/contacts/form-parts";
import { WizardNav, WizardStep } from "../../components/onboarding/wizard";
import { formAction } from "../../server/form-page.server";
import { useT } from "../../i18n";
import { openSetupPage } from "./setup.server";
import type { Route } from "./+types/locations-users";

const NOTICES = ["renamed", "added", "invited"] as const;

/** Locations and users step: rename the first location, add another, invite people with a role. */
export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await openSetupPage(args);
  const notice = new URL(args.request.url).searchParams.get("notice");
  return { ...(await locationsUsersStep(ctx)), notice: NOTICES.find((n) => n === notice) ?? null };
}

const field = (form: FormData, name: string) => String(form.get(name) ?? "");

export async function action(args: Route.ActionArgs) {
  const { rc, ctx } = await openSetupPage(args);
  const form = await args.request.formData();
  const intent = field(form, "intent");
  const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  const back = (notice: string) => redirect(`${STEP_PATHS.locations_users}?notice=${notice}`);
  return formAction(
    async () => {
      if (intent === "rename") {
        await renameSetupLocation(ctx, { id: field(form, "id"), label: field(form, "label") });
        return back("renamed");
      }
      if (intent === "add") {
        await addSetupLocation(ctx, { label: field(form, "label") });
        return back("added");
      }
      if (intent === "invite") {
        await inviteFromSetup(
          ctx,
          {
            email: field(form, "email"),
            first_name: field(form, "first_name"),
            last_name: field(form, "last_name"),
            role: field(form, "role"),
          },
          mailDeps(rc, args.request),
        );
        return back("invited");
      }
      return redirect(STEP_PATHS[await leaveLocationsUsers(ctx)]);
    },
    (refusal) => ({ ...refusal, intent, values }),
    { notFound: "refusal" },
  );
}

export default function LocationsUsersStep({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const failedOf = (intent: string) => (actionData?.intent === intent ? actionData : undefined);
  const errorsOf = (intent: string) => errorsByField(failedOf(intent)?.fields);
  const [first, ...others] = loaderData.locations;
  return (
    <WizardStep step="locations_users" saved={loaderData.saved} title={t("setup.locations_users_title")} failure={actionData}>
      {loaderData.notice && !actionData ? (
        <p role="status" className="alert alert--success">
          {t(`setup.notice_${loaderData.notice}`)}
        </p>
      ) : null}
      <section className="setup-section" aria-labelledby="setup-locations">
        <h2 id="setup-locations">{t("setup.locations")}</h2>
        <p className="muted">{t("setup.locations_intro")}</p>
        {first ? (
          <Form method="post" className="setup-inline" key={`rename-${first.label}`}>
            <input type="hidden" name="id" value={first.id} />
            <TextField
              name="label"
              label={t("setup.first_location")}
              value={failedOf("rename")?.values.label ?? first.label}
              errors={errorsOf("rename")}
              required
            />
            <button type="submit" name="intent" value="rename" className="button" disabled={busy}>
              {t("setup.rename")}
            </button>
          </Form>
        ) : null}
        {others.length ? (
          <ul className="setup-list">
            {others.map((l) => (
              <li key={l.id}>{l.label}</li>
            ))}
          </ul>
        ) : null}
        <Form method="post" className="setup-inline" key={`add-${loaderData.locations.length}`}>
          <TextField name="label" label={t("setup.new_location")} value={failedOf("add")?.values.label ?? ""} errors={errorsOf("add")} />
          <button type="submit" name="intent" value="add" className="button" disabled={busy}>
            {t("setup.add_location")}
          </button>
        </Form>
      </section>
      <section className="setup-section" aria-labelledby="setup-users">
        <h2 id="setup-users">{t("setup.users")}</h2>
        <ul className="setup-list">
          {loaderData.users.map((u) => (
            <li key={u.id}>
              {u.name} ({u.email}){u.pending ? ` — ${t("setup.invitation_pending")}` : ""}
            </li>
          ))}
        </ul>
        <Form method="post" key={`invite-${loaderData.users.length}`}>
          <div className="setup-grid">
            <TextField
              name="email"
              type="email"
              label={t("users.email")}
              value={failedOf("invite")?.values.email ?? ""}
              errors={errorsOf("invite")}
            />
            <SelectField
              name="role"
              label={t("setup.role")}
              value={failedOf("invite")?.values.role ?? "sales"}
              errors={errorsOf("invite")}
              options={loaderData.roles.map((r) => ({ value: r, label: t(`permission_preset.${r}`) }))}
            />
            <TextField
              name="first_name"
              label={t("users.first_name")}
              value={failedOf("invite")?.values.first_name ?? ""}
              errors={errorsOf("invite")}
            />
            <TextField
              name="last_name"
              label={t("users.last_name")}
              value={failedOf("invite")?.values.last_name ?? ""}
              errors={errorsOf("invite")}
            />
          </div>
          <button type="submit" name="intent" value="invite" className="button" disabled={busy}>
            {t("setup.invite")}
          </button>
        </Form>
      </section>
      <Form method="post">
        <WizardNav
          back="company"
          busy={busy}
          next={
            <button type="submit" name="intent" value="next" className="button button--primary" disabled={busy}>
              {t("setup.next")}
            </button>
          }
        />
      </Form>
    </WizardStep>
  );
}
