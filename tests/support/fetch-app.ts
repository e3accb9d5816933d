import { exports } from "cloudflare:workers";

/** What a client adds to a request: its credentials and a body the app reads as JSON or as a form. */
export type AppInit = RequestInit & {
  /** An API token or access token, sent as a bearer. */
  token?: string;
  /** The cookie header a browser would send. */
  cookie?: string;
  /** A body sent as JSON (with its content type unless the headers name one). */
  json?: unknown;
  /** A body sent as an HTML form (with its content type unless the headers name one). */
  form?: Record<string, string>;
};

/** One request to the app on the test host, through the Worker's own fetch handler. */
export function fetchApp(path: string, init: AppInit = {}): Promise<Response> {
  const { token, cookie, json, form, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set("authorization", `Bearer ${token}`);
  if (cookie) headers.set("cookie", cookie);
  let body = rest.body;
  if (json !== undefined) {
    body = JSON.stringify(json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  if (form !== undefined) {
    body = new URLSearchParams(form).toString();
    if (!headers.has("content-type")) headers.set("content-type", "application/x-www-form-urlencoded");
  }
  const worker = (exports as unknown as { default: Fetcher }).default;
  return worker.fetch(new Request(`http://app.test${path}`, { ...rest, headers, body }));
}

/** One call of /api/v1, with a JSON body when one is given. */
export function callApi(method: string, path: string, token: string | undefined, body?: unknown, headers: Record<string, string> = {}) {
  return fetchApp(`/api/v1${path}`, { method, token, json: body, headers });
}

/** One call of /api/v1, read back: its status and its JSON body (null when it has none). */
export async function callApiJson(method: string, path: string, token: string | undefined, body?: unknown) {
  const response = await callApi(method, path, token, body);
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const json: any = text ? JSON.parse(text) : null;
  return { status: response.status, body: json };
}
