import { canVerbMove, isFinal, isStatusOf, type StatusOf } from "../documents/statuses";
import type { PermissionCheck } from "../identity/permissions";
import { permits, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { acceptEstimate } from "./accept-estimate";
import { cancelSalesOrder } from "./cancel-sales-order";
import { cancelShippingOrder } from "./cancel-shipping-order";
import { completeSalesOrder } from "./complete-sales-order";
import { deliverShippingOrder } from "./deliver-shipping-order";
import { prepareShippingOrder } from "./prepare-shipping-order";
import { readyShippingOrder } from "./ready-shipping-order";
import { rejectEstimate } from "./reject-estimate";
import { SALES_ACCESS, type SalesDocumentView } from "./sales-documents";
import { shipShippingOrder } from "./ship-shipping-order";
import { transformEstimate } from "./transform-estimate";
import { validateSalesOrder } from "./validate-sales-order";

type Move = (ctx: Ctx, input: { id: unknown }) => Promise<SalesDocumentView>;

/** One button of a document's page: the status its verb moves to, the verb, and what it asks beyond the type's edit permission. */
interface ActionRow<M extends ActionType> {
  to: StatusOf<M>;
  run: Move;
  also?: PermissionCheck;
}

export type ActionType = "estimate" | "sales_order" | "shipping_order";

/**
 * The status moves each sales document's page offers, in the order it shows them. Whether one is
 * offered is the graph's answer (statuses.ts `canVerbMove`), the same the verb asks before it writes.
 */
export const DOCUMENT_ACTIONS = {
  estimate: {
    accept: { to: "accepted", run: acceptEstimate },
    reject: { to: "rejected", run: rejectEstimate },
    // Transforming makes a sales order: it asks for that type's edit permission too.
    transform: { to: "accepted_and_transformed", run: transformEstimate, also: SALES_ACCESS.sales_order.edit },
  },
  sales_order: {
    validate: { to: "pending", run: validateSalesOrder },
    complete: { to: "completed_manually", run: completeSalesOrder },
    cancel: { to: "cancelled", run: cancelSalesOrder },
  },
  shipping_order: {
    prepare: { to: "in_preparation", run: prepareShippingOrder },
    ready: { to: "ready_to_ship", run: readyShippingOrder },
    ship: { to: "shipped", run: shipShippingOrder },
    deliver: { to: "delivered", run: deliverShippingOrder },
    cancel: { to: "cancelled", run: cancelShippingOrder },
  },
} as const satisfies { [T in ActionType]: Record<string, ActionRow<T>> };

export type DocumentAction<T extends ActionType> = keyof (typeof DOCUMENT_ACTIONS)[T] & string;

/** What this user may do next with a document, as its page shows it: the pages render this, never decide it. */
export interface DocumentActions<T extends ActionType> {
  /** The status moves this user may make now. */
  moves: DocumentAction<T>[];
  /** The edit form: the permission, a type that has one, and a status that may still change (the update verbs refuse a final one). */
  edit: boolean;
  /** Deleting (with its cascade), for whoever may change the type; shipping orders are cancelled, not deleted. */
  delete: boolean;
}

/** Whether a document of this type in this status may still be edited (the update verbs' rule: not a final status). */
export function editableStatus(type: ActionType, status: string): boolean {
  return type !== "shipping_order" && isStatusOf(type, status) && !isFinal(type, status);
}

/** The actions this user may take on the document now (status moves, edit, delete). */
export function documentActions<T extends ActionType>(ctx: Pick<Ctx, "actor">, type: T, doc: { status: string }): DocumentActions<T> {
  const none: DocumentActions<T> = { moves: [], edit: false, delete: false };
  if (!permits(ctx, SALES_ACCESS[type].edit)) return none;
  const rows = DOCUMENT_ACTIONS[type] as Record<DocumentAction<T>, ActionRow<T>>;
  const status = doc.status;
  const moves = (Object.keys(rows) as DocumentAction<T>[]).filter((action) => {
    const row = rows[action];
    return isStatusOf(type, status) && canVerbMove(type, status, row.to) && (!row.also || permits(ctx, row.also));
  });
  return { moves, edit: editableStatus(type, status), delete: type !== "shipping_order" };
}

/** Runs one of a document's actions by its name (a page's button): the verb refuses what the graph does not allow. */
export async function runDocumentAction<T extends ActionType>(
  ctx: Ctx,
  input: { type: T; action: unknown; id: unknown },
): Promise<SalesDocumentView> {
  const rows: Record<string, { run: Move }> = DOCUMENT_ACTIONS[input.type];
  const row = typeof input.action === "string" && Object.hasOwn(rows, input.action) ? rows[input.action] : undefined;
  if (!row) throw new DomainError("invalid");
  return row.run(ctx, { id: input.id });
}
