import { requestContext } from "../../../../worker/context";
import { ctxFromRequest } from "../../../../worker/ctx";
import { createSupplierTag, deleteSupplierTag, listSupplierTags } from "../../../../worker/domain/contacts/contact-tags";
import { requirePage } from "../../../../worker/guards";
import { loadTags, tagsAction, type TagVerbs } from "../contact-tags.server";
import { ContactTagsScreen } from "../../../components/contacts/contact-tags-screen";
import { SUPPLIERS_PATH, EDIT_SUPPLIERS } from "../../../components/contacts/contacts";
import type { Route } from "./+types/supplier-tags";

const verbs: TagVerbs = { list: listSupplierTags, create: createSupplierTag, remove: deleteSupplierTag };

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_SUPPLIERS);
  return loadTags(request, await ctxFromRequest(rc), verbs);
}

export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_SUPPLIERS);
  return tagsAction(request, await ctxFromRequest(rc), verbs);
}

export default function SupplierTags({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ContactTagsScreen
      kind="supplier_tags"
      tags={loaderData.tags}
      notice={loaderData.notice}
      failure={actionData}
      backHref={SUPPLIERS_PATH}
    />
  );
}
