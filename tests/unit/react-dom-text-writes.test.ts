import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Suspense, createElement as h, type ReactNode } from "react";
import { afterAll, describe, expect, it } from "vitest";
import { REACT_DOM_SERVER_FILE, batchTextWrites } from "../../scripts/lib/react-dom-text-writes";

// The build makes React's HTML writer batch its strings (scripts/lib/react-dom-text-writes.ts). The
// rewritten writer must write the very bytes React's own does, whatever the page holds.

const require = createRequire(import.meta.url);
const serverFile = join(dirname(require.resolve("react-dom/package.json")), "cjs", "react-dom-server.node.production.js");
// The copy lives under the project's node_modules, so that it still finds react and react-dom.
const cache = join(process.cwd(), "node_modules", ".cache");
mkdirSync(cache, { recursive: true });
const folder = mkdtempSync(join(cache, "react-dom-text-writes-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

type Render = (node: ReactNode, options?: object) => Promise<ReadableStream<Uint8Array>>;
const original = (require(serverFile) as { renderToReadableStream: Render }).renderToReadableStream;
const copy = join(folder, "react-dom-server.node.production.js");
writeFileSync(copy, batchTextWrites(readFileSync(serverFile, "utf8")));
const rewritten = (require(copy) as { renderToReadableStream: Render }).renderToReadableStream;

async function bytes(render: Render, node: ReactNode, options?: object): Promise<Buffer> {
  const stream = await render(node, options);
  await (stream as ReadableStream & { allReady: Promise<void> }).allReady;
  return Buffer.from(await new Response(stream).arrayBuffer());
}

const odd = [
  "é à ç",
  "€ 1 234,50",
  "日本語のテキスト",
  "emoji 👩‍👩‍👧 🧾",
  "lone \ud800 high",
  "lone \udc00 low",
  "<script>&\"'</script>",
  "\u0000 NUL",
];

function table(rows: number, text: (i: number) => string): ReactNode {
  return h(
    "table",
    { className: "list" },
    h(
      "tbody",
      null,
      Array.from({ length: rows }, (_, i) =>
        h(
          "tr",
          { key: i, "data-row": i },
          h("td", { title: text(i) }, text(i)),
          h("td", { style: { width: `${i}px` } }, i * 1.5),
          h("td", null, h("a", { href: `/items/${i}?q=${text(i).length}` }, "→")),
        ),
      ),
    ),
  );
}

function page(body: ReactNode): ReactNode {
  return h(
    "html",
    { lang: "fr" },
    h("head", null, h("title", null, "Stocks — Comptoir"), h("meta", { charSet: "utf-8" })),
    h("body", null, body, h("script", { nonce: "abc" }, "window.x = 1;")),
  );
}

// Built outside of render: vitest loads React's development build beside react-dom's production server.
const arrived = h("p", null, "arrivé 🚚");
let arrive: () => void = () => {};
let hasArrived = false;
const arrival = new Promise<void>((resolve) => (arrive = resolve)).then(() => void (hasArrived = true));
function Late(): ReactNode {
  // A thrown promise suspends the boundary until it settles.
  if (!hasArrived) throw arrival;
  return arrived;
}

describe("React's HTML writer with batched strings (build-time rewrite)", () => {
  it("targets React's Node server build", () => {
    expect(REACT_DOM_SERVER_FILE.test(serverFile)).toBe(true);
  });

  it("writes the same bytes as React's own writer for small, large and non-ASCII pages", async () => {
    const pages = [
      page(h("p", null, "Bonjour")),
      page(table(400, (i) => `Article ${i} ${odd[i % odd.length]}`)),
      page(h("pre", null, "x".repeat(5000), odd.join(" | ").repeat(300))),
      page(table(3, () => "🧾".repeat(3000))),
    ];
    for (const node of pages) {
      const [a, b] = await Promise.all([bytes(original, node, { nonce: "abc" }), bytes(rewritten, node, { nonce: "abc" })]);
      expect(b.length).toBeGreaterThan(100);
      expect(b.equals(a)).toBe(true);
    }
  });

  it("writes the same bytes around a Suspense boundary that resolves after the shell, large enough to be outlined", async () => {
    const node = page(
      h(
        "main",
        null,
        table(50, (i) => odd[i % odd.length]!),
        h(
          Suspense,
          { fallback: h("i", null, "…") },
          h(Late),
          table(60, (i) => `ligne ${i} ${odd[i % odd.length]}`),
        ),
      ),
    );
    const [a, b] = [bytes(original, node), bytes(rewritten, node)];
    setTimeout(arrive, 20);
    const [before, after] = await Promise.all([a, b]);
    expect(before.toString("utf8")).toContain("arrivé 🚚");
    expect(after.equals(before)).toBe(true);
  });

  it("refuses a React whose writer is not the one it replaces", () => {
    const source = readFileSync(serverFile, "utf8");
    expect(() =>
      batchTextWrites(source.replace("function writeChunk(destination, chunk) {", "function writeChunk(destination, piece) {")),
    ).toThrow(/writer/);
    expect(() => batchTextWrites(source.replace('Buffer.byteLength(chunk, "utf8")', "chunk.length"))).toThrow(/writer/);
  });
});
