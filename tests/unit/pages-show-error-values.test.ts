import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { I18nProvider } from "@lingui/react";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../locales";
import StoreSettingsPage from "../../app/routes/b2b-store/settings";
import { SalesListPage } from "../../app/components/sales/sales-document-pages";
import { EMPTY_LIST_STATE } from "../../app/components/list/list-state";
import { checkedImage, MAX_IMAGE_BYTES } from "../../worker/domain/products/product-image";
import { isDomainError } from "../../worker/domain/shared/domain-error";
import { storeSettingsOf } from "../../worker/domain/store/settings/store-settings";
import { resultAsText } from "../../app/components/list/rows-text";

function render(node: () => ReturnType<typeof h>) {
  const i18n = createI18n("en");
  i18n.activate("en");
  const Stub = createRoutesStub([{ path: "/", Component: () => node() }]);
  return renderToString(h(I18nProvider, { i18n }, h(Stub, { initialEntries: ["/"] })));
}

/** What formAction answers for the domain error `run` throws. */
function refusalOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (isDomainError(error)) return { error: error.code, params: error.params, fields: error.fields };
    throw error;
  }
  throw new Error("not refused");
}

const emptyList = {
  pathname: "/sales/sales-orders",
  state: EMPTY_LIST_STATE,
  defaultSort: [],
  result: resultAsText({ items: [], page: 0, page_size: 50, totalCount: 0 }),
  views: [],
  error: null,
};

describe("a page shows a refused action with the values of its message", () => {
  it("shows the store image's size limit at the field of the store settings form", () => {
    // The store's banner upload refused by the domain's own check (a field error carrying { max_mb }).
    const refusal = refusalOf(() => checkedImage(new ArrayBuffer(MAX_IMAGE_BYTES + 1), "banner"));
    expect(refusal.fields?.banner).toMatchObject({ code: "image_too_large", params: { max_mb: 5 } });
    const loaderData = {
      section: "customization" as const,
      settings: { ...storeSettingsOf(null), custom_domain: null, custom_domain_status: null, custom_domain_record: null },
      choices: null,
      canEdit: true,
      notice: null,
      origin: "https://app.example",
    };
    const html = render(() =>
      h(StoreSettingsPage as never, { loaderData, actionData: { ...refusal, values: null }, params: {}, matches: [] }),
    );
    expect(html).toContain("The image is larger than 5 MB");
  });

  it("shows a list's refused saved-view form and its refused bulk action with their values", () => {
    const refused = { code: "minimum_order_amount_not_reached", params: { value: "1234.50" } };
    const page = (actionData: unknown) =>
      render(() =>
        h(SalesListPage, {
          kind: "sales_order",
          loaderData: { list: emptyList, canEdit: true, notice: null, count: 0 },
          actionData,
        }),
      );
    // listPageAction's answer for the saved-view form.
    expect(page({ viewError: { ...refused, label: "Mine" } })).toContain("has not been reached (1234.50)");
    // formAction's answer for the bulk "validate selected".
    expect(page({ error: refused.code, params: refused.params, fields: undefined })).toContain("has not been reached (1234.50)");
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The arguments of each call of `name(` in `source`, split at their top-level commas. */
function callsOf(source: string, name: string): { line: number; args: string[] }[] {
  const calls: { line: number; args: string[] }[] = [];
  const pattern = new RegExp(`(?<![\\w$.])${name}\\(`, "g");
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    const args: string[] = [];
    let depth = 0;
    let current = "";
    for (let i = match.index + match[0].length; i < source.length; i++) {
      const c = source[i]!;
      if (depth === 0 && (c === ")" || c === ",")) {
        args.push(current.trim());
        current = "";
        if (c === ")") break;
        continue;
      }
      if ("([{".includes(c)) depth++;
      if (")]}".includes(c)) depth--;
      current += c;
    }
    calls.push({ line: source.slice(0, match.index).split("\n").length, args: args.filter(Boolean) });
  }
  return calls;
}

describe("the pages' error texts", () => {
  it("never take only the code of an error: the refusal itself (or its code with its params) goes to the shared helper", () => {
    const root = join(__dirname, "../..");
    const faults: string[] = [];
    for (const file of sourceFiles(join(root, "app"))) {
      const source = readFileSync(file, "utf8");
      const where = relative(root, file);
      // The names this file gives to the text function (`const errorText = useErrorText()`), and errorMessage itself.
      const names = new Set([...source.matchAll(/const\s+([\w$]+)\s*=\s*useErrorText\(\)/g)].map((m) => m[1]!));
      for (const name of [...names, "errorMessage"]) {
        for (const call of callsOf(source, name)) {
          const shown = name === "errorMessage" ? call.args.slice(1) : call.args;
          if (shown.length === 1 && /\.(code|error)!?$/.test(shown[0]!))
            faults.push(`${where}:${call.line}: ${name}(${call.args.join(", ")}) drops the error's params; pass the error itself`);
        }
      }
      if (!where.endsWith("app/i18n.tsx"))
        source.split("\n").forEach((text, i) => {
          if (/`error\.\$\{/.test(text)) faults.push(`${where}:${i + 1}: an error's text built by hand; use useErrorText()`);
        });
    }
    expect(faults, faults.join("\n")).toEqual([]);
  });
});
