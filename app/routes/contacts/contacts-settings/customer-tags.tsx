import { requestContext } from "../../../../worker/context";
import { ctxFromRequest } from "../../../../worker/ctx";
import { createCustomerTag, deleteCustomerTag, listCustomerTags } from "../../../../worker/domain/contacts/contact-tags";
import { requirePage } from "../../../../worker/guards";
import { loadTags, tagsAction, type TagVerbs } from "../contact-tags.server";
import { ContactTagsScreen } from "../../../components/contacts/contact-tags-screen";
import { CUSTOMERS_PATH, EDIT_CUSTOMERS } from "../../../components/contacts/contacts";
import type { Route } from "./+types/customer-tags";

const verbs: TagVerbs = { list: listCustomerTags, create: createCustomerTag, remove: deleteCustomerTag };

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_CUSTOMERS);
  return loadTags(request, await ctxFromRequest(rc), verbs);
}

export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, EDIT_CUSTOMERS);
  return tagsAction(request, await ctxFromRequest(rc), verbs);
}

export default function CustomerTags({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ContactTagsScreen
      kind="customer_tags"
      tags={loaderData.tags}
      notice={loaderData.notice}
      failure={actionData}
      backHref={CUSTOMERS_PATH}
    />
  );
}
