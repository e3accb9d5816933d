import { redirect } from "react-router";
import type { RequestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { DOCUMENT_ACCESS } from "../../../worker/domain/documents/document-types";
import {
  applyCreditNote,
  cancelCreditNote,
  createCreditNote,
  deleteCreditNote,
  listCreditNotes,
  removeCreditNoteCredit,
} from "../../../worker/domain/returns/credit-notes";
import { followPage, returnableLines } from "../../../worker/domain/returns/follow-pages";
import type { FollowView } from "../../../worker/domain/returns/follow-views";
import type { FollowingType } from "../../../worker/domain/returns/line-limits";
import {
  cancelProductReturn,
  createProductReturn,
  deleteProductReturn,
  listProductReturns,
  receiveProductReturn,
} from "../../../worker/domain/returns/product-returns";
import { cancelRefund, createRefund, deleteRefund, listRefunds, markRefunded } from "../../../worker/domain/returns/refunds";
import type { Ctx } from "../../../worker/domain/shared/ctx";
import { permits } from "../../../worker/domain/shared/ctx";
import { DomainError } from "../../../worker/domain/shared/domain-error";
import type { ListResult } from "../../../worker/domain/shared/list-query-sql";
import { requirePage } from "../../../worker/guards";
import { FOLLOW_KINDS } from "../../components/sales/follow-kinds";
import { tickedAcknowledgements } from "../../components/ui/confirm-delete";
import { formAction, newFormKey, onceForm, orNotFound } from "../../server/form-page.server";
import { listPageAction, loadListPage } from "../../server/list-page.server";

/** The screens of product returns, credit notes and refunds (decision 042): lists, pages and their buttons, a return's form. */

const VERBS: Record<
  FollowingType,
  {
    list: (ctx: Ctx, q: URLSearchParams) => Promise<ListResult<FollowView>>;
    cancel: (ctx: Ctx, input: { id: unknown }) => Promise<FollowView>;
    remove: (ctx: Ctx, input: { id: unknown; acknowledged: string[] }) => Promise<void>;
  }
> = {
  product_return: { list: listProductReturns, cancel: cancelProductReturn, remove: deleteProductReturn },
  credit_note: { list: listCreditNotes, cancel: cancelCreditNote, remove: deleteCreditNote },
  refund: { list: listRefunds, cancel: cancelRefund, remove: deleteRefund },
};

const NOTICES = ["created", "moved", "credited", "credit_removed", "emailed", "deleted"] as const;
const noticeOf = (request: Request) => {
  const notice = new URL(request.url).searchParams.get("notice");
  return NOTICES.find((n) => n === notice) ?? null;
};

export async function followListLoader(rc: RequestContext, request: Request, type: FollowingType) {
  const info = FOLLOW_KINDS[type];
  requirePage(request, rc, DOCUMENT_ACCESS[type].view);
  const ctx = await ctxFromRequest(rc);
  const list = await loadListPage({
    request,
    rc,
    type: info.listType,
    defaultSort: [{ by: "id", direction: "desc" }],
    run: (query) => VERBS[type].list(ctx, query),
  });
  return { list, canCreate: type === "product_return" && permits(ctx, DOCUMENT_ACCESS.product_return.edit), notice: noticeOf(request) };
}

export async function followListAction(rc: RequestContext, request: Request, type: FollowingType) {
  requirePage(request, rc, DOCUMENT_ACCESS[type].view);
  return listPageAction({ request, rc, type: FOLLOW_KINDS[type].listType });
}

export async function followDetailLoader(rc: RequestContext, request: Request, type: FollowingType, id: string | undefined) {
  requirePage(request, rc, DOCUMENT_ACCESS[type].read);
  const ctx = await ctxFromRequest(rc);
  const page = await orNotFound(() => followPage(ctx, type, id));
  return { ...page, notice: noticeOf(request), idempotencyKey: newFormKey() };
}

const text = (form: FormData, name: string) => {
  const value = String(form.get(name) ?? "").trim();
  return value === "" ? undefined : value;
};

/** The buttons of a page: receive, refunded, cancel, delete, make a credit note or a refund of a return, apply a credit note or remove one of its credits. */
export async function followDetailAction(rc: RequestContext, request: Request, type: FollowingType, id: string | undefined) {
  const info = FOLLOW_KINDS[type];
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const asks =
    intent === "credit_note"
      ? DOCUMENT_ACCESS.credit_note.edit
      : intent === "refund"
        ? DOCUMENT_ACCESS.refund.edit
        : DOCUMENT_ACCESS[type].edit;
  requirePage(request, rc, asks);
  const ctx = await ctxFromRequest(rc);
  return formAction(async () => {
    switch (intent) {
      case "delete":
        await VERBS[type].remove(ctx, { id, acknowledged: tickedAcknowledgements(form) });
        return redirect(`${info.path}?notice=deleted`);
      case "cancel":
        await VERBS[type].cancel(ctx, { id });
        return redirect(`${info.path}/${id}?notice=moved`);
      case "receive":
        await receiveProductReturn(ctx, { id });
        return redirect(`${info.path}/${id}?notice=moved`);
      case "refunded":
        await markRefunded(ctx, { id });
        return redirect(`${info.path}/${id}?notice=moved`);
      case "credit_note": {
        const note = await createCreditNote(ctx, { product_return_id: Number(id) });
        return redirect(`${FOLLOW_KINDS.credit_note.path}/${note.id}?notice=created`);
      }
      case "refund": {
        const refund = await createRefund(ctx, { product_return_id: Number(id), discrepancy: text(form, "discrepancy") ?? null });
        return redirect(`${FOLLOW_KINDS.refund.path}/${refund.id}?notice=created`);
      }
      case "apply":
        // Applied once per showing of the form: a second post of it answers the same page.
        return redirect(
          await onceForm(rc, request, form, async () => {
            await applyCreditNote(ctx, id, { invoice_id: Number(text(form, "invoice_id") ?? 0) || null, amount: text(form, "amount") });
            return `${info.path}/${id}?notice=credited`;
          }),
        );
      case "remove_credit":
        await removeCreditNoteCredit(ctx, id, text(form, "credit_id"));
        return redirect(`${info.path}/${id}?notice=credit_removed`);
      default:
        throw new DomainError("not_found");
    }
  });
}

/** The form of a new return: the source named by the address (?invoice_id= or ?sales_order_id=) with what remains of each line. */
export async function returnCreateLoader(rc: RequestContext, request: Request) {
  requirePage(request, rc, DOCUMENT_ACCESS.product_return.edit);
  const ctx = await ctxFromRequest(rc);
  const params = new URL(request.url).searchParams;
  const kind = params.has("invoice_id") ? "invoice" : params.has("sales_order_id") ? "sales_order" : null;
  const source = kind ? await orNotFound(() => returnableLines(ctx, kind, params.get(`${kind}_id`))) : null;
  return { source, idempotencyKey: newFormKey() };
}

export async function returnCreateAction(rc: RequestContext, request: Request) {
  requirePage(request, rc, DOCUMENT_ACCESS.product_return.edit);
  const ctx = await ctxFromRequest(rc);
  const form = await request.formData();
  const kind = String(form.get("source_type") ?? "") === "sales_order" ? "sales_order" : "invoice";
  const lines = form
    .getAll("line_id")
    .map((lineId) => ({
      line_id: Number(lineId),
      quantity: text(form, `quantity_${String(lineId)}`) ?? "0",
      // A batch-tracked line's batch, when the form offers one (else the verb takes the one it shipped from).
      batch_id: text(form, `batch_${String(lineId)}`),
    }))
    .filter((l) => Number(l.quantity.replace(",", ".")) !== 0);
  return formAction(
    async () =>
      redirect(
        await onceForm(rc, request, form, async () => {
          const made = await createProductReturn(ctx, {
            [`${kind}_id`]: Number(form.get("source_id")),
            lines: lines.map((l) => ({ line_id: l.line_id, quantity: l.quantity.replace(",", "."), batch_id: l.batch_id })),
            add_in_inventory: form.get("add_in_inventory") === "on",
            received: form.get("received") === "on",
            date: text(form, "date"),
            notes: text(form, "notes") ?? null,
          });
          return `${FOLLOW_KINDS.product_return.path}/${made.id}?notice=created`;
        }),
      ),
    undefined,
    { notFound: "refusal" },
  );
}
