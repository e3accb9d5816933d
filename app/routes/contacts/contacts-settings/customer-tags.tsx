import { requestContext } from "../../../../worker/context";
import { createCustomerTag, deleteCustomerTag, listCustomerTags } from "../../../../worker/domain/contacts/contact-tags";
import { requirePage } from "../../../../worker/guards";
import { loadTags, tagsAction, type TagVerbs } from "../../../components/contacts/contact-tags.server";
import { ContactTagsScreen } from "../../../components/contacts/contact-tags-screen";
import { CUSTOMERS_PATH, EDIT_CUSTOMERS } from "../../../components/contacts/contacts";
import type { Route } from "./+types/customer-tags";

const verbs: TagVerbs = { list: listCustomerTags, create: createCustomerTag, remove: deleteCustomerTag };

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_CUSTOMERS);
  return loadTags(request, await ctx.tenant(), verbs);
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, EDIT_CUSTOMERS);
  return tagsAction(request, await ctx.tenant(), verbs);
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
