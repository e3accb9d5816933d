import { redirect } from "react-router";
import { requestContext } from "../../../worker/context";
import { signOut } from "../../../worker/domain/identity/sessions";
import { readCookie, sessionCookie, sessionCookieName } from "../../../worker/session-cookie";
import type { Route } from "./+types/logout";

/** POST /logout ends the session, clears the cookie and goes to /login. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const token = readCookie(request, sessionCookieName(ctx));
  if (token) await signOut(ctx.control, token);
  return redirect("/login", { headers: { "set-cookie": sessionCookie(ctx, null) } });
}

export function loader() {
  return redirect("/login");
}
