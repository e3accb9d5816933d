import { Link } from "react-router";
import { requestContext } from "../../../../worker/context";
import { ctxFromRequest } from "../../../../worker/ctx";
import { customerListFilters } from "../../../../worker/domain/contacts/customer-form-options";
import { customerCountries, listCustomers } from "../../../../worker/domain/contacts/list-customers";
import { hasPermissions } from "../../../../worker/domain/identity/permissions";
import { requirePage } from "../../../../worker/guards";
import { CUSTOMER_TAGS_PATH, CUSTOMERS_PATH, EDIT_CUSTOMERS, VIEW_CUSTOMERS } from "../../../components/contacts/contacts";
import { countryNames } from "../../../../worker/domain/shared/countries";
import { activeBadge } from "../../../components/contacts/form-parts";
import { listPageAction, loadListPage } from "../../../server/list-page.server";
import { fromListPage, ListScreen, type ListColumn, type ListFilterDefinition } from "../../../components/list/list-screen";
import type { ListRow } from "../../../components/list/rows-text";
import { useFormat } from "../../../format";
import { useT } from "../../../i18n";
import type { Route } from "./+types/list";

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const actor = requirePage(request, rc, VIEW_CUSTOMERS);
  const ctx = await ctxFromRequest(rc);
  const url = new URL(request.url);
  const [list, options, present] = await Promise.all([
    loadListPage({
      request,
      rc,
      type: "customers",
      run: (params) => listCustomers(ctx, params),
      shown: (c) => ({
        id: c.id,
        label: c.label,
        number: c.number,
        emails: c.emails,
        phone: c.phone,
        tags: c.tags.map((tag) => ({ label: tag.label })),
        status: c.status,
        credit_limit: c.credit_limit,
        price_level: c.price_level && { label: c.price_level.label },
        currency: c.currency && { iso: c.currency.iso },
        // The city of its billing address, else of its first.
        city: c.addresses.find((a) => a.default_billing)?.city ?? c.addresses[0]?.city ?? null,
        active: c.active,
        created_at: c.created_at,
      }),
    }),
    customerListFilters(ctx),
    customerCountries(ctx, { filtered: url.searchParams.get("country") }),
  ]);
  const notice = url.searchParams.get("notice");
  const offered = new Set(present);
  return {
    list: list,
    options: { ...options, countries: countryNames(rc.locale).filter((c) => offered.has(c.code)) },
    canEdit: hasPermissions(actor.permissions, EDIT_CUSTOMERS),
    notice: notice === "deleted" ? notice : null,
  };
}

// The saved-view forms of the list screen.
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, VIEW_CUSTOMERS);
  return listPageAction({ request, rc: ctx, type: "customers" });
}

type Row = ListRow<Route.ComponentProps["loaderData"]["list"]>;

export default function CustomersList({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const { list, options, canEdit, notice } = loaderData;
  const columns: ListColumn<Row>[] = [
    { key: "label", label: t("customers.label"), sortable: true, render: (c) => c.label },
    { key: "number", label: t("customers.number"), sortable: true, numeric: true, render: (c) => c.number },
    { key: "emails", label: t("customers.emails"), render: (c) => c.emails.join(", ") || "—" },
    { key: "phone", label: t("contacts.phone"), render: (c) => c.phone ?? "—" },
    { key: "tags", label: t("contacts.tags"), render: (c) => c.tags.map((tag) => tag.label).join(", ") || "—" },
    { key: "status", label: t("customers.status"), render: (c) => t(`customers.status_${c.status ?? "customer"}`), defaultVisible: false },
    {
      key: "credit_limit",
      label: t("customers.credit_limit"),
      sortable: true,
      numeric: true,
      render: (c) => format.money(c.credit_limit, c.currency?.iso),
    },
    { key: "price_level", label: t("customers.price_level"), render: (c) => c.price_level?.label ?? "—", defaultVisible: false },
    { key: "currency", label: t("customers.currency"), render: (c) => c.currency?.iso ?? "—", defaultVisible: false },
    {
      key: "city",
      label: t("contacts.city"),
      render: (c) => c.city ?? "—",
      defaultVisible: false,
    },
    { key: "active", label: t("contacts.status"), render: (c) => activeBadge(c.active, t) },
    {
      key: "created",
      label: t("contacts.created_at"),
      sortable: true,
      defaultVisible: false,
      render: (c) => format.day(c.created_at),
    },
  ];
  const select = (key: string, label: string, items: { value: string; label: string }[]): ListFilterDefinition[] =>
    items.length ? [{ key, label, type: "select", options: items }] : [];
  const filters: ListFilterDefinition[] = [
    { key: "label", label: t("customers.label"), type: "text" },
    { key: "active", label: t("contacts.active"), type: "boolean" },
    ...select(
      "status",
      t("customers.status"),
      ["prospect", "former_customer"].map((s) => ({ value: s, label: t(`customers.status_${s}`) })),
    ),
    ...select(
      "tag_id",
      t("contacts.tag"),
      options.tags.map((tag) => ({ value: String(tag.id), label: tag.label })),
    ),
    ...select(
      "price_level_id",
      t("customers.price_level"),
      options.priceLevels.map((l) => ({ value: String(l.id), label: l.label })),
    ),
    ...select(
      "currency_id",
      t("customers.currency"),
      options.currencies.map((c) => ({ value: String(c.id), label: c.iso })),
    ),
    ...select(
      "country",
      t("contacts.country"),
      options.countries.map((c) => ({ value: c.code, label: c.name })),
    ),
    { key: "credit_limit", label: t("customers.credit_limit"), type: "range" },
    { key: "created", label: t("contacts.created_at"), type: "date" },
  ];
  return (
    <>
      <title>{`${t("customers.title")} | ${t("app.name")}`}</title>
      <ListScreen
        {...fromListPage(list, actionData)}
        title={t("customers.title")}
        columns={columns}
        exportList="customers"
        rowHref={(c) => `${CUSTOMERS_PATH}/${c.id}`}
        filters={filters}
        searchable
        createHref={canEdit ? `${CUSTOMERS_PATH}/create` : undefined}
        createLabel={t("customers.new")}
        notice={
          notice ? (
            <p role="status" className="alert alert--success list-screen__notice">
              {t("customers.notice_deleted")}
            </p>
          ) : null
        }
      />
      {canEdit ? (
        <p className="contact-links">
          <Link to={CUSTOMER_TAGS_PATH}>{t("customer_tags.title")}</Link>
        </p>
      ) : null}
    </>
  );
}
