import { exports } from "cloudflare:workers";
import { appRequest, type AppInit } from "./app-request";

/** One request to the app on the test host, through the Worker's own fetch handler. */
export function fetchApp(path: string, init: AppInit = {}): Promise<Response> {
  const worker = (exports as unknown as { default: Fetcher }).default;
  return worker.fetch(appRequest("http://app.test", path, init));
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
