import { apiFlags } from "../domain/identity/module-flags";
import { z } from "zod";
import { listParameters, type QueryParameter } from "./list-parameters";
import { errors, type ApiOperation } from "./operation";
import { apiSchemas, schemaDescriptions } from "./schemas/common";
import { OAuthError, OAuthToken } from "./schemas/identity";

type JsonSchema = Record<string, unknown>;
interface Response {
  description: string;
  content?: Record<string, { schema: JsonSchema }>;
  headers?: Record<string, unknown>;
}

const COMPONENTS = "#/components/schemas/";
const json = (schema: JsonSchema) => ({ "application/json": { schema } });
const errorContent = () => json({ $ref: `${COMPONENTS}Error` });

/** The error answers every operation may share, by status: `components.responses`. */
const SHARED_ERRORS: Record<number, { name: string; response: Response }> = {
  400: { name: "InvalidJson", response: { description: "The body is not valid JSON (invalid_json)" } },
  401: { name: "Unauthenticated", response: { description: errors[401] } },
  403: { name: "Forbidden", response: { description: errors[403] } },
  404: { name: "NotFound", response: { description: "Not found in the caller's company" } },
  415: { name: "UnsupportedMediaType", response: { description: "The body is not application/json" } },
  422: { name: "ValidationFailed", response: { description: "Invalid input: `fields` names each input at fault and why" } },
  503: {
    name: "Unavailable",
    response: {
      description: "Maintenance, or the company's database cannot be reached",
      headers: {
        "x-maintenance-message": {
          description: "During maintenance: the message shown to users, URL-encoded",
          schema: { type: "string" },
        },
      },
    },
  },
};

/** Every POST of a caller takes an Idempotency-Key (worker/api/idempotency.ts). */
const idempotent = (op: Pick<ApiOperation, "method" | "auth">) => op.method === "post" && op.auth;

const IDEMPOTENCY_KEY_PARAMETER = {
  name: "Idempotency-Key",
  in: "header",
  description:
    "A key of the caller's choosing, 1 to 255 printable characters: the first request with it runs and its answer (2xx or 4xx) is kept 24 hours; " +
    "a retry with the same body gets that answer again, with the header `Idempotent-Replayed: true`. The same key with another body answers 422 " +
    "(idempotency_key_reused), and while the first request still runs 409 (idempotency_key_in_progress). A request that failed after saving keeps its key: " +
    "a retry of a create gets the record it created, read back as the create answers it (201, `Idempotent-Replayed: true`), and nothing is saved twice; " +
    "409 (idempotency_key_committed) when there is no record to read back (a POST that changes a record rather than creating one, or a record deleted since).",
  schema: { type: "string", minLength: 1, maxLength: 255 },
};

/** What an Idempotency-Key adds to the error answers of a POST. */
const IDEMPOTENCY_ERRORS: Record<number, string> = {
  400: "the Idempotency-Key header is not 1 to 255 printable characters (idempotency_key_invalid)",
  409: "a request with the same Idempotency-Key still runs (idempotency_key_in_progress), or saved its work and lost its answer, and it created no record to read back as that answer, or that record was deleted since (idempotency_key_committed)",
  422: "the Idempotency-Key was sent before with another request (idempotency_key_reused)",
};

/** The error statuses an operation gives from what it takes (see ApiOperation). */
export function commonErrors(op: Pick<ApiOperation, "method" | "auth" | "path" | "body" | "upload" | "list" | "query">): number[] {
  const codes = [503];
  if (op.auth) codes.push(401, 403);
  if (idempotent(op)) codes.push(...Object.keys(IDEMPOTENCY_ERRORS).map(Number));
  if (op.path.includes("{")) codes.push(404);
  if (op.body) codes.push(400, 415, 422);
  if (op.upload || op.list || op.query) codes.push(422);
  return [...new Set(codes)].sort((a, b) => a - b);
}

// JSON Schema keys OpenAPI does not want on a component, and the bounds zod adds to every integer.
function tidy(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(tidy);
  if (typeof schema !== "object" || schema === null) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$schema" || key === "$id") continue;
    if ((key === "minimum" || key === "maximum") && Math.abs(value as number) === Number.MAX_SAFE_INTEGER) continue;
    out[key] = tidy(value);
  }
  return out;
}

/** Every named answer schema, with references between them. */
function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(apiSchemas, { uri: (id) => `${COMPONENTS}${id}` });
  return Object.fromEntries(
    Object.entries(schemas)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, schema]) => [id, { ...(tidy(schema) as JsonSchema), description: schemaDescriptions.get(id) }]),
  );
}

function refTo(schema: z.ZodType): JsonSchema {
  const meta = apiSchemas.get(schema);
  if (!meta) throw new Error("an answer schema must be named (worker/api/schemas)");
  return { $ref: `${COMPONENTS}${meta.id}` };
}

function inputSchema(schema: z.ZodType): JsonSchema {
  return tidy(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" })) as JsonSchema;
}

function queryParameters(op: ApiOperation): QueryParameter[] {
  const query = op.query ? inputSchema(op.query) : {};
  const required = new Set((query.required ?? []) as string[]);
  const own = Object.entries((query.properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => ({
    name,
    in: "query" as const,
    ...(typeof schema.description === "string" ? { description: schema.description } : {}),
    ...(required.has(name) ? { required: true } : {}),
    schema,
  }));
  return [...own, ...(op.list ? listParameters(op.list) : [])];
}

/** The body of an answer the operation documents itself: its successes, and any status `result` names. */
function answerContent(op: ApiOperation, status: number): Response["content"] {
  if (status === 204) return undefined;
  const binary = op.media?.startsWith("image/") ? { format: "binary" } : {};
  if (op.media) return status < 300 ? { [op.media]: { schema: { type: "string", ...binary } } } : undefined;
  const result = op.result instanceof z.ZodType ? (status < 300 ? op.result : undefined) : op.result?.[status];
  return result ? json(refTo(result)) : undefined;
}

function responsesOf(op: ApiOperation, used: Set<string>): Record<string, Response | { $ref: string }> {
  const out: Record<string, Response | { $ref: string }> = {};
  const codes = [...new Set([...Object.keys(op.responses).map(Number), ...commonErrors(op)])].sort((a, b) => a - b);
  for (const code of codes) {
    const given = op.responses[code];
    const shared = SHARED_ERRORS[code];
    const content = answerContent(op, code);
    const idempotency = idempotent(op) ? IDEMPOTENCY_ERRORS[code] : undefined;
    if (code < 300 || content) out[code] = { description: given ?? "", ...(content ? { content } : {}) };
    else if (idempotency) {
      const description = [given ?? shared?.response.description, idempotency].filter(Boolean).join("; or ");
      out[code] = { description: description[0]!.toUpperCase() + description.slice(1), content: errorContent() };
    } else if (shared && (given === undefined || given === shared.response.description)) {
      out[code] = { $ref: `#/components/responses/${shared.name}` };
      used.add(shared.name);
    } else out[code] = { description: given ?? "", content: errorContent() };
  }
  return out;
}

/** A stable, unique name from the method and the path: "get /customers/{id}" is getCustomersById. */
export function operationId(op: Pick<ApiOperation, "method" | "path">): string {
  const words = op.path
    .split("/")
    .filter(Boolean)
    .map((part) => part.replace(/^\{(\w+)\}$/, "by-$1"))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+|(?=[A-Z])/))
    .filter(Boolean);
  return op.method + words.map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase()).join("");
}

function operationObject(op: ApiOperation, used: Set<string>) {
  const path = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1]!, in: "path", required: true, schema: { type: "string" } }));
  const headers = Object.entries(op.headers ?? {}).map(([name, description]) => ({
    name,
    in: "header",
    description,
    schema: { type: "string" },
  }));
  const parameters = [...path, ...queryParameters(op), ...headers, ...(idempotent(op) ? [IDEMPOTENCY_KEY_PARAMETER] : [])];
  const body = op.body
    ? { required: true, content: json(inputSchema(op.body)) }
    : op.upload
      ? { required: true, content: Object.fromEntries(op.upload.map((type) => [type, { schema: { type: "string", format: "binary" } }])) }
      : undefined;
  return {
    operationId: operationId(op),
    tags: [op.tag],
    summary: op.summary,
    ...(op.auth ? {} : { security: [] }),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    ...(op.permissions ? { "x-permissions": op.permissions, ...(op.selfAllowed ? { "x-self-allowed": true } : {}) } : {}),
    ...(apiFlags(op.method, op.path).length ? { "x-module-flags": apiFlags(op.method, op.path) } : {}),
    responses: responsesOf(op, used),
  };
}

/** POST /oauth2/token lives outside /api/v1 and answers in RFC 6749's shapes. */
function oauthTokenOperation() {
  const oauthError = (description: string) => ({ description, content: json(refTo(OAuthError)) });
  return {
    operationId: "postOauth2Token",
    tags: ["Identity"],
    summary: "Get tokens: grant_type password (username, password) or refresh_token (refresh_token); client_id and client_secret",
    security: [],
    requestBody: {
      required: true,
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["grant_type"],
            properties: {
              grant_type: { enum: ["password", "refresh_token"] },
              username: { type: "string" },
              password: { type: "string" },
              refresh_token: { type: "string" },
              client_id: { type: "string" },
              client_secret: { type: "string" },
            },
          },
        },
        "application/x-www-form-urlencoded": { schema: { type: "object" } },
      },
    },
    responses: {
      200: { description: "The tokens (an access token lives an hour)", content: json(refTo(OAuthToken)) },
      400: oauthError("invalid_request or invalid_grant"),
      401: oauthError("invalid_client"),
      429: {
        ...oauthError("Too many failed sign-ins"),
        headers: { "retry-after": { description: "Seconds to wait", schema: { type: "integer" } } },
      },
      503: { $ref: "#/components/responses/Unavailable" },
    },
  };
}

/** The OpenAPI 3.1 document of the given operations of /api/v1 and of /oauth2/token; `tags` describes each tag, in order. */
export function buildOpenApiDocument(operations: readonly ApiOperation[], tags: Record<string, string>) {
  const paths: Record<string, Record<string, unknown>> = {};
  const used = new Set<string>(["Unavailable"]);
  for (const op of operations) (paths[`/api/v1${op.path}`] ??= {})[op.method] = operationObject(op, used);
  paths["/oauth2/token"] = { post: oauthTokenOperation() };
  const responses = Object.fromEntries(
    Object.values(SHARED_ERRORS)
      .filter(({ name }) => used.has(name))
      .map(({ name, response }) => [name, { ...response, content: errorContent() }]),
  );
  return {
    openapi: "3.1.0",
    info: {
      title: "Comptoir API",
      version: "1",
      description:
        "Errors are `{ error: { code, message, params?, fields? } }` with the message in the caller's language (Accept-Language) and the values it names in params. " +
        "Authenticate with `Authorization: Bearer <token>`: an API token (settings page), which acts with those of its permissions its creator still holds and stops while its creator is disabled or out of the company, or an OAuth access token. During maintenance every call answers 503 with the message in the `x-maintenance-message` header. " +
        "Lists answer `{ items, page, page_size, totalCount? }` and take page, page_size, sort, total_count, search and filters: each field with its bare name (equals) or a suffix (`__In`, `__Between`, `__Gte`, `__Lte`, `__Contains`).",
    },
    servers: [{ url: "/" }],
    tags: Object.entries(tags).map(([name, description]) => ({ name, description })),
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      responses,
      schemas: componentSchemas(),
    },
  };
}
