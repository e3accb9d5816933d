import { inject } from "vitest";
import { appRequest, type AppInit } from "./app-request";

/** One request to the served app, as a client sends it; a redirect is answered, not followed. */
export function fetchApp(path: string, init: AppInit = {}): Promise<Response> {
  return fetch(appRequest(inject("appUrl"), path, { redirect: "manual", ...init }));
}
