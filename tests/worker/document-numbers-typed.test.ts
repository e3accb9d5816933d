import { describe, expect, it } from "vitest";
import { createStockDocument } from "../../worker/domain/stock/create-stock-document";
import { updateStockDocument } from "../../worker/domain/stock/update-stock-document";
import { createEstimate } from "../../worker/domain/sales/create-estimate";
import { updateEstimate } from "../../worker/domain/sales/update-estimate";
import { createSalesOrder } from "../../worker/domain/sales/create-sales-order";
import { updateSalesOrder } from "../../worker/domain/sales/update-sales-order";
import { DomainError } from "../../worker/domain/shared/domain-error";
import type { Ctx } from "../../worker/domain/shared/ctx";
import { ctxOf } from "../support/factories";
import { makeVariant } from "../support/isolation/stock";
import { api, salesWorld, type SalesWorld } from "./sales-fixtures";

/** What a create or an update answered, the same through the API and through the verbs. */
interface Outcome {
  status?: number;
  number?: string;
  id?: number;
  code?: string;
  fields?: Record<string, string>;
}

type Body = Record<string, unknown>;

interface Driver {
  name: string;
  prefix: string;
  /** The longest number the type keeps. */
  maxLength: number;
  create: (number?: string) => Promise<Outcome>;
  update: (id: number, body: Body) => Promise<Outcome>;
}

const codes = (fields: Record<string, { code: string }> | undefined) =>
  fields ? Object.fromEntries(Object.entries(fields).map(([field, e]) => [field, e.code])) : undefined;

async function viaApi(token: string, method: string, path: string, body: Body): Promise<Outcome> {
  const answer = await api(token, method, path, body);
  const error = answer.body?.error;
  return error
    ? { status: answer.status, code: error.code, fields: codes(error.fields) }
    : { status: answer.status, number: answer.body.number, id: answer.body.id };
}

async function viaVerb(run: () => Promise<{ id: number; number: string }>): Promise<Outcome> {
  try {
    const view = await run();
    return { number: view.number, id: view.id };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, fields: codes(error.fields) };
  }
}

/** A type's create fields, its API path and its verbs. */
interface DocumentKind {
  name: string;
  prefix: string;
  /** The longest number the type keeps. */
  maxLength: number;
  path: string;
  fields: (w: SalesWorld, variantId: number) => Body;
  create: (ctx: Ctx, input: Body) => Promise<{ id: number; number: string }>;
  update: (ctx: Ctx, input: Body & { id: number }) => Promise<{ id: number; number: string }>;
}

const orderFields = (w: SalesWorld, variantId: number) => ({
  customer_id: w.customer.id,
  location_id: w.location,
  lines: [{ variant_id: variantId, quantity: "1" }],
});

const kinds: DocumentKind[] = [
  {
    name: "sales order",
    prefix: "CMD-",
    maxLength: 40,
    path: "/sales-orders",
    fields: orderFields,
    create: createSalesOrder,
    update: updateSalesOrder,
  },
  {
    name: "estimate",
    prefix: "DEV-",
    maxLength: 40,
    path: "/estimates",
    fields: (w) => ({ customer_id: w.customer.id, location_id: w.location, lines: [{ description: "Study" }] }),
    create: createEstimate,
    update: updateEstimate,
  },
  {
    name: "stock entry",
    prefix: "ENT-",
    maxLength: 50,
    path: "/stock-entries",
    fields: (w, variantId) => ({ location_id: w.location, lines: [{ variant_id: variantId, quantity: "1" }] }),
    create: (ctx, input) => createStockDocument(ctx, { ...input, kind: "entry" }),
    update: (ctx, input) => updateStockDocument(ctx, { ...input, kind: "entry" }),
  },
];

const drivers = kinds.flatMap((kind) =>
  (["API", "verbs"] as const).map((through) => ({ name: `a ${kind.name} through the ${through}`, kind, through })),
);

async function driverFor({ kind, through }: (typeof drivers)[number]): Promise<Driver> {
  const w = await salesWorld();
  const ctx = await ctxOf(w.company);
  const variant = await makeVariant(w.db);
  const fields = kind.fields(w, variant.id);
  const withNumber = (number?: string) => ({ ...fields, ...(number ? { number } : {}) });
  const calls =
    through === "API"
      ? {
          create: (number?: string) => viaApi(w.token, "POST", kind.path, withNumber(number)),
          update: (id: number, body: Body) => viaApi(w.token, "PATCH", `${kind.path}/${id}`, body),
        }
      : {
          create: (number?: string) => viaVerb(() => kind.create(ctx, withNumber(number))),
          update: (id: number, body: Body) => viaVerb(() => kind.update(ctx, { ...body, id })),
        };
  return { name: kind.name, prefix: kind.prefix, maxLength: kind.maxLength, ...calls };
}

const padded = (prefix: string, n: number) => `${prefix}${String(n).padStart(6, "0")}`;

describe.each(drivers)("typed document numbers: $name", (driver) => {
  it("a typed number of the sequence's shape leaves the sequence where it was; the generated number that reaches it skips it", async () => {
    const d = await driverFor(driver);
    expect((await d.create()).number).toBe(padded(d.prefix, 1));
    expect((await d.create(padded(d.prefix, 3))).number).toBe(padded(d.prefix, 3));
    expect((await d.create(padded(d.prefix, 500))).number).toBe(padded(d.prefix, 500));
    // No gap after 1: the sequence gives 2, then skips 3 (held by the typed one), then 4.
    expect((await d.create()).number).toBe(padded(d.prefix, 2));
    expect((await d.create()).number).toBe(padded(d.prefix, 4));
    expect((await d.create()).number).toBe(padded(d.prefix, 5));
  });

  it("a number sent on update is applied; a taken, blank or too long one is refused naming the number field", async () => {
    const d = await driverFor(driver);
    const first = await d.create();
    const second = await d.create();
    const renamed = await d.update(second.id!, { number: "  Ref 2026/7  " });
    expect(renamed).toMatchObject({ number: "Ref 2026/7", id: second.id });
    expect(renamed.code).toBeUndefined();
    // Sending the number it already has changes nothing and is no conflict.
    expect((await d.update(second.id!, { number: "Ref 2026/7" })).number).toBe("Ref 2026/7");

    const taken = await d.update(second.id!, { number: first.number });
    expect(taken).toMatchObject({ code: "document_number_taken", fields: { number: "document_number_taken" } });
    if (taken.status !== undefined) expect(taken.status).toBe(409);

    const blank = await d.update(second.id!, { number: "" });
    expect(blank.fields).toEqual({ number: "required" });
    if (blank.status !== undefined) expect(blank.status).toBe(422);

    const tooLong = await d.update(second.id!, { number: "N".repeat(d.maxLength + 1) });
    expect(tooLong.fields).toEqual({ number: "too_long" });
    expect((await d.update(second.id!, { number: "N".repeat(d.maxLength) })).number).toBe("N".repeat(d.maxLength));

    // The generated sequence is untouched by the renumbering: the next one is 3.
    expect((await d.create()).number).toBe(padded(d.prefix, 3));
  });
});
