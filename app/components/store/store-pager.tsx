import { useT } from "../../i18n";

/**
 * Previous and next pages of a store list, with "Page x of y" when the number of pages is known
 * (the catalogue only knows whether a next page exists); `href` makes the link of a page (0-based).
 */
export function StorePager({
  page,
  pages,
  hasMore,
  href,
}: {
  page: number;
  pages?: number;
  hasMore?: boolean;
  href: (page: number) => string;
}) {
  const t = useT();
  const next = hasMore ?? (pages !== undefined && page + 1 < pages);
  if (page === 0 && !next) return null;
  return (
    <nav className="pager">
      {page > 0 ? <a href={href(page - 1)}>{t("b2b.previous")}</a> : null}
      <span>{pages !== undefined ? t("b2b.page_of", { page: page + 1, pages }) : t("b2b.page", { page: page + 1 })}</span>
      {next ? <a href={href(page + 1)}>{t("b2b.next")}</a> : null}
    </nav>
  );
}
