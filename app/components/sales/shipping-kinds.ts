import type { DocumentEmails } from "../../../worker/domain/documents/document-emails";
import type { ShippingOrderListRow } from "../../../worker/domain/sales/list-shipping-orders";
import type { SalesDocumentView } from "../../../worker/domain/sales/sales-documents";
import type { ShippingChoiceLine } from "../../../worker/domain/sales/shipping-choices";
import type { ListPageData } from "../../server/list-page.server";

/** Shared by the shipping order screens (browser and server): path, permissions, list type, buttons. */
export const SHIPPING_ORDERS = {
  path: "/sales/shipping-orders",
  listType: "shipping_orders",
  view: { allOf: ["view_shipping_orders"] },
  edit: { allOf: ["edit_shipping_orders"] },
} as const;

/** What the detail page's buttons ask (each one a verb of the status machine). */
export const SHIPPING_INTENTS = ["prepare", "ready", "ship", "deliver", "invoice", "cancel"] as const;
export type ShippingIntent = (typeof SHIPPING_INTENTS)[number];

export interface ShippingListData {
  /** Each row with the sales order it ships, for whoever may see sales orders. */
  list: ListPageData<ShippingOrderListRow>;
}

export interface ShippingDetailData {
  doc: SalesDocumentView;
  intents: ShippingIntent[];
  /** The sales order it ships, when the user may see it. */
  order: { id: number; number: string } | null;
  /** The emails sent with it, and the one the email button would send (the editors of shipping orders). */
  emails: DocumentEmails;
  notice: "created" | "moved" | "not_editable" | "emailed" | null;
}

export interface OrderShipping {
  /** The order's shipping orders; null without view_shipping_orders. */
  shipments: SalesDocumentView[] | null;
  /** The lines the ship form offers; null when the user may not ship or nothing remains. */
  choices: ShippingChoiceLine[] | null;
  idempotencyKey: string;
}
