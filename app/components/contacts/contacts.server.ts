import { redirect } from "react-router";
import { COUNTRY_CODES } from "../../../worker/domain/shared/countries";
import { DomainError } from "../../../worker/domain/shared/domain-error";
import type { Locale } from "../../../worker/domain/shared/locale";
import { formAction } from "../../server/form-page.server";
import { tickedAcknowledgements } from "../ui/confirm-delete";
import type { CountryOption } from "./contacts";

/** Every country with its name in the user's language, sorted by name. */
export function countryOptions(locale: Locale): CountryOption[] {
  const regions = new Intl.DisplayNames([locale], { type: "region" });
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: regions.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
}

/** Delete (once its consequences are ticked), enable and disable from a detail page: the same three forms for every contact. */
export async function detailAction(args: {
  request: Request;
  id: string;
  listPath: string;
  /** Deletes with the consequences the form ticked: the verb checks they are the ones it asks. */
  remove: (id: string, acknowledged: readonly string[]) => Promise<void>;
  setActive: (id: string, active: boolean) => Promise<unknown>;
}) {
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  return formAction(async () => {
    if (intent === "delete") {
      await args.remove(args.id, tickedAcknowledgements(form));
      return redirect(`${args.listPath}?notice=deleted`);
    }
    if (intent === "enable" || intent === "disable") {
      await args.setActive(args.id, intent === "enable");
      return redirect(`${args.listPath}/${args.id}?notice=${intent}d`);
    }
    throw new DomainError("invalid");
  });
}
