import { data, redirect } from "react-router";
import type { RequestContext } from "../../../worker/context";
import { hasPermissions } from "../../../worker/domain/identity/permissions";
import { DomainError } from "../../../worker/domain/shared/domain-error";
import { stockActor } from "../../../worker/domain/stock/stock-actor";
import {
  createStockDocument,
  deleteStockDocument,
  getStockDocument,
  listStockDocuments,
  stockLocations,
  updateStockDocument,
} from "../../../worker/domain/stock/stock-documents";
import { requirePage } from "../../../worker/guards";
import { listPageAction, loadListPage } from "../../server/list-page.server";
import { MORE_ROWS, readDocumentForm, type DocumentFormFailure, type DocumentFormValues } from "./document-form";
import { DOCUMENT_KINDS, type DocumentKind, type FieldErrors } from "./format";
import { locationOptions, userNames } from "./inventory.server";
import { tickedAcknowledgements } from "../ui/confirm-delete";
import { formAction, newFormKey, onceForm, orNotFound } from "../../server/form-page.server";

type TenantDb = Awaited<ReturnType<RequestContext["tenant"]>>;

const DETAIL_NOTICES = ["created", "saved"] as const;

// ── List ─────────────────────────────────────────────────────────────────────────────────────

export async function documentListLoader(ctx: RequestContext, request: Request, kind: DocumentKind) {
  const info = DOCUMENT_KINDS[kind];
  const actor = requirePage(request, ctx, info.view);
  const db = await ctx.tenant();
  const [list, locations] = await Promise.all([
    loadListPage({
      request,
      rc: ctx,
      type: info.listType,
      defaultSort: [{ by: "id", direction: "desc" }],
      run: (params) => listStockDocuments(db, kind, params),
    }),
    locationOptions(db),
  ]);
  const notice = new URL(request.url).searchParams.get("notice");
  return {
    list,
    locations,
    canEdit: hasPermissions(actor.permissions, info.edit),
    notice: notice === "deleted" ? ("deleted" as const) : null,
  };
}

export async function documentListAction(ctx: RequestContext, request: Request, kind: DocumentKind) {
  const info = DOCUMENT_KINDS[kind];
  requirePage(request, ctx, info.view);
  return listPageAction({ request, rc: ctx, type: info.listType });
}

// ── Detail ───────────────────────────────────────────────────────────────────────────────────

function findDocument(db: TenantDb, kind: DocumentKind, id: string | undefined) {
  return orNotFound(() => getStockDocument(db, kind, id));
}

export async function documentDetailLoader(ctx: RequestContext, request: Request, kind: DocumentKind, id: string | undefined) {
  const info = DOCUMENT_KINDS[kind];
  const actor = requirePage(request, ctx, info.view);
  const db = await ctx.tenant();
  const doc = await findDocument(db, kind, id);
  const users = doc.user_id ? await userNames(ctx, actor.company.id) : {};
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
export async function documentDetailAction(ctx: RequestContext, request: Request, kind: DocumentKind, id: string | undefined) {
  const info = DOCUMENT_KINDS[kind];
  const actor = requirePage(request, ctx, info.edit);
  const db = await ctx.tenant();
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  return formAction(async () => {
    if (intent !== "delete") throw new DomainError("invalid");
    await deleteStockDocument(db, await stockActor(ctx.control, actor), kind, id, tickedAcknowledgements(form));
    return redirect(`${info.path}?notice=deleted`);
  });
}

// ── Create and edit ──────────────────────────────────────────────────────────────────────────

export async function documentFormOptions(db: TenantDb, keep: (number | null)[] = []) {
  // Active locations, plus the (now inactive) ones the document already names.
  const all = await stockLocations(db, true);
  return all.filter((l) => l.active || keep.includes(l.id)).map((l) => ({ value: String(l.id), label: l.label }));
}

export async function documentCreateLoader(ctx: RequestContext, request: Request, kind: DocumentKind) {
  requirePage(request, ctx, DOCUMENT_KINDS[kind].edit);
  return { locations: await documentFormOptions(await ctx.tenant()), idempotencyKey: newFormKey() };
}

export async function documentEditLoader(ctx: RequestContext, request: Request, kind: DocumentKind, id: string | undefined) {
  requirePage(request, ctx, DOCUMENT_KINDS[kind].edit);
  const db = await ctx.tenant();
  const doc = await findDocument(db, kind, id);
  return { doc, locations: await documentFormOptions(db, [doc.location_id, doc.arrival_location_id]) };
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
export async function saveDocumentAction(ctx: RequestContext, request: Request, kind: DocumentKind, id?: string) {
  const info = DOCUMENT_KINDS[kind];
  const actor = requirePage(request, ctx, info.edit);
  const form = await request.formData();
  const values = readDocumentForm(form);
  if (String(form.get("intent") ?? "") === "add_lines") {
    // The form without JavaScript asks for more rows: it comes back with them, nothing saved.
    return data({ added: true, values: { ...values, rows: Math.min(values.rows + MORE_ROWS, 500) } } satisfies {
      added: true;
      values: DocumentFormValues;
    });
  }
  const db = await ctx.tenant();
  const input = documentInput(kind, values, id !== undefined);
  return formAction(
    async () => {
      const who = await stockActor(ctx.control, actor);
      if (id !== undefined) return redirect(`${info.path}/${(await updateStockDocument(db, who, kind, id, input)).id}?notice=saved`);
      // Created once per showing of the form: a second post of it goes to the same document.
      return redirect(
        await onceForm(
          ctx,
          request,
          form,
          async () => `${info.path}/${(await createStockDocument(db, who, kind, input)).id}?notice=created`,
        ),
      );
    },
    (refusal): DocumentFormFailure => ({ ...refusal, fields: formFields(refusal.fields), values }),
    { notFound: id === undefined ? "refusal" : "page" },
  );
}
