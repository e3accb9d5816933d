import { redirect } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { getStorefront } from "../../../worker/domain/store/get-storefront";
import { requireStore, STORE_COOKIE } from "../../../worker/guards";
import { readCookie } from "../../../worker/session-cookie";
import { useT } from "../../i18n";
import type { Route } from "./+types/about-us";

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requireStore(request, rc, readCookie(request, STORE_COOKIE));
  const storefront = await getStorefront(await ctxFromRequest(rc));
  // The page exists only when the store wrote its text (platform spec §2).
  if (!storefront.aboutUs) throw redirect("/b2b");
  return { text: storefront.aboutUs };
}

/** About us: the store's own words, as its staff wrote them (plain text, paragraphs kept). */
export default function AboutUs({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <title>{t("b2b.about_us")}</title>
      <h1>{t("b2b.about_us")}</h1>
      <div className="card store-about">
        {loaderData.text.split(/\n{2,}/).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
    </>
  );
}
