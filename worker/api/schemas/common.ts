import { z } from "zod";
import type { ListResult } from "../../domain/shared/list-query-sql";
import type { ErrorBody } from "../errors";

/** Every schema of an answer, by the name it has in the document's `components.schemas`. */
export const apiSchemas = z.registry<{ id: string; description: string }>();
/** Their descriptions by name (a registry's own metadata would hide the fields' descriptions). */
export const schemaDescriptions = new Map<string, string>();

function register<S extends z.ZodType>(meta: { id: string; description: string }, schema: S): S {
  if (schemaDescriptions.has(meta.id) || apiSchemas.has(schema)) throw new Error(`${meta.id}: one name per schema, one schema per name`);
  apiSchemas.add(schema, meta);
  schemaDescriptions.set(meta.id, meta.description);
  return schema;
}

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * Names the schema of what a domain verb returns, `T` being the verb's own type. Typecheck fails
 * (an argument missing) when a field is missing or typed apart on either side, so the document
 * cannot drift from the code.
 */
export function answer<T>() {
  return <S extends z.ZodType>(
    meta: { id: string; description: string },
    schema: S,
    ...exact: Same<z.output<S>, T> extends true ? [] : ["the schema and the domain type differ"]
  ): S => {
    void exact;
    return register(meta, schema);
  };
}

/** An answer shaped in the API layer itself (no domain type to hold it to). */
export function shape<S extends z.ZodType>(meta: { id: string; description: string }, schema: S): S {
  return register(meta, schema);
}

export const id = z.int();
export const textId = z.string().meta({ description: "An opaque identifier" });
export const timestamp = z.int().meta({ description: "Milliseconds since 1970-01-01 UTC" });
export const decimal = z.string().meta({ description: "An exact decimal number, as text", examples: ["12.5000"] });
const text = z.string().nullable();
/** The postal address fields records share. */
export const address = { address1: text, address2: text, city: text, postal_code: text, province: text, country: text };
export const date = z.string().meta({ description: "A calendar day", format: "date", examples: ["2026-03-31"] });

export const Reference = answer<{ id: number; label: string }>()(
  { id: "Reference", description: "Another record, named: its id and label" },
  z.object({ id, label: z.string() }),
);

const params = z.record(z.string(), z.unknown()).meta({ description: "The values the message names (e.g. a limit)" });

export const ApiError = answer<ErrorBody>()(
  { id: "Error", description: "Every error answer: a stable code and a message in the caller's language" },
  z.object({
    error: z.object({
      code: z.string().meta({ description: "Stable, for programs (e.g. validation_failed, not_found, conflict)" }),
      message: z.string(),
      params: params.optional(),
      fields: z
        .record(z.string(), z.object({ code: z.string(), message: z.string(), params: params.optional() }))
        .meta({ description: "validation_failed: each input at fault, by its path (e.g. lines.0.quantity)" })
        .optional(),
    }),
  }),
);

const pages = new Map<z.ZodType, z.ZodType>();

/** One page of a list (platform spec §7): `totalCount` only when `total_count=true` asked for it. */
export function page<S extends z.ZodType>(item: S): z.ZodType<ListResult<z.output<S>>> {
  const name = apiSchemas.get(item)?.id;
  if (!name) throw new Error("a list page holds a named schema");
  const schema =
    pages.get(item) ??
    shape(
      { id: `${name}Page`, description: `One page of ${name} records` },
      z.object({
        items: z.array(item),
        page: z.int().meta({ description: "The page asked for, from 0" }),
        page_size: z.int().meta({ description: "As asked: -1 means all" }),
        totalCount: z.int().meta({ description: "How many records match the filters, over all pages" }).optional(),
      }),
    );
  pages.set(item, schema);
  return schema as z.ZodType<ListResult<z.output<S>>>;
}

/** A whole list that takes no page parameters: every item, and how many. */
export function all<S extends z.ZodType>(item: S, meta: { id: string; description: string }) {
  return shape(meta, z.object({ totalCount: z.int(), items: z.array(item) }));
}
