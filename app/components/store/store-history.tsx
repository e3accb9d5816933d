import type { ReactNode } from "react";
import { StorePager } from "./store-pager";

/** One row of a history: its key, its test id, and its cells in the columns' order. */
export interface StoreHistoryRow {
  id: number;
  cells: ReactNode[];
}

/**
 * A buyer's history page in the store (their orders, their invoices): its title, the list 10 a
 * page with its pager, or the text saying there is nothing yet.
 */
export function StoreHistory(props: {
  title: string;
  empty: string;
  columns: string[];
  rows: StoreHistoryRow[] | null;
  testId: string;
  page: { page: number; page_size: number; totalCount?: number } | null;
}) {
  const { title, empty, columns, rows, testId, page } = props;
  const pages = page ? Math.max(1, Math.ceil((page.totalCount ?? 0) / page.page_size)) : 1;
  return (
    <>
      <title>{title}</title>
      <h1>{title}</h1>
      {!rows || rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column}>{column}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-testid={testId}>
                  {row.cells.map((cell, n) => (
                    <td key={n}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page ? <StorePager page={page.page} pages={pages} href={(p) => `?page=${p}`} /> : null}
    </>
  );
}
