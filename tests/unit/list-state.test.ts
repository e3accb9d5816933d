import { describe, expect, it } from "vitest";
import {
  canonicalListSearch,
  filterParamNames,
  hasListState,
  listHref,
  listQueryParams,
  listStateFromSavedView,
  listStateToParams,
  nextSort,
  parseListState,
  savedViewHref,
  savedViewSearchFromState,
} from "../../app/components/list/list-state";

const state = (query: string) => parseListState(new URLSearchParams(query));
const LABEL_ASC = [{ by: "label", direction: "asc" as const }];

describe("list state in the page address", () => {
  it("reads page, page size, sort, columns, search and filters", () => {
    expect(state("label__Contains=abc&active=true&sort=-price,label&columns=reference,label&search=au&page=2&page_size=25")).toEqual({
      page: 2,
      pageSize: 25,
      sort: [
        { by: "price", direction: "desc" },
        { by: "label", direction: "asc" },
      ],
      filters: { label__Contains: "abc", active: "true" },
      search: "au",
      columns: ["reference", "label"],
    });
  });

  it("gives the first page, default size, default sort and default columns when the address says nothing", () => {
    expect(state("")).toEqual({ page: 0, pageSize: null, sort: [], filters: {}, search: "", columns: [] });
    expect(state("page=-3").page).toBe(0);
  });

  it("drops blank filter values, which never count", () => {
    expect(state("label__Contains=&active=%20%20&price__Gte=1").filters).toEqual({ price__Gte: "1" });
    expect(listStateToParams(state("label__Contains=&active=&search=%20")).toString()).toBe("");
  });

  it("joins a filter given several times (checkboxes), as JSON when a value holds a comma", () => {
    expect(state("tag_id__In=1&tag_id__In=2&tag_id__In=").filters).toEqual({ tag_id__In: "1,2" });
    expect(state("label__In=a%2Cb&label__In=c").filters).toEqual({ label__In: '["a,b","c"]' });
    expect(state("columns=a&columns=b,c&columns=a").columns).toEqual(["a", "b", "c"]);
  });

  it("reads a plain range as its two bounds, which the filter bar edits", () => {
    expect(state("price__Between=1,10").filters).toEqual({ price__Gte: "1", price__Lte: "10" });
    expect(state("price__Between=,10").filters).toEqual({ price__Lte: "10" });
  });

  it("ignores parameters that are not list state (notices, the engine's count flag)", () => {
    expect(state("notice=deleted&total_count=true").filters).toEqual({});
    expect(hasListState(new URLSearchParams("notice=deleted"))).toBe(false);
    expect(hasListState(new URLSearchParams(""))).toBe(false);
    for (const query of ["page=0", "sort=label", "label__Contains=a", "columns=label", "search=x", "active="])
      expect(hasListState(new URLSearchParams(query))).toBe(true);
  });

  it("writes a state back as a canonical query string, the page only past the first", () => {
    const s = state("sort=-price&active=true&page=0&columns=label");
    expect(listStateToParams(s).toString()).toBe("active=true&sort=-price&columns=label");
    expect(listHref("/x", s, { page: 3 })).toBe("/x?active=true&sort=-price&columns=label&page=3");
    // The bare path would open the default view instead.
    expect(listHref("/x", state(""))).toBe("/x?page=0");
  });

  it("asks for a redirect to the clean address only when a GET form left blanks or repeats", () => {
    const canonical = (query: string) => canonicalListSearch(new URLSearchParams(query));
    expect(canonical("label__Contains=abc&sort=label")).toBeNull();
    expect(canonical("label__Contains=&active=true&sort=label&columns=a&columns=b")).toBe("?active=true&sort=label&columns=a%2Cb");
    expect(canonical("label__Contains=&notice=saved")).toBe("?notice=saved");
    // All blank: still an explicit state, so that no default view is forced on a cleared list.
    expect(canonical("label__Contains=&active=")).toBe("?page=0");
    expect(canonical("page=0")).toBeNull();
  });

  it("hands the engine the list parameters, never the columns, always asking for the count", () => {
    expect(listQueryParams(new URLSearchParams("columns=a&label__Contains=x&notice=1&page=2")).toString()).toBe(
      "label__Contains=x&page=2&total_count=true",
    );
  });

  it("sorts a column ascending first, then descending", () => {
    expect(nextSort([], "price")).toEqual([{ by: "price", direction: "asc" }]);
    expect(nextSort([{ by: "price", direction: "asc" }], "price")).toEqual([{ by: "price", direction: "desc" }]);
    expect(nextSort([{ by: "price", direction: "desc" }], "price")).toEqual([{ by: "price", direction: "asc" }]);
    expect(nextSort([{ by: "label", direction: "asc" }], "price")).toEqual([{ by: "price", direction: "asc" }]);
  });

  it("names the parameters each kind of filter edits", () => {
    expect(filterParamNames({ key: "label", label: "Label", type: "text" })).toEqual(["label__Contains"]);
    expect(filterParamNames({ key: "active", label: "Active", type: "boolean" })).toEqual(["active"]);
    expect(filterParamNames({ key: "tax_id", label: "Tax", type: "select" })).toEqual(["tax_id"]);
    expect(filterParamNames({ key: "price", label: "Price", type: "range" })).toEqual(["price__Gte", "price__Lte"]);
    expect(filterParamNames({ key: "created", label: "Created", type: "date" })).toEqual(["created__Gte", "created__Lte"]);
  });
});

describe("saved views and the address", () => {
  it("saves filters with the search text, columns and sort, never the page", () => {
    expect(savedViewSearchFromState(state("label__Contains=au&search=b&sort=-price&columns=label,price&page=4&page_size=25"))).toEqual({
      filters: { label__Contains: "au", search: "b" },
      columns: ["label", "price"],
      sort: [{ by: "price", direction: "desc" }],
    });
  });

  it("builds the address of a view, and reading that address gives the view back", () => {
    const search = {
      filters: { label__Contains: "audit", active: true, tag_id__In: [1, 2], price__Gte: 10, search: "au", empty: "", none: [] },
      columns: ["reference", "label"],
      sort: [{ by: "price", direction: "desc" as const }],
    };
    const href = savedViewHref("/products-and-services/services", search, LABEL_ASC);
    expect(href).toBe(
      "/products-and-services/services?label__Contains=audit&active=true&tag_id__In=1%2C2&price__Gte=10&search=au&sort=-price&columns=reference%2Clabel",
    );
    const back = state(href.split("?")[1]!);
    expect(back).toEqual(listStateFromSavedView(search, LABEL_ASC));
    expect(savedViewSearchFromState(back)).toEqual({
      filters: { label__Contains: "audit", active: "true", tag_id__In: "1,2", price__Gte: "10", search: "au" },
      columns: ["reference", "label"],
      sort: [{ by: "price", direction: "desc" }],
    });
  });

  it("gives a view without sort the list's default sort, so that its address always carries state", () => {
    const empty = { filters: {}, columns: [], sort: [] };
    expect(savedViewHref("/list", empty, LABEL_ASC)).toBe("/list?sort=label");
    expect(savedViewHref("/list", empty, [])).toBe("/list?page=0");
    expect(hasListState(new URLSearchParams("sort=label"))).toBe(true);
  });
});
