import { redirect } from "react-router";
import type { Ctx } from "../../../worker/domain/shared/ctx";
import { DomainError } from "../../../worker/domain/shared/domain-error";
import { formAction } from "../../server/form-page.server";
import { tickedAcknowledgements } from "../../components/ui/confirm-delete";

/** Delete (once its consequences are ticked), enable and disable from a detail page: the same three forms for every contact. */
export async function detailAction(args: {
  request: Request;
  ctx: Ctx;
  id: string;
  listPath: string;
  /** The delete verb, given the consequences the form ticked: it checks they are the ones it asks. */
  remove: (ctx: Ctx, input: { id: string; acknowledged: readonly string[] }) => Promise<void>;
  setActive: (ctx: Ctx, input: { id: string; active: boolean }) => Promise<unknown>;
}) {
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  return formAction(async () => {
    if (intent === "delete") {
      await args.remove(args.ctx, { id: args.id, acknowledged: tickedAcknowledgements(form) });
      return redirect(`${args.listPath}?notice=deleted`);
    }
    if (intent === "enable" || intent === "disable") {
      await args.setActive(args.ctx, { id: args.id, active: intent === "enable" });
      return redirect(`${args.listPath}/${args.id}?notice=${intent}d`);
    }
    throw new DomainError("invalid");
  });
}
