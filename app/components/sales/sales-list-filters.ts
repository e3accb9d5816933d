import { statusesOf, type StatusMachine } from "../../../worker/domain/documents/statuses";
import type { ListFilterDefinition } from "../list/list-screen";

/** The filters every sales document list offers: number, status (of the document's machine) and date. */
export function salesListFilters(t: (id: string) => string, machine: StatusMachine): ListFilterDefinition[] {
  return [
    { key: "number", label: t("sales_documents.number"), type: "text" },
    {
      key: "status",
      label: t("sales_documents.status"),
      type: "select",
      options: statusesOf(machine).map((s) => ({ value: s, label: t(`status.${s}`) })),
    },
    { key: "date", label: t("sales_documents.date"), type: "date" },
  ];
}
