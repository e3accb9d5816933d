import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { currencyList } from "../../worker/domain/settings/currencies/currency-shared";
import { locationList } from "../../worker/domain/settings/locations/location-shared";
import { parseListQuery } from "../../worker/domain/shared/list-query";
import { listOrderBy, type SqlListRegistry } from "../../worker/domain/shared/list-query-sql";
import { batchListRegistry } from "../../worker/domain/stock/batch-views";
import { makeCompany } from "../support/factories";

const t = tenantSchema;

describe("the default sort of lists", () => {
  it("is the label ascending, or the batch number for batches, walked from an index rather than sorted", async () => {
    const { db } = await makeCompany();
    const plan = async (table: typeof t.locations | typeof t.currencies | typeof t.batches, registry: SqlListRegistry) => {
      const query = parseListQuery({}, registry);
      const built = db
        .select({ id: table.id })
        .from(table)
        .orderBy(...listOrderBy(registry, query))
        .limit(query.limit)
        .toSQL();
      const rows = await db.$client.execute({ sql: `EXPLAIN QUERY PLAN ${built.sql}`, args: built.params as never });
      return { sort: query.sort, plan: rows.rows.map((r) => String(r.detail)).join("\n") };
    };
    for (const [table, registry, sort, index] of [
      [t.locations, locationList, "label", "locations_label_idx"],
      [t.currencies, currencyList, "label", "currencies_label_idx"],
      [t.batches, batchListRegistry, "number", "batches_number_idx"],
    ] as const) {
      const { sort: applied, plan: detail } = await plan(table, registry);
      expect(applied).toEqual([{ by: sort, direction: "asc" }]);
      expect(detail).toContain(index);
      expect(detail).not.toContain("TEMP B-TREE");
    }
  });
});
