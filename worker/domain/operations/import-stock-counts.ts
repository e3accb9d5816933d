import { asc, eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { translate } from "../../../locales";
import { skuKey } from "../products/product-rules";
import { eachChecked } from "../shared/input";
import { bulkUpdateInventory, checkInventoryCount } from "../stock/bulk-update";
import { numberText } from "./import-products";
import type { ImportColumn, ImportItem, Importer, RowError } from "./importer";

const { locations } = tenantSchema;

/** Lines per count: the count verb's own limit. */
const COUNT_LINES = 1000;
const FIELDS = [
  { field: "sku", required: true },
  { field: "location", required: true },
  { field: "counted", required: true },
  { field: "batch", required: false },
] as const;

/**
 * Stock counts: each row a SKU's counted quantity at a location (by name), with its batch number
 * when the product is tracked by batch. The rows of a location become counts of at most 1,000
 * lines, each written whole through the count verb, which moves each level by its difference to
 * what is held when it is written. A count is not undone by a revert: stock has moved since.
 */
export const stockCountImporter: Importer = {
  kind: "stock_counts",
  entity: undefined,
  chunkSize: 1,
  // A count is a new document each time: there is nothing to find again and update.
  modes: ["create"],
  async columns(ctx) {
    return FIELDS.map((f) => ({ field: f.field, label: translate(ctx.locale, `import.stock_counts.${f.field}`), required: f.required }));
  },
  async plan(ctx, rows) {
    const columns: ImportColumn[] = await this.columns(ctx);
    const labelOf = new Map(columns.map((c) => [c.field, c.label]));
    const known = await ctx.db
      .select({ id: locations.id, label: locations.label })
      .from(locations)
      .where(eq(locations.active, true))
      .orderBy(asc(locations.id));
    const locationOf = new Map(known.map((l) => [l.label.trim().toLocaleLowerCase("en"), l.id]));
    const errors: RowError[] = [];
    const fail = (row: number, field: string, message: string, params?: Record<string, unknown>) =>
      errors.push({ row, column: labelOf.get(field), message, ...(params ? { params } : {}) });
    const byLocation = new Map<number, { row: number; sku: string; counted: string; batch: string }[]>();
    const seen = new Map<string, number>();
    for (const { row, cells } of rows) {
      const cell = (field: string) => cells.get(field)?.trim() ?? "";
      let failed = false;
      for (const f of FIELDS)
        if (f.required && !cell(f.field)) {
          fail(row, f.field, "required");
          failed = true;
        }
      const locationId = cell("location") ? locationOf.get(cell("location").toLocaleLowerCase("en")) : undefined;
      if (cell("location") && locationId === undefined) {
        fail(row, "location", "import_unknown_value", { value: cell("location") });
        failed = true;
      }
      const twice = `${locationId}:${skuKey(cell("sku"))}:${cell("batch").toLocaleLowerCase("en")}`;
      if (cell("sku") && seen.has(twice)) {
        fail(row, "sku", "import_duplicate_in_file", { row: seen.get(twice) });
        failed = true;
      } else seen.set(twice, row);
      if (failed || locationId === undefined) continue;
      const list = byLocation.get(locationId) ?? [];
      list.push({ row, sku: cell("sku"), counted: numberText(cell("counted")), batch: cell("batch") });
      byLocation.set(locationId, list);
    }
    const items: ImportItem[] = [];
    for (const [locationId, lines] of byLocation)
      for (let at = 0; at < lines.length; at += COUNT_LINES) {
        const part = lines.slice(at, at + COUNT_LINES);
        const fields = new Map<string, { row: number; field: string }>([["location_id", { row: part[0]!.row, field: "location" }]]);
        part.forEach((l, n) => {
          fields.set(`lines.${n}.sku`, { row: l.row, field: "sku" });
          fields.set(`lines.${n}.variant_id`, { row: l.row, field: "sku" });
          fields.set(`lines.${n}.counted`, { row: l.row, field: "counted" });
          fields.set(`lines.${n}.batch`, { row: l.row, field: "batch" });
          fields.set(`lines.${n}.batch_id`, { row: l.row, field: "batch" });
        });
        items.push({
          rows: part.map((l) => l.row),
          input: {
            location_id: locationId,
            lines: part.map((l) => ({ sku: l.sku, counted: l.counted, ...(l.batch ? { batch: l.batch } : {}) })),
          },
          fields,
          extra: [],
          keys: [],
        });
      }
    return { items, errors, columns };
  },
  async check(ctx, inputs) {
    await eachChecked(inputs, (input) => checkInventoryCount(ctx, input));
  },
  async write(ctx, items, { marker }) {
    const [count] = await eachChecked(items, (item) => bulkUpdateInventory(ctx, item.input, { alongside: [marker] }));
    // What the import made is counted in lines (the rows it set), not in documents.
    return { ids: items.flatMap((i) => i.rows), stockDocumentIds: count ? [count.id] : [] };
  },
};
