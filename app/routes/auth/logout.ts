import { redirect } from "react-router";
import { requestContext } from "../../../worker/context";
import { signOut } from "../../../worker/domain/identity/sessions";
import { parseSessionCookie, readCookie, sessionCookie, sessionCookieName } from "../../../worker/session-cookie";
import type { Route } from "./+types/logout";

/**
 * /logout ends the session (every token of it), clears the cookie and goes to /login, whatever
 * the method (platform spec §4 Auth): a link (GET) logs out as surely as the menu's POST.
 * User, company and store data live only on the server side of that session, so nothing else remains.
 */
async function logOut({ request, context }: Route.ActionArgs | Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const tokens = parseSessionCookie(readCookie(request, sessionCookieName(ctx)));
  if (tokens) await signOut(ctx.control, tokens.accessToken);
  return redirect("/login", { headers: { "set-cookie": sessionCookie(ctx, null) } });
}

export const action = logOut;
export const loader = logOut;
