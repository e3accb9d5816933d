import type { FollowingType } from "../../../worker/domain/returns/line-limits";

/** Shared by the screens of product returns, credit notes and refunds (browser and server): paths, list types, message prefixes. */
export interface FollowKindInfo {
  path: string;
  listType: "product_returns" | "credit_notes" | "refunds";
  /** Prefix of the translation ids: product_returns.title… */
  messages: "product_returns" | "credit_notes" | "refunds";
}

export const FOLLOW_KINDS: Record<FollowingType, FollowKindInfo> = {
  product_return: { path: "/sales/product-returns", listType: "product_returns", messages: "product_returns" },
  credit_note: { path: "/sales/credit-notes", listType: "credit_notes", messages: "credit_notes" },
  refund: { path: "/sales/refunds", listType: "refunds", messages: "refunds" },
};
