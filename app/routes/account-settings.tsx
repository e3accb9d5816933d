import { requestContext } from "../../worker/context";
import { effectiveStatus } from "../../worker/domain/identity/actor";
import { requirePage } from "../../worker/guards";
import { useFormat } from "../format";
import { useT } from "../i18n";
import type { Route } from "./+types/account-settings";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The company's account: status and trial. Plans, card and invoices arrive with billing. */
export function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePage(request, context.get(requestContext), { allOf: ["account_settings"] });
  const status = effectiveStatus(user.company);
  const endsAt = user.company.trialEndsAt;
  return {
    company: user.company.label,
    status,
    trialEndsAt: endsAt,
    daysLeft: status === "trial" && endsAt ? Math.max(0, Math.ceil((endsAt - Date.now()) / DAY_MS)) : null,
    isAdmin: user.isAdmin,
  };
}

export default function AccountSettings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const { company, status, trialEndsAt, daysLeft, isAdmin } = loaderData;
  return (
    <>
      <title>{`${t("account.title")} | ${t("app.name")}`}</title>
      <h1>{t("account.title")}</h1>
      <section className="card">
        <h2>{company}</h2>
        <p>
          {t("account.status")} <strong data-testid="account-status">{t(`account.status_${status}`)}</strong>
        </p>
        {daysLeft !== null ? <p>{t("account.trial_left", { days: daysLeft, date: format.day(trialEndsAt) })}</p> : null}
        {status === "trial_ended" ? <p className="alert alert--warning">{t("account.trial_ended_text")}</p> : null}
        {isAdmin ? null : <p className="muted">{t("account.contact_admin")}</p>}
      </section>
    </>
  );
}
