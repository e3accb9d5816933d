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

function limits(schema: Schema): string {
  const parts: string[] = [];
  for (const [key, word] of [
    ["minimum", "at least"],
    ["maximum", "at most"],
    ["minLength", "at least"],
    ["maxLength", "at most"],
    ["minItems", "at least"],
    ["maxItems", "at most"],
  ] as const)
    if (typeof schema[key] === "number")
      parts.push(`${word} ${schema[key]}${key.endsWith("Length") ? " characters" : key.endsWith("Items") ? " items" : ""}`);
  if ("default" in schema) parts.push(`default <code>${escape(JSON.stringify(schema.default))}</code>`);
  return parts.join(", ");
}

/** An object's fields as table rows; inline objects nest their fields under the parent's name. */
function fieldRows(schema: Schema, prefix = "", depth = 0): string[] {
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants && depth < 4) return variants.flatMap((v) => fieldRows(v, prefix, depth + 1));
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).flatMap(([name, field]) => {
    const inner = (field.type === "array" ? field.items : field) as Schema | undefined;
    const path = `${prefix}${name}${field.type === "array" ? "[]" : ""}`;
    const note = [typeof field.description === "string" ? prose(field.description) : "", limits(field)].filter(Boolean).join("; ");
    const row = `<tr><td><code>${escape(`${prefix}${name}`)}</code></td><td>${typeOf(field)}</td><td>${required.has(name) ? "yes" : ""}</td><td>${note}</td></tr>`;
    const nested = inner && !inner.$ref && inner.properties && depth < 4 ? fieldRows(inner, `${path}.`, depth + 1) : [];
    return [row, ...nested];
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
      `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}</td><td>${typeOf(p.schema)}</td><td>${p.required ? "yes" : ""}</td><td>${[p.description ? prose(p.description) : "", limits(p.schema)].filter(Boolean).join("; ")}</td></tr>`,
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
        `<li><a href="#${anchor("op", op.operationId)}">${method.toUpperCase()} ${escape(path)}</a></li>`,
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
nav{position:sticky;top:0;height:100vh;overflow:auto;width:18rem;flex:none;padding:1rem;border-right:1px solid #dde2ea;font-size:13px;box-sizing:border-box}
nav ul{list-style:none;padding-left:.75rem;margin:.25rem 0}main{padding:1rem 2rem;min-width:0;flex:1}
h2{border-bottom:2px solid #dde2ea;margin-top:3rem}h3{margin-top:2rem}h4{margin:1rem 0 .25rem}
table{border-collapse:collapse;width:100%;margin:.25rem 0 1rem}td,th{border-bottom:1px solid #dde2ea;padding:.3rem .5rem;text-align:left;vertical-align:top}
code{background:#f1f3f7;padding:0 .25rem;border-radius:3px;overflow-wrap:anywhere}small{color:#5b6575}.access{color:#5b6575}
.method{display:inline-block;min-width:4rem;text-align:center;border-radius:3px;color:#fff;background:#5b6575;font-size:13px}
.method-get{background:#2f6f4f}.method-post{background:#2d5b9a}.method-patch,.method-put{background:#8a5a14}.method-delete{background:#a23b3b}
@media (max-width:800px){body{display:block}nav{position:static;height:auto;width:auto;border:0}}`;
