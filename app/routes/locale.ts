import { redirect } from "react-router";
import { z } from "zod";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from "../../worker/domain/shared/locale";
import { safeRedirectTarget } from "../../worker/guards";
import type { Route } from "./+types/locale";

const input = z.object({ locale: z.enum(["en", "fr"]), redirectTo: z.string().optional() });

/** POST /locale saves the chosen language in a cookie for 365 days and goes back. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = input.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw new Response("Invalid language", { status: 400 });
  const { locale, redirectTo } = parsed.data;
  return redirect(safeRedirectTarget(redirectTo, "/"), {
    headers: { "set-cookie": `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax` },
  });
}

export function loader() {
  return redirect("/");
}
