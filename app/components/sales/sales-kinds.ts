/** Shared by the sales document screens (browser and server): paths, permissions, list types, message prefixes. */
export type SalesKind = "estimate" | "sales_order";

export interface SalesKindInfo {
  kind: SalesKind;
  path: string;
  /** The list type of saved views. */
  listType: "estimates" | "sales_orders";
  view: { allOf: readonly ["view_estimates"] | readonly ["view_sales_orders"] };
  edit: { allOf: readonly ["edit_estimates"] | readonly ["edit_sales_orders"] };
  /** Prefix of the translation ids: estimates.title... */
  messages: "estimates" | "sales_orders";
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

export const LINE_FACTS_PATH = "/sales/line-facts";

/** What the detail page's buttons ask (each one a verb of the status machine). */
export const SALES_INTENTS = ["accept", "reject", "transform", "validate", "complete", "cancel"] as const;
export type SalesIntent = (typeof SALES_INTENTS)[number];
