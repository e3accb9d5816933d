import { env } from "cloudflare:test";
import { RouterContextProvider } from "react-router";
import { requestContext, type RequestContext } from "../../worker/context";
import { parseEnv, type Bindings } from "../../worker/env";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { resolveAccessToken } from "../../worker/domain/identity/sessions";
import { addUser, control, type makeCompany } from "./factories";

/**
 * A signed-in user of the company and the context a page's loader or action gets, as the Worker
 * entry builds them, to call a route's action directly (Worker tests have no server build).
 */
export async function pageContext(company: Awaited<ReturnType<typeof makeCompany>>, permissions: string[] = ADMINISTRATOR_PERMISSIONS) {
  const user = await addUser(company.companyId, { permissions });
  const actor = (await resolveAccessToken(control, user.token))!;
  const ctx = {
    // The bindings and the settings parsed from them, as the Worker entry gives a page.
    env: parseEnv(env as unknown as Bindings),
    control,
    actor,
    locale: "en",
    maintenance: { on: false, message: null },
    tenant: () => Promise.resolve(company.db),
  } as unknown as RequestContext;
  const context = new RouterContextProvider();
  context.set(requestContext, ctx);
  return { ctx, context };
}

/** A form posted to a page. */
export function formPost(path: string, fields: Record<string, string>): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return new Request(`http://app.test${path}`, { method: "POST", body });
}
