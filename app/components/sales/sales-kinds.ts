/** Shared by the sales document screens (browser and server): paths, permissions, list types, message prefixes. */
export type SalesKind = "estimate" | "sales_order";

/** The documents the shared sales form, list and edit machinery serve: estimates, sales orders and invoices. */
export type DocumentFormKind = SalesKind | "invoice";

export interface SalesKindInfo<K extends DocumentFormKind = SalesKind> {
  kind: K;
  path: string;
  /** The list type of saved views. */
  listType: "estimates" | "sales_orders" | "invoices";
  view: { allOf: readonly ["view_estimates"] | readonly ["view_sales_orders"] | readonly ["view_invoices"] };
  edit: { allOf: readonly ["edit_estimates"] | readonly ["edit_sales_orders"] | readonly ["edit_invoices"] };
  /** Prefix of the translation ids: estimates.title... */
  messages: "estimates" | "sales_orders" | "invoices";
}

export const SALES_KINDS: Record<SalesKind, SalesKindInfo> = {
  estimate: {
    kind: "estimate",
    path: "/sales/estimates",
    listType: "estimates",
    view: { allOf: ["view_estimates"] },
    edit: { allOf: ["edit_estimates"] },
    messages: "estimates",
  },
  sales_order: {
    kind: "sales_order",
    path: "/sales/sales-orders",
    listType: "sales_orders",
    view: { allOf: ["view_sales_orders"] },
    edit: { allOf: ["edit_sales_orders"] },
    messages: "sales_orders",
  },
};

export const INVOICES: SalesKindInfo<"invoice"> = {
  kind: "invoice",
  path: "/sales/invoices",
  listType: "invoices",
  view: { allOf: ["view_invoices"] },
  edit: { allOf: ["edit_invoices"] },
  messages: "invoices",
};

/** Every kind the shared form and list serve, by kind. */
export const FORM_KINDS: Record<DocumentFormKind, SalesKindInfo<DocumentFormKind>> = { ...SALES_KINDS, invoice: INVOICES };

export const LINE_FACTS_PATH = "/sales/line-facts";

/** What the detail page's buttons ask (each one a verb of the status machine). */
export const SALES_INTENTS = ["accept", "reject", "transform", "invoice", "validate", "finalize", "complete", "cancel"] as const;
export type SalesIntent = (typeof SALES_INTENTS)[number];
