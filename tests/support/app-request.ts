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

/** The request a client sends to the app at `origin`: the Worker's own handler in worker tests, the served app in e2e. */
export function appRequest(origin: string, path: string, init: AppInit = {}): Request {
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
  return new Request(`${origin}${path}`, { ...rest, headers, body });
}
