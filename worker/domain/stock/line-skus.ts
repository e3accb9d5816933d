import { inArray } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { variantIdsBySku } from "../products/variant-skus";
import { FieldIssues } from "../shared/input";

const { batches } = tenantSchema;

type RawLine = Record<string, unknown>;
const isLine = (line: unknown): line is RawLine => !!line && typeof line === "object" && !Array.isArray(line);
const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * A document's lines may name their variant by SKU and their batch by its number (`{ sku, batch }`),
 * as a form types them or an integration sends them, instead of by ids. They become ids here, in
 * at most two queries, before the input is validated; an unknown SKU or batch number is a field
 * error of its line (`lines.N.sku`, `lines.N.batch`).
 */
export async function linesBySku(db: TenantDb, raw: unknown): Promise<unknown> {
  if (!isLine(raw) || !Array.isArray(raw.lines)) return raw;
  const lines = raw.lines as unknown[];
  if (!lines.some((line) => isLine(line) && ("sku" in line || "batch" in line))) return raw;

  const ids = await variantIdsBySku(
    db,
    lines.map((line) => (isLine(line) ? text(line.sku) : "")),
  );
  const issues = new FieldIssues();
  const named = lines.map((line, i) => {
    if (!isLine(line) || !("sku" in line)) return line;
    const { sku, ...rest } = line;
    const id = text(sku) ? ids.get(text(sku).toLowerCase()) : undefined;
    if (id === undefined) issues.add(`lines.${i}.sku`, text(sku) ? "unknown_variant" : "required");
    return { ...rest, variant_id: id ?? 0 };
  });

  const wanted = [
    ...new Set(named.flatMap((line) => (isLine(line) && text(line.batch) && Number(line.variant_id) > 0 ? [Number(line.variant_id)] : []))),
  ];
  const known = wanted.length
    ? await db
        .select({ id: batches.id, variantId: batches.variantId, number: batches.number })
        .from(batches)
        .where(inArray(batches.variantId, wanted))
    : [];
  const resolved = named.map((line, i) => {
    if (!isLine(line) || !("batch" in line)) return line;
    const { batch, ...rest } = line;
    const number = text(batch);
    if (!number) return rest;
    const found = known.find((b) => b.variantId === Number(rest.variant_id) && b.number.toLowerCase() === number.toLowerCase());
    if (!found) {
      if (Number(rest.variant_id) > 0) issues.add(`lines.${i}.batch`, "unknown_batch_number", { number });
      return rest;
    }
    return { ...rest, batch_id: found.id };
  });
  issues.throwIfAny();
  return { ...raw, lines: resolved };
}
