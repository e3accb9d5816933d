import { useT } from "../../i18n";

/** Previous and next pages of a store list, with "Page x of y"; `href` makes the link of a page (0-based). */
export function StorePager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav className="pager">
      {page > 0 ? <a href={href(page - 1)}>{t("b2b.previous")}</a> : null}
      <span>{t("b2b.page_of", { page: page + 1, pages })}</span>
      {page + 1 < pages ? <a href={href(page + 1)}>{t("b2b.next")}</a> : null}
    </nav>
  );
}
