import { redirect } from "react-router";
import type { ContactTagView } from "../../../worker/domain/contacts/contact-tags";
import { DomainError } from "../../../worker/domain/shared/domain-error";
import type { ListResult } from "../../../worker/domain/shared/list-query-sql";
import { formAction } from "../../server/form-page.server";

import type { RequestContext } from "../../../worker/context";

type TenantDb = Awaited<ReturnType<RequestContext["tenant"]>>;

export interface TagVerbs {
  list: (db: TenantDb, raw: Record<string, unknown>) => Promise<ListResult<ContactTagView>>;
  create: (db: TenantDb, raw: unknown) => Promise<ContactTagView>;
  remove: (db: TenantDb, id: unknown) => Promise<void>;
}

/** Every tag of the kind, by label, and the notice of the last change. */
export async function loadTags(request: Request, db: TenantDb, verbs: TagVerbs) {
  const { items } = await verbs.list(db, { page_size: -1 });
  const notice = new URL(request.url).searchParams.get("notice");
  return { tags: items, notice: notice === "created" || notice === "deleted" ? (notice as "created" | "deleted") : null };
}

/** The new-tag form and the delete buttons of a tags page. */
export async function tagsAction(request: Request, db: TenantDb, verbs: TagVerbs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const label = String(form.get("label") ?? "");
  const path = new URL(request.url).pathname;
  return formAction(
    async () => {
      if (intent === "create") {
        await verbs.create(db, { label });
        return redirect(`${path}?notice=created`);
      }
      if (intent === "delete") {
        await verbs.remove(db, String(form.get("id") ?? ""));
        return redirect(`${path}?notice=deleted`);
      }
      throw new DomainError("invalid");
    },
    (refusal) => ({ ...refusal, label }),
    { notFound: "refusal" },
  );
}
