import fc from "fast-check";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { reactRouterCopy } from "../support/react-router-copy";
import {
  REACT_ROUTER_SERVER_RUNTIME_FILE,
  REACT_ROUTER_SINGLE_FETCH_FILE,
  TURBO_STREAM_FLATTEN_FILE,
  addEncodeSync,
  encodeTextFirst,
  handoffTextInContext,
} from "../../scripts/lib/react-router-handoff-text";

// The build gives React Router the text of a page's data at once when it holds no promise
// (scripts/lib/react-router-handoff-text.ts). That text must be the one React Router's stream
// writes, for any data; data holding a promise must still be streamed.

const { production, folder } = reactRouterCopy("handoff");
const flattenFile = join(production, "vendor", "turbo-stream-v2", "flatten.js");
const singleFetchFile = join(production, "lib", "server-runtime", "single-fetch.js");
const serverFile = join(production, "lib", "server-runtime", "server.js");

type Encode = (data: unknown, signal: AbortSignal, timeout: number, mode: string) => ReadableStream<Uint8Array> | string;
let rewritten: Encode;
let original: Encode;

beforeAll(async () => {
  cpSync(production, folder, { recursive: true });
  writeFileSync(join(folder, "vendor", "turbo-stream-v2", "flatten.js"), addEncodeSync(readFileSync(flattenFile, "utf8")));
  writeFileSync(join(folder, "lib", "server-runtime", "single-fetch.js"), encodeTextFirst(readFileSync(singleFetchFile, "utf8")));
  writeFileSync(join(folder, "lib", "server-runtime", "server.js"), handoffTextInContext(readFileSync(serverFile, "utf8")));
  const load = async (file: string) =>
    ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { encodeViaTurboStream: Encode }).encodeViaTurboStream;
  rewritten = await load(join(folder, "lib", "server-runtime", "single-fetch.js"));
  original = await load(singleFetchFile);
});

async function text(encoded: ReadableStream<Uint8Array> | string): Promise<string> {
  if (typeof encoded === "string") return encoded;
  return new Response(encoded).text();
}

const encode = (how: Encode, data: unknown) => how(data, new AbortController().signal, 5_000, "production");

class Money {
  constructor(
    readonly amount: string,
    readonly currency: string,
  ) {}
}

describe("React Router's data text, as the build gives it", () => {
  it("names the files it rewrites, and refuses sources without what it changes", () => {
    expect(TURBO_STREAM_FLATTEN_FILE.test(flattenFile)).toBe(true);
    expect(REACT_ROUTER_SINGLE_FETCH_FILE.test(singleFetchFile)).toBe(true);
    expect(REACT_ROUTER_SERVER_RUNTIME_FILE.test(serverFile)).toBe(true);
    expect(() => addEncodeSync("async function flatten(input) {}")).toThrow(/changed/);
    expect(() => encodeTextFirst("function encodeViaTurboStream() {}")).toThrow(/changed/);
    expect(() => handoffTextInContext("let entryContext = {};")).toThrow(/changed/);
    // A wait left in the flattening (a new await) is refused rather than made synchronous by mistake.
    const source = readFileSync(flattenFile, "utf8");
    expect(() =>
      addEncodeSync(source.replace("\tconst [input, index] = stack.pop();", "\tawait 0;\n\t\tconst [input, index] = stack.pop();")),
    ).toThrow(/waits/);
  });

  it("gives a page's data as text, the one React Router's stream writes", async () => {
    const shared = { label: "Entrepôt Lyon", id: 1 };
    const data = {
      loaderData: {
        root: { locale: "fr" },
        "routes/inventory/stock-level": {
          list: { items: '{"keys":["id"],"values":[[1],[2]]}', page: 0, totalCount: 223, sort: [{ by: "sku", direction: "asc" }] },
          locations: [shared, shared, { label: "</script><script>alert(1)</script>", id: -0 }],
          when: new Date("2026-11-28T12:00:00Z"),
          missing: undefined,
          ratio: Number.NaN,
          tags: new Set(["a", "b"]),
          byId: new Map([[1, shared]]),
        },
      },
      actionData: null,
      errors: { "routes/inventory/stock-level": new Error("secret detail") },
    };
    const given = encode(rewritten, data);
    expect(typeof given).toBe("string");
    expect(given).toBe(await text(encode(original, data)));
    // Errors are sanitized in production as React Router does it: the detail is not in the page.
    expect(given).not.toContain("secret detail");
  });

  it("gives the same text as the stream for any data", async () => {
    const value = fc.anything({
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
    });
    const instance = fc.tuple(fc.string(), fc.string()).map(([amount, currency]) => new Money(amount, currency));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(value, instance), { maxLength: 4 }), async (values) => {
        const data = { loaderData: { root: values }, actionData: null, errors: null };
        const given = encode(rewritten, data);
        expect(typeof given).toBe("string");
        expect(given).toBe(await text(encode(original, data)));
      }),
      { numRuns: 300 },
    );
  });

  it("streams data that holds a promise, as React Router does", async () => {
    const data = () => ({ loaderData: { root: { later: Promise.resolve({ n: 1 }), now: "x" } }, actionData: null, errors: null });
    const given = encode(rewritten, data());
    expect(given).toBeInstanceOf(ReadableStream);
    const written = await text(given);
    expect(written).toBe(await text(encode(original, data())));
    expect(written).toContain("\nP");
  });

  it("keeps React Router's request handler whole", async () => {
    const server = (await import(/* @vite-ignore */ pathToFileURL(join(folder, "lib", "server-runtime", "server.js")).href)) as {
      createRequestHandler: unknown;
    };
    expect(typeof server.createRequestHandler).toBe("function");
    const source = readFileSync(join(folder, "lib", "server-runtime", "server.js"), "utf8");
    expect(source.match(/\.\.\.handoffOf\(encodeViaTurboStream\(/g)).toHaveLength(2);
  });
});
