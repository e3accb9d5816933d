import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server.node";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { requestContext } from "../worker/context";

export const streamTimeout = 5_000;

/**
 * React Router's own web entry, plus the request's CSP nonce (worker/index.ts sends the policy):
 * ServerRouter puts it on its inline scripts and on <Scripts>, <ScrollRestoration> and <Links>.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  const nonce = loadContext.get(requestContext).cspNonce;
  let shellRendered = false;
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
    nonce,
    signal: AbortSignal.timeout(streamTimeout + 1000),
    onError(error: unknown) {
      responseStatusCode = 500;
      // Errors of the shell itself are logged by React Router; later ones only here.
      if (shellRendered) console.error(error);
    },
  });
  shellRendered = true;

  // Crawlers get the whole page at once.
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  responseHeaders.set("Content-Type", "text/html");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
