import { z } from "zod";

/**
 * The few documented calls of Turso's Platform API that the product uses to give each company
 * its own database: create, retrieve and delete a database in a group.
 */
export interface TursoPlatformOptions {
  apiUrl: string;
  org: string;
  group: string;
  apiToken: string;
  fetch?: typeof fetch;
}

const databaseSchema = z.object({ Name: z.string(), DbId: z.string(), Hostname: z.string() });
const createdSchema = z.object({ database: databaseSchema });

export class TursoApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`Turso Platform API ${status}: ${message}`);
    this.name = "TursoApiError";
  }
}

export class TursoPlatformApi {
  readonly #options: TursoPlatformOptions;
  constructor(options: TursoPlatformOptions) {
    this.#options = options;
  }

  async #call(method: string, path: string, body?: unknown): Promise<unknown> {
    const { apiUrl, org, apiToken } = this.#options;
    const doFetch = this.#options.fetch ?? fetch;
    const response = await doFetch(`${apiUrl.replace(/\/$/, "")}/v1/organizations/${encodeURIComponent(org)}${path}`, {
      method,
      headers: { authorization: `Bearer ${apiToken}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    const json: unknown = text ? JSON.parse(text) : null;
    if (!response.ok) {
      const message = (json as { error?: string } | null)?.error ?? response.statusText;
      throw new TursoApiError(response.status, message);
    }
    return json;
  }

  /** POST /v1/organizations/{org}/databases */
  async createDatabase(name: string): Promise<{ name: string; hostname: string }> {
    const { database } = createdSchema.parse(await this.#call("POST", "/databases", { name, group: this.#options.group }));
    return { name: database.Name, hostname: database.Hostname };
  }

  /** GET /v1/organizations/{org}/databases/{name}; null when it does not exist. */
  async getDatabase(name: string): Promise<{ name: string; hostname: string } | null> {
    try {
      const { database } = createdSchema.parse(await this.#call("GET", `/databases/${encodeURIComponent(name)}`));
      return { name: database.Name, hostname: database.Hostname };
    } catch (error) {
      if (error instanceof TursoApiError && error.status === 404) return null;
      throw error;
    }
  }

  /** DELETE /v1/organizations/{org}/databases/{name} */
  async deleteDatabase(name: string): Promise<void> {
    await this.#call("DELETE", `/databases/${encodeURIComponent(name)}`);
  }
}
