import { startDbServer } from "../../db/server/server";
import { DATA_DIR, DB_SERVER_PORT, LOCAL_DB_URL } from "./config";

/** Uses the local database server if one answers, else starts one in this process. */
export async function ensureDbServer(): Promise<{ url: string; close(): Promise<void> }> {
  try {
    const response = await fetch(`${LOCAL_DB_URL}/health`);
    if (response.ok) return { url: LOCAL_DB_URL, close: async () => {} };
  } catch {
    // nothing listening: start our own below
  }
  const server = await startDbServer({ dir: DATA_DIR, port: DB_SERVER_PORT, host: "127.0.0.1" });
  return { url: server.url, close: () => server.close() };
}

/** Creates the control database on the local server if it does not exist yet. */
export async function ensureControlDatabase(baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/admin/databases`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "control" }),
  });
  if (response.status !== 201 && response.status !== 409) throw new Error(`cannot create the control database: ${response.status}`);
}
