/**
 * The API reference as one HTML page, rendered on the server from the OpenAPI document: no
 * script and no inline style (the stylesheet is served beside it), so a strict CSP holds.
 */

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  description?: string;
  required?: boolean;
  schema: Schema;
  "x-filter"?: string;
}
interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { $ref?: string; description?: string; content?: Record<string, { schema: Schema }> }>;
  "x-permissions"?: { allOf?: string[]; anyOf?: string[] };
  "x-self-allowed"?: boolean;
}
export interface ReferenceDocument {
  info: { title: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: {
    schemas: Record<string, Schema>;
    responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
  };
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
/** Descriptions use `code` spans only. */
const prose = (text: string) => escape(text).replace(/`([^`]+)`/g, "<code>$1</code>");
const refName = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);
const anchor = (kind: string, name: string) => `${kind}-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
const schemaLink = (name: string) => `<a href="#${anchor("schema", name)}">${escape(name)}</a>`;

/** A schema in a few words: a link for a named one, "array of …", "one of …", "… or null". */
function typeOf(schema: Schema): string {
  if (typeof schema.$ref === "string") return schemaLink(refName(schema.$ref));
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => `<code>${escape(JSON.stringify(v))}</code>`).join(", ")}`;
  if ("const" in schema) return `<code>${escape(JSON.stringify(schema.const))}</code>`;
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) return variants.map(typeOf).join(" or ");
  if (schema.type === "array") return `array of ${typeOf((schema.items ?? {}) as Schema)}`;
  const type = Array.isArray(schema.type) ? schema.type.join(" or ") : String(schema.type ?? "any");
  if (type === "object" && schema.additionalProperties && typeof schema.additionalProperties === "object" && !schema.properties)
    return `map of ${typeOf(schema.additionalProperties as Schema)}`;
  return escape(typeof schema.format === "string" ? `${type} (${schema.format})` : type);
}

const range = (min: unknown, max: unknown, unit = "") => {
  const [from, to] = [typeof min === "number" ? min : undefined, typeof max === "number" ? max : undefined];
  if (from !== undefined && to !== undefined) return `${from} to ${to}${unit}`;
  if (from !== undefined) return `at least ${from}${unit}`;
  return to !== undefined ? `at most ${to}${unit}` : "";
};

/** Bounds and default of a value, in words. */
function limits(schema: Schema): string {
  const parts = [
    range(schema.minimum, schema.maximum),
    range(schema.minLength, schema.maxLength, " characters"),
    range(schema.minItems, schema.maxItems, " items"),
    "default" in schema ? `default <code>${escape(JSON.stringify(schema.default))}</code>` : "",
  ];
  return parts.filter(Boolean).join(", ");
}

const variantsOf = (schema: Schema) => ((schema.anyOf ?? schema.oneOf) as Schema[] | undefined) ?? [];

/** What a field says of itself, or what the value it may be says ("a decimal… or null"). */
function notes(schema: Schema): string {
  const own = [schema, ...variantsOf(schema)].find((s) => typeof s.description === "string")?.description as string | undefined;
  const bounds = [schema, ...variantsOf(schema)].map(limits).find(Boolean) ?? "";
  return [own ? prose(own) : "", bounds].filter(Boolean).join("; ");
}

/** The inline object a field holds, directly, in an array or beside null. */
function objectOf(schema: Schema | undefined): Schema | undefined {
  if (!schema || schema.$ref) return undefined;
  if (schema.properties) return schema;
  if (schema.type === "array") return objectOf(schema.items as Schema | undefined);
  return variantsOf(schema).map(objectOf).find(Boolean);
}

/** The heading of one shape of a union: its discriminating value when it has one. */
function variantRow(schema: Schema, index: number): string {
  const [name, field] = Object.entries((schema.properties ?? {}) as Record<string, Schema>).find(([, f]) => "const" in f) ?? [];
  const label = name ? `When <code>${escape(name)}</code> is <code>${escape(JSON.stringify(field!.const))}</code>` : `Shape ${index + 1}`;
  return `<tr class="shape"><td colspan="4">${label}:</td></tr>`;
}

/** An object's fields as table rows; inline objects nest their fields under the parent's name. */
function fieldRows(schema: Schema, prefix = "", depth = 0): string[] {
  const variants = variantsOf(schema);
  if (!schema.properties && variants.length && depth < 4)
    return variants.flatMap((v, i) => [variantRow(v, i), ...fieldRows(v, prefix, depth + 1)]);
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).flatMap(([name, field]) => {
    const inner = objectOf(field);
    const path = `${prefix}${name}${field.type === "array" ? "[]" : ""}`;
    const row = `<tr><td><code>${escape(`${prefix}${name}`)}</code></td><td>${typeOf(field)}</td><td>${required.has(name) ? "yes" : ""}</td><td>${notes(field)}</td></tr>`;
    return [row, ...(inner && depth < 4 ? fieldRows(inner, `${path}.`, depth + 1) : [])];
  });
}

function fieldsTable(schema: Schema): string {
  if (typeof schema.$ref === "string") return `<p>${schemaLink(refName(schema.$ref))}</p>`;
  const rows = fieldRows(schema);
  if (!rows.length) return `<p>${typeOf(schema)}</p>`;
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Notes</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function parametersSection(parameters: Parameter[]): string {
  const plain = parameters.filter((p) => !p["x-filter"]);
  const filters = new Map<string, Parameter[]>();
  for (const p of parameters) if (p["x-filter"]) filters.set(p["x-filter"], [...(filters.get(p["x-filter"]) ?? []), p]);
  const rows = plain.map(
    (p) =>
      `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}</td><td>${typeOf(p.schema)}</td><td>${p.required ? "yes" : ""}</td><td>${[p.description ? prose(p.description) : "", notes(p.schema)].filter(Boolean).join("; ")}</td></tr>`,
  );
  let html = rows.length
    ? `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th>Notes</th></tr></thead><tbody>${rows.join("")}</tbody></table>`
    : "";
  if (filters.size) {
    const filterRows = [...filters].map(([field, params]) => {
      const eq = params.find((p) => p.name === field);
      const spellings = params.map((p) => `<code>${escape(p.name)}</code>`).join(" ");
      return `<tr><td><code>${escape(field)}</code></td><td>${typeOf(eq?.schema ?? ((params[0]!.schema.items ?? params[0]!.schema) as Schema))}</td><td>${spellings}</td></tr>`;
    });
    html += `<h4>Filters</h4><p>Each field filters with its bare name (equals) and the suffixes shown: <code>__In</code> one of (comma-separated), <code>__Between</code> from,to, <code>__Gte</code> at least, <code>__Lte</code> at most, <code>__Contains</code> contains.</p>
<table><thead><tr><th>Field</th><th>Type</th><th>Parameters</th></tr></thead><tbody>${filterRows.join("")}</tbody></table>`;
  }
  return html;
}

function responsesSection(doc: ReferenceDocument, op: Operation): string {
  const rows = Object.entries(op.responses).map(([status, given]) => {
    const response = given.$ref ? doc.components.responses[refName(given.$ref)]! : given;
    const body = Object.entries(response.content ?? {})
      .map(([type, { schema }]) => `${typeOf(schema)} <small>${escape(type)}</small>`)
      .join("<br>");
    return `<tr><td><code>${escape(status)}</code></td><td>${prose(response.description ?? "")}</td><td>${body}</td></tr>`;
  });
  return `<h4>Answers</h4><table><thead><tr><th>Status</th><th>Meaning</th><th>Body</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function operationSection(doc: ReferenceDocument, path: string, method: string, op: Operation): string {
  const perms = op["x-permissions"];
  const access = op.security
    ? "No token needed."
    : `Bearer token${perms?.allOf?.length ? `; permissions ${perms.allOf.map((p) => `<code>${escape(p)}</code>`).join(", ")}` : ""}${perms?.anyOf?.length ? `; and one of ${perms.anyOf.map((p) => `<code>${escape(p)}</code>`).join(", ")}` : ""}${op["x-self-allowed"] ? " (none on one's own id)" : ""}.`;
  const body = Object.entries(op.requestBody?.content ?? {})
    .map(([type, { schema }]) => `<h4>Body <small>${escape(type)}</small></h4>${fieldsTable(schema)}`)
    .join("");
  return `<section id="${anchor("op", op.operationId)}"><h3><span class="method method-${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
<p>${prose(op.summary)}</p><p class="access">${access}</p>${parametersSection(op.parameters ?? [])}${body}${responsesSection(doc, op)}</section>`;
}

/** The whole reference: operations by tag, then every named schema. */
export function docsPage(doc: ReferenceDocument): string {
  const byTag = new Map<string, string[]>(doc.tags.map((t) => [t.name, []]));
  const toc = new Map<string, string[]>(doc.tags.map((t) => [t.name, []]));
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as Operation;
      const tag = op.tags[0] ?? "";
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationSection(doc, path, method, op)]);
      toc.set(tag, [
        ...(toc.get(tag) ?? []),
        `<li><a href="#${anchor("op", op.operationId)}">${method.toUpperCase()} ${escape(path.replace(/^\/api\/v1/, ""))}</a></li>`,
      ]);
    }
  const description = new Map(doc.tags.map((t) => [t.name, t.description]));
  const tags = [...byTag].map(
    ([tag, sections]) =>
      `<section id="${anchor("tag", tag)}"><h2>${escape(tag)}</h2><p>${prose(description.get(tag) ?? "")}</p>${sections.join("")}</section>`,
  );
  const schemas = Object.entries(doc.components.schemas).map(
    ([name, schema]) =>
      `<section id="${anchor("schema", name)}"><h3>${escape(name)}</h3><p>${prose(String(schema.description ?? ""))}</p>${fieldsTable({ ...schema, description: undefined })}</section>`,
  );
  const nav = [...toc]
    .map(([tag, items]) => `<li><a href="#${anchor("tag", tag)}">${escape(tag)}</a><ul>${items.join("")}</ul></li>`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)}</title><link rel="stylesheet" href="/api/v1/docs.css"></head>
<body><nav><p><strong>${escape(doc.info.title)}</strong></p><ul>${nav}<li><a href="#schemas">Schemas</a></li></ul></nav>
<main><h1>${escape(doc.info.title)}</h1><p>${prose(doc.info.description)}</p><p>Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1)</p>
${tags.join("")}<section id="schemas"><h2>Schemas</h2>${schemas.join("")}</section></main></body></html>`;
}

/** The page's stylesheet, served from the same origin. */
export const DOCS_CSS = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d2430;display:flex}
nav{position:sticky;top:0;height:100vh;overflow-y:auto;overflow-wrap:anywhere;width:18rem;flex:none;padding:1rem;border-right:1px solid #dde2ea;font-size:13px;box-sizing:border-box}
nav ul{list-style:none;padding-left:.75rem;margin:.25rem 0}main{padding:1rem 2rem;min-width:0;flex:1}
h2{border-bottom:2px solid #dde2ea;margin-top:3rem}h3{margin-top:2rem}h4{margin:1rem 0 .25rem}
table{border-collapse:collapse;width:100%;margin:.25rem 0 1rem}td,th{border-bottom:1px solid #dde2ea;padding:.3rem .5rem;text-align:left;vertical-align:top}
tr.shape td{background:#f6f7f9;font-weight:600}code{background:#f1f3f7;padding:0 .25rem;border-radius:3px;overflow-wrap:anywhere}small{color:#5b6575}.access{color:#5b6575}
.method{display:inline-block;min-width:4rem;text-align:center;border-radius:3px;color:#fff;background:#5b6575;font-size:13px}
.method-get{background:#2f6f4f}.method-post{background:#2d5b9a}.method-patch,.method-put{background:#8a5a14}.method-delete{background:#a23b3b}
@media (max-width:800px){body{display:block}nav{position:static;height:auto;width:auto;border:0}}`;
