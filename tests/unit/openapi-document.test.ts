import { describe, expect, it } from "vitest";
import { z } from "zod";
import { API_OPERATIONS, API_TAGS, openApiDocument } from "../../worker/api/openapi";
import { commonErrors, operationId } from "../../worker/api/openapi-document";
import { apiSchemas } from "../../worker/api/schemas/common";
import { filterOperators } from "../../worker/domain/shared/list-query";

interface Response {
  $ref?: string;
  description?: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
}
interface Operation {
  operationId: string;
  parameters?: { name: string; in: string }[];
  responses: Record<string, Response>;
}

const doc = openApiDocument();
const operationOf = (op: { method: string; path: string }) => doc.paths[`/api/v1${op.path}`]![op.method] as Operation;
const resolve = (response: Response): Response =>
  response.$ref ? (doc.components.responses as Record<string, Response>)[response.$ref.split("/").pop()!]! : response;
const cases = API_OPERATIONS.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const);

describe("the OpenAPI document", () => {
  it.each(cases)("%s documents the body of each success answer", (_name, op) => {
    const responses = Object.entries(operationOf(op).responses).filter(([status]) => Number(status) < 300);
    expect(responses.length).toBeGreaterThan(0);
    for (const [status, response] of responses) {
      if (status === "204") expect(response.content).toBeUndefined();
      else
        expect(
          Object.values(response.content ?? {}).map((c) => c.schema),
          `${status} body`,
        ).not.toEqual([]);
    }
  });

  it.each(cases)("%s documents each error it can give, in the error shape", (_name, op) => {
    const responses = operationOf(op).responses;
    const expected = [...commonErrors(op), ...Object.keys(op.responses).map(Number)].filter((s) => s >= 400);
    if (op.auth) expect(expected).toEqual(expect.arrayContaining([401, 403]));
    if (op.path.includes("{")) expect(expected).toContain(404);
    if (op.body) expect(expected).toEqual(expect.arrayContaining([400, 415, 422]));
    if (op.list) expect(expected).toContain(422);
    expect(expected).toContain(503);
    for (const status of expected) {
      const response = resolve(responses[status]!);
      expect(response.description, `${status} description`).toBeTruthy();
      // /health's 503 is its own "degraded" report; every other error is the error shape.
      if (!(op.path === "/health" && status === 503))
        expect(response.content?.["application/json"]?.schema?.$ref, `${status} body`).toBe("#/components/schemas/Error");
    }
  });

  it.each(cases.filter(([, op]) => op.list))("%s documents the list parameters its registry reads", (_name, op) => {
    const names = (operationOf(op).parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
    const fields = Object.entries(op.list!.fields);
    const filters = fields.flatMap(([name, field]) => filterOperators(field).map((o) => (o === "eq" ? name : `${name}__${o}`)));
    expect(names).toEqual(expect.arrayContaining(["page", "page_size", "total_count", "or", "filters", ...filters]));
    expect(names.includes("sort")).toBe(fields.some(([, f]) => f.sortable));
    expect(names.includes("search")).toBe(Boolean(op.list!.search));
  });

  it.each(cases)("%s answers a page only if it documents the list parameters", (_name, op) => {
    const pageAnswer = op.result instanceof z.ZodType && Boolean(apiSchemas.get(op.result)?.id.endsWith("Page"));
    expect(Boolean(op.list)).toBe(pageAnswer);
  });

  it("gives every operation a unique id and a described tag", () => {
    const ids = API_OPERATIONS.map(operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationId({ method: "get", path: "/customers/{id}" })).toBe("getCustomersById");
    for (const op of API_OPERATIONS) expect(API_TAGS[op.tag], op.tag).toBeTruthy();
  });

  it("names the list total totalCount in every answer that holds one", () => {
    const schemas = doc.components.schemas as Record<string, { properties?: Record<string, unknown> }>;
    const lists = Object.entries(schemas).filter(([, s]) => s.properties?.items);
    expect(lists.length).toBeGreaterThan(20);
    for (const [name, schema] of lists) {
      const totals = Object.keys(schema.properties!).filter((k) => /total|count/i.test(k));
      expect(totals, name).toEqual(name.endsWith("Page") || totals.length ? ["totalCount"] : []);
    }
  });
});
