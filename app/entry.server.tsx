import { renderToString } from "react-dom/server.node";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { requestContext } from "../worker/context";

/** How long React Router waits for a loader's promise in the page's data (none defers any today). */
export const streamTimeout = 5_000;

/**
 * A page as one string (decision 059). Loaders return their data whole (none defers a promise), so
 * the page is ready to write once they are done: React's string renderer writes it in one pass, and
 * the page's data for hydration (React Router's hand-off stream) is read before and written as one
 * script at the end of the page, where React Router writes it.
 *
 * React Router's own entry streams the page instead (`renderToReadableStream`), with its data
 * behind a Suspense boundary read chunk by chunk. For a page ready at once that writes the same HTML
 * (less Suspense's markers); this entry spends 8 to 17 % less of the Worker's CPU on it
 * (docs/benchmarks.md, 2026-11-28).
 * The request's CSP nonce (worker/index.ts sends the policy) is on every inline script.
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
  // The build gives the data's text when it holds no promise (decision 060), else its stream.
  const context = routerContext as EntryContext & { serverHandoffText?: string };
  const handoff = context.serverHandoffText ?? (await handoffText(routerContext.serverHandoffStream));
  // ServerRouter would read the stream again, behind Suspense: its text is written below.
  routerContext.serverHandoffStream = undefined;
  const html = renderToString(
    <>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      {handoff === null ? null : <HandoffScript context={routerContext} text={handoff} nonce={nonce} />}
    </>,
  );
  responseHeaders.set("Content-Type", "text/html");
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}

/** The whole text of React Router's hand-off stream (the page's data, turbo-stream encoded). */
async function handoffText(stream: ReadableStream<Uint8Array> | undefined): Promise<string | null> {
  if (!stream) return null;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (let read = await reader.read(); !read.done; read = await reader.read()) text += decoder.decode(read.value, { stream: true });
  return text + decoder.decode();
}

/** What may not stand as is in a script element's text (React Router's `escapeHtml`). */
const SCRIPT_ESCAPES: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };
const scriptStringLiteral = (text: string) => JSON.stringify(text).replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);

/**
 * The page's data as React Router's StreamTransfer writes it (its chunks in one call), for its
 * client to read; only when the page wrote React Router's scripts (`<Scripts />`), which happens
 * before this renders, as StreamTransfer asks.
 */
function HandoffScript({ context, text, nonce }: { context: EntryContext; text: string; nonce: string }) {
  const meta = (context as { renderMeta?: { didRenderScripts?: boolean } }).renderMeta;
  if (!meta?.didRenderScripts) return null;
  const controller = "window.__reactRouterContext.streamController";
  return (
    <script
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: `${controller}.enqueue(${scriptStringLiteral(text)});${controller}.close();` }}
    />
  );
}
