import { useLingui } from "@lingui/react";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { DEFAULT_FORMAT, formatter, type FormatSettings, type Formatter } from "../worker/domain/shared/format";

/** What the back-office layout knows of the reader: the company's number format and currencies, the user's zone. */
export type PageFormat = Omit<FormatSettings, "language">;

const FormatContext = createContext<PageFormat>(DEFAULT_FORMAT);

export function FormatProvider({ value, children }: { value: PageFormat; children: ReactNode }) {
  return <FormatContext.Provider value={value}>{children}</FormatContext.Provider>;
}

/** The formatting functions for this page: the company's number format, the page's language, the user's zone. */
export function useFormat(): Formatter {
  const page = useContext(FormatContext);
  const { i18n } = useLingui();
  const language = i18n.locale === "fr" ? "fr" : "en";
  return useMemo(() => formatter({ ...page, language }), [page, language]);
}
