import { DELETE_ASKS } from "../../../../worker/domain/shared/acknowledgements";
import { requestContext } from "../../../../worker/context";
import { ctxFromRequest } from "../../../../worker/ctx";
import { deleteSupplier } from "../../../../worker/domain/contacts/delete-supplier";
import { getSupplier } from "../../../../worker/domain/contacts/get-supplier";
import { setSupplierActive } from "../../../../worker/domain/contacts/set-supplier-active";
import { hasPermissions } from "../../../../worker/domain/identity/permissions";
import { requirePage } from "../../../../worker/guards";
import { detailNotice, EDIT_SUPPLIERS, SUPPLIERS_PATH, VIEW_SUPPLIERS } from "../../../components/contacts/contacts";
import { detailAction } from "../contacts.server";
import { ActiveBadge, addressLine, DetailActions, DetailRow, PageMessages, useCountryName } from "../../../components/contacts/form-parts";
import { useT } from "../../../i18n";
import type { Route } from "./+types/detail";
import "../../../components/contacts/contacts.css";
import { orNotFound } from "../../../server/form-page.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const actor = requirePage(request, rc, VIEW_SUPPLIERS);
  const ctx = await ctxFromRequest(rc);
  const supplier = await orNotFound(() => getSupplier(ctx, { id: params.id }));
  return { supplier, canEdit: hasPermissions(actor.permissions, EDIT_SUPPLIERS), notice: detailNotice(request) };
}

// Delete (after confirmation), enable and disable: each needs edit_suppliers.
export async function action({ request, params, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_SUPPLIERS);
  const ctx = await ctxFromRequest(rc);
  return detailAction({ request, ctx, id: params.id, listPath: SUPPLIERS_PATH, remove: deleteSupplier, setActive: setSupplierActive });
}

export default function SupplierDetail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const countryName = useCountryName();
  const { supplier: s, canEdit, notice } = loaderData;
  const links = Object.entries(s.social_links);
  return (
    <>
      <title>{`${s.name} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{s.name}</h1>
        <DetailActions
          backHref={SUPPLIERS_PATH}
          backLabel={t("suppliers.back_to_list")}
          editHref={`${SUPPLIERS_PATH}/${s.id}/edit`}
          active={s.active}
          canEdit={canEdit}
          deleteConfirm={t("suppliers.delete_confirm", { label: s.name })}
          acknowledge={DELETE_ASKS.supplier}
        />
      </div>
      <PageMessages notice={notice} error={actionData && "error" in actionData ? actionData : undefined} />
      <div className="contact-detail">
        <section className="card">
          <dl className="detail-list">
            <DetailRow label={t("contacts.status")}>
              <ActiveBadge active={s.active} />
            </DetailRow>
            <DetailRow label={t("contacts.email")}>{s.email}</DetailRow>
            <DetailRow label={t("contacts.phone")}>{s.phone}</DetailRow>
            <DetailRow label={t("suppliers.website")}>
              {s.website ? (
                <a href={s.website} rel="noopener noreferrer" target="_blank">
                  {s.website}
                </a>
              ) : null}
            </DetailRow>
            <DetailRow label={t("suppliers.social_links")}>
              {links.length
                ? links.map(([network, url], i) => (
                    <span key={network}>
                      {i > 0 ? " · " : null}
                      <a href={url} rel="noopener noreferrer" target="_blank">
                        {network}
                      </a>
                    </span>
                  ))
                : null}
            </DetailRow>
            <DetailRow label={t("contacts.address")}>{addressLine(s, countryName)}</DetailRow>
            <DetailRow label={t("contacts.tags")}>{s.tags.map((tag) => tag.label).join(", ")}</DetailRow>
          </dl>
        </section>
        <section className="card">
          <h2>{t("suppliers.defaults")}</h2>
          <dl className="detail-list">
            <DetailRow label={t("suppliers.default_currency")}>
              {s.default_currency ? `${s.default_currency.iso} — ${s.default_currency.label}` : t("customers.default_choice")}
            </DetailRow>
            <DetailRow label={t("suppliers.default_price_level")}>
              {s.default_price_level?.label ?? t("customers.default_choice")}
            </DetailRow>
            <DetailRow label={t("suppliers.default_payment_terms_days")}>{s.default_payment_terms_days}</DetailRow>
            <DetailRow label={t("suppliers.default_lead_time_days")}>{s.default_lead_time_days}</DetailRow>
          </dl>
        </section>
        <section className="card">
          <dl className="detail-list">
            <DetailRow label={t("contacts.notes")}>{s.notes ? <span style={{ whiteSpace: "pre-wrap" }}>{s.notes}</span> : null}</DetailRow>
          </dl>
        </section>
      </div>
    </>
  );
}
