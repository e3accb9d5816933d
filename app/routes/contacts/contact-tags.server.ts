import { redirect } from "react-router";
import type { ContactTagView } from "../../../worker/domain/contacts/contact-tags";
import type { Ctx } from "../../../worker/domain/shared/ctx";
import { DomainError } from "../../../worker/domain/shared/domain-error";
import type { ListResult } from "../../../worker/domain/shared/list-query-sql";
import { formAction } from "../../server/form-page.server";

/** The verbs of one kind of tag (customer or supplier) that its settings page uses. */
export interface TagVerbs {
  list: (ctx: Ctx, input: Record<string, unknown>) => Promise<ListResult<ContactTagView>>;
  create: (ctx: Ctx, input: unknown) => Promise<ContactTagView>;
  remove: (ctx: Ctx, input: { id: unknown }) => Promise<void>;
}

/** Every tag of the kind, by label, and the notice of the last change. */
export async function loadTags(request: Request, ctx: Ctx, verbs: TagVerbs) {
  const { items } = await verbs.list(ctx, { page_size: -1 });
  const notice = new URL(request.url).searchParams.get("notice");
  return { tags: items, notice: notice === "created" || notice === "deleted" ? (notice as "created" | "deleted") : null };
}

/** The new-tag form and the delete buttons of a tags page. */
export async function tagsAction(request: Request, ctx: Ctx, verbs: TagVerbs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const label = String(form.get("label") ?? "");
  const path = new URL(request.url).pathname;
  return formAction(
    async () => {
      if (intent === "create") {
        await verbs.create(ctx, { label });
        return redirect(`${path}?notice=created`);
      }
      if (intent === "delete") {
        await verbs.remove(ctx, { id: String(form.get("id") ?? "") });
        return redirect(`${path}?notice=deleted`);
      }
      throw new DomainError("invalid");
    },
    (refusal) => ({ ...refusal, label }),
    { notFound: "refusal" },
  );
}
