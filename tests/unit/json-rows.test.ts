import { describe, expect, it } from "vitest";
import { jsonRowsSql } from "../../db/json-rows";

const fields = (count: number) => Array.from({ length: count }, (_, i) => ({ path: [`f${i}`], field: null }));
const asJson = (sql: string) => jsonRowsSql(sql, fields(2));

describe("which selects are read as one JSON text per row", () => {
  it("a plain select of two columns or more, whatever its WHERE's subqueries hold", () => {
    expect(asJson(`select "id", "label" from "brands" order by "brands"."label" collate nocase, "brands"."id" asc`)).toBe(
      `select json_array("id", "label") as "__json_row" from "brands" order by "brands"."label" collate nocase, "brands"."id" asc`,
    );
    // A union or a join inside a subquery leaves the select's own columns alone.
    const prices = `select "variant_id", "amount" from "prices" where "prices"."variant_id" in (select "variants"."id" from "variants" where "variants"."id" in (select value from json_each(?)) union select "components"."component_variant_id" from "components" inner join (select 1) on 1)`;
    expect(asJson(prices)).toMatch(/^select json_array\("variant_id", "amount"\) as "__json_row" from "prices" where /);
    // Quoted texts are not read as SQL: a parenthesis, a union or a comma in one changes nothing.
    expect(asJson(`select "a", "b" from "t" where "a" = 'union (, x' and "b" = 'it''s'`)).toMatch(/^select json_array/);
    expect(jsonRowsSql(`select "a", "b", "c" from "t" inner join "u" on "u"."id" = "t"."u_id"`, fields(3))).toMatch(/^select json_array/);
  });

  it("nothing else: one column, a compound select, a join to what is not a table, a comma join, a quote or a parenthesis left open", () => {
    expect(jsonRowsSql(`select "id" from "brands"`, fields(1))).toBeNull();
    expect(asJson(`select "a", "b" from "t" union select "c", "d" from "u"`)).toBeNull();
    expect(asJson(`select "a", "b" from "t" except select "a", "b" from "u"`)).toBeNull();
    expect(asJson(`select "a", "b" from "t" inner join (select 1 as "x") "s" on 1`)).toBeNull();
    expect(asJson(`select "a", "value" from "t" join json_each(?) on 1`)).toBeNull();
    expect(asJson(`select "a", "value" from "t", json_each(?)`)).toBeNull();
    expect(asJson(`select "a", "b" from "t" where "a" = 'open`)).toBeNull();
    expect(asJson(`select "a", "b" from "t" where ("a" = 1`)).toBeNull();
    expect(asJson(`select "a", count(*) from "t"`)).toBeNull();
    // The columns counted must be the fields selected.
    expect(jsonRowsSql(`select "a", "b" from "t"`, fields(3))).toBeNull();
  });
});
