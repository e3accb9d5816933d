import type { RequestContext } from "../../context";

/**
 * What the verbs that email someone need besides the database: the public address links start
 * with (APP_URL, else this request's origin). The mail itself leaves through the outbox.
 */
export function mailDeps(ctx: RequestContext, request: Request): { baseUrl: string } {
  return { baseUrl: ctx.env.settings.APP_URL ?? new URL(request.url).origin };
}
