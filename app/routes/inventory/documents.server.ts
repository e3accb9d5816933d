import { data, redirect } from "react-router";
import type { RequestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { hasPermissions } from "../../../worker/domain/identity/permissions";
import type { Ctx } from "../../../worker/domain/shared/ctx";
import { DomainError } from "../../../worker/domain/shared/domain-error";
import { createStockDocument } from "../../../worker/domain/stock/create-stock-document";
import { deleteStockDocument } from "../../../worker/domain/stock/delete-stock-document";
import { getStockDocument } from "../../../worker/domain/stock/get-stock-document";
import { listStockDocuments } from "../../../worker/domain/stock/list-stock-documents";
import { listStockLocations } from "../../../worker/domain/stock/list-stock-locations";
import { updateStockDocument } from "../../../worker/domain/stock/update-stock-document";
import { requirePage } from "../../../worker/guards";
import { listPageAction, loadListPage } from "../../server/list-page.server";
import { MORE_ROWS, readDocumentForm, type DocumentFormFailure, type DocumentFormValues } from "../../components/inventory/document-form";
import { DOCUMENT_KINDS, type DocumentKind, type FieldErrors } from "../../components/inventory/format";
import { locationOptions, userNames } from "./inventory.server";
import { tickedAcknowledgements } from "../../components/ui/confirm-delete";
import { formAction, newFormKey, onceForm, orNotFound } from "../../server/form-page.server";

const DETAIL_NOTICES = ["created", "saved"] as const;

// ── List ─────────────────────────────────────────────────────────────────────────────────────

export async function documentListLoader(rc: RequestContext, request: Request, kind: DocumentKind) {
  const info = DOCUMENT_KINDS[kind];
  const actor = requirePage(request, rc, info.view);
  const ctx = await ctxFromRequest(rc);
  const [list, locations] = await Promise.all([
    loadListPage({
      request,
      rc,
      type: info.listType,
      defaultSort: [{ by: "id", direction: "desc" }],
      run: (query) => listStockDocuments(ctx, { kind, query }),
    }),
    locationOptions(ctx),
  ]);
  const notice = new URL(request.url).searchParams.get("notice");
  return {
    list,
    locations,
    canEdit: hasPermissions(actor.permissions, info.edit),
    notice: notice === "deleted" ? ("deleted" as const) : null,
  };
}

export async function documentListAction(rc: RequestContext, request: Request, kind: DocumentKind) {
  const info = DOCUMENT_KINDS[kind];
  requirePage(request, rc, info.view);
  return listPageAction({ request, rc, type: info.listType });
}

// ── Detail ───────────────────────────────────────────────────────────────────────────────────

function findDocument(ctx: Ctx, kind: DocumentKind, id: string | undefined) {
  return orNotFound(() => getStockDocument(ctx, { kind, id }));
}

export async function documentDetailLoader(rc: RequestContext, request: Request, kind: DocumentKind, id: string | undefined) {
  const info = DOCUMENT_KINDS[kind];
  const actor = requirePage(request, rc, info.view);
  const doc = await findDocument(await ctxFromRequest(rc), kind, id);
  const users = doc.user_id ? await userNames(rc, actor.company.id) : {};
  const notice = new URL(request.url).searchParams.get("notice");
  return {
    doc,
    author: doc.user_id ? (users[doc.user_id] ?? null) : null,
    canEdit: hasPermissions(actor.permissions, info.edit),
    canViewLog: hasPermissions(actor.permissions, { allOf: ["view_products_inventory"] }),
    notice: DETAIL_NOTICES.find((n) => n === notice) ?? null,
  };
}

/** Delete (after the boxes are ticked): reverses the document's stock. */
export async function documentDetailAction(rc: RequestContext, request: Request, kind: DocumentKind, id: string | undefined) {
  const info = DOCUMENT_KINDS[kind];
  requirePage(request, rc, info.edit);
  const ctx = await ctxFromRequest(rc);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  return formAction(async () => {
    if (intent !== "delete") throw new DomainError("invalid");
    await deleteStockDocument(ctx, { kind, id, acknowledged: tickedAcknowledgements(form) });
    return redirect(`${info.path}?notice=deleted`);
  });
}

// ── Create and edit ──────────────────────────────────────────────────────────────────────────

export async function documentFormOptions(ctx: Ctx, keep: (number | null)[] = []) {
  // Active locations, plus the (now inactive) ones the document already names.
  const all = await listStockLocations(ctx, { includeInactive: true });
  return all.filter((l) => l.active || keep.includes(l.id)).map((l) => ({ value: String(l.id), label: l.label }));
}

export async function documentCreateLoader(rc: RequestContext, request: Request, kind: DocumentKind) {
  requirePage(request, rc, DOCUMENT_KINDS[kind].edit);
  return { locations: await documentFormOptions(await ctxFromRequest(rc)), idempotencyKey: newFormKey() };
}

export async function documentEditLoader(rc: RequestContext, request: Request, kind: DocumentKind, id: string | undefined) {
  requirePage(request, rc, DOCUMENT_KINDS[kind].edit);
  const ctx = await ctxFromRequest(rc);
  const doc = await findDocument(ctx, kind, id);
  return { doc, locations: await documentFormOptions(ctx, [doc.location_id, doc.arrival_location_id]) };
}

/** The domain names line fields by what it takes (variant_id, batch_id); the form by what is typed (sku, batch). */
function formFields(fields: FieldErrors | undefined): FieldErrors | undefined {
  if (!fields) return fields;
  const out: FieldErrors = {};
  for (const [key, value] of Object.entries(fields)) {
    const name = key.replace(/^(lines\.\d+)\.(variant_id|pack_id)$/, "$1.sku").replace(/^(lines\.\d+)\.batch_id$/, "$1.batch");
    out[name] ??= value;
  }
  return out;
}

/** The domain input of the typed form: lines name their variant by SKU and their batch by number, as typed (the verb resolves them). */
function documentInput(kind: DocumentKind, values: DocumentFormValues, forUpdate: boolean) {
  const lines = values.lines.map((line) => ({
    sku: line.sku,
    quantity: line.quantity,
    ...(line.batch ? { batch: line.batch } : {}),
    ...(kind === "entry" && line.unit_cost ? { unit_cost: line.unit_cost } : {}),
  }));
  const input: Record<string, unknown> = {
    ...(!forUpdate && values.number ? { number: values.number } : {}),
    location_id: values.location_id,
    ...(kind === "movement" ? { arrival_location_id: values.arrival_location_id } : {}),
    ...(values.date ? { date: values.date } : {}),
    notes: values.notes.trim() ? values.notes : null,
    lines,
  };
  if (forUpdate && !values.location_id) input.location_id = "";
  return input;
}

/** Saves the form (create, or update of `id`); a failure comes back with the typed values. */
export async function saveDocumentAction(rc: RequestContext, request: Request, kind: DocumentKind, id?: string) {
  const info = DOCUMENT_KINDS[kind];
  requirePage(request, rc, info.edit);
  const form = await request.formData();
  const values = readDocumentForm(form);
  if (String(form.get("intent") ?? "") === "add_lines") {
    // The form without JavaScript asks for more rows: it comes back with them, nothing saved.
    return data({ added: true, values: { ...values, rows: Math.min(values.rows + MORE_ROWS, 500) } } satisfies {
      added: true;
      values: DocumentFormValues;
    });
  }
  const ctx = await ctxFromRequest(rc);
  const input = documentInput(kind, values, id !== undefined);
  return formAction(
    async () => {
      if (id !== undefined) return redirect(`${info.path}/${(await updateStockDocument(ctx, { ...input, kind, id })).id}?notice=saved`);
      // Created once per showing of the form: a second post of it goes to the same document.
      return redirect(
        await onceForm(
          rc,
          request,
          form,
          async () => `${info.path}/${(await createStockDocument(ctx, { ...input, kind })).id}?notice=created`,
        ),
      );
    },
    (refusal): DocumentFormFailure => ({ ...refusal, fields: formFields(refusal.fields), values }),
    { notFound: id === undefined ? "refusal" : "page" },
  );
}
