import fc from "fast-check";
import { createElement as h, Fragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AppLink } from "../../app/components/app-link";
import { staticHtml } from "../../app/components/list/static-html";

// What a list page's cells hold: text, numbers, badges, fragments, links.
const PLAIN: [string, ReactNode][] = [
  ["text", "Café moulu"],
  ["text to escape", `<b>"Tom" & 'Jerry'</b>`],
  ["a number", 42],
  ["nothing", null],
  ["false", false],
  ["a list", ["A", 1, null, "B"]],
  ["a badge", h("span", { className: "badge badge--warning" }, "Below")],
  ["a fragment", h(Fragment, null, "5", " ", h("span", { className: "badge" }, "Low"))],
  ["attributes to escape", h("span", { title: `a "b" <c> & 'd'`, "aria-label": "x&y" }, "t")],
  ["aria and data booleans", h("span", { "aria-hidden": true, "data-open": false }, "t")],
  ["a boolean attribute", h("span", { hidden: true }, "t")],
  ["a void element", h(Fragment, null, "a", h("br"), "b")],
  ["nested", h("div", { className: "x" }, h("strong", null, "1"), h("em", null, ["2", "3"]))],
  ["an unset attribute", h("span", { className: undefined, title: null }, "t")],
];

describe("list rows written as HTML", () => {
  it.each(PLAIN)("writes %s as React's server renderer does", (_name, node) => {
    expect(staticHtml(node)).toBe(renderToStaticMarkup(h(Fragment, null, node)));
  });

  it("escapes any text as React does", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.string(), (text, title) => {
        expect(staticHtml(h("span", { title }, text))).toBe(renderToStaticMarkup(h("span", { title }, text)));
      }),
      { numRuns: 500 },
    );
  });

  it("writes a link of the app as the page's links are written", () => {
    expect(staticHtml(h(AppLink, { to: "/inventory/stock-level?edit=7&a=1", "aria-label": `"Edit"` }, "Edit"))).toBe(
      '<a aria-label="&quot;Edit&quot;" href="/inventory/stock-level?edit=7&amp;a=1" data-discover="true">Edit</a>',
    );
  });

  // Anything React must run goes through React: the page then renders its rows as elements.
  it.each<[string, ReactNode]>([
    ["a component", h(() => h("span", null, "x"))],
    ["an event handler", h("button", { onClick: () => undefined }, "x")],
    ["a style", h("span", { style: { color: "red" } }, "x")],
    ["inner HTML", h("span", { dangerouslySetInnerHTML: { __html: "<i>x</i>" } })],
    ["a camel-cased attribute", h("span", { tabIndex: 0 }, "x")],
    ["a relative link", h(AppLink, { to: "../x" }, "x")],
    ["a link with a click handler", h(AppLink, { to: "/x", onClick: () => undefined }, "x")],
    [
      "a component deep inside",
      h(
        "span",
        null,
        h(
          "em",
          null,
          h(() => "x"),
        ),
      ),
    ],
  ])("refuses %s", (_name, node) => {
    expect(staticHtml(node)).toBeNull();
  });
});
