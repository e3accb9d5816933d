import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { loader as operationDownloadPage } from "../../app/routes/operations/download";
import { loader as productImagePage } from "../../app/routes/products/image";
import { loader as companyLogoPage } from "../../app/routes/settings/company-logo";
import { loader as storeImagePage } from "../../app/routes/b2b/images";
import { loader as documentPdfPage } from "../../app/routes/sales/document-pdf";
import { listOperations } from "../../worker/domain/operations/operations";
import { startBulkPdf, startImport, uploadImportFile } from "../../worker/domain/operations/start";
import { createEstimate } from "../../worker/domain/sales/create-estimate";
import { setStoreImage } from "../../worker/domain/store/settings/store-images";
import { patchStoreSettings } from "../../worker/domain/store/settings/store-settings-verbs";
import { ctxFromRequest } from "../../worker/ctx";
import type { Bindings } from "../../worker/env";
import { ctxOf } from "../support/factories";
import { fetchApp } from "../support/fetch-app";
import { runQueuedOperations } from "../support/outbox";
import { pageContext } from "../support/page-context";
import { pricedVariant, salesWorld, type SalesWorld } from "./sales-fixtures";

const bindings = env as unknown as Bindings;
const t = tenantSchema;

// A 1×1 PNG: a real signature, so that uploads take it and PDFs embed it.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (c) =>
  c.charCodeAt(0),
);

/** Company A with one file of each kind, made through its own verbs and API: their keys as its rows hold them. */
async function companyWithFiles() {
  const w = await salesWorld();
  const ctx = await ctxOf(w.company);
  const { id: productId } = (await (
    await fetchApp("/api/v1/products", {
      method: "POST",
      token: w.token,
      json: { label: "Mug", variants: [{ sku: `MUG-${ctx.newId()}` }] },
    })
  ).json()) as { id: number };
  const image = (await (
    await fetchApp(`/api/v1/products/${productId}/image`, {
      method: "PUT",
      token: w.token,
      body: PNG,
      headers: { "content-type": "image/png" },
    })
  ).json()) as { image_key: string };
  const logo = (await (
    await fetchApp("/api/v1/company-settings/logo", { method: "PUT", token: w.token, body: PNG, headers: { "content-type": "image/png" } })
  ).json()) as { logo_key: string };
  await setStoreImage(ctx, { image: "banner", bytes: PNG.slice().buffer });
  const [store] = await w.db.select().from(t.storeSettings);
  const estimate = await estimateOf(w);
  await startBulkPdf(ctx, { type: "estimate", ids: [estimate] });
  await runQueuedOperations(w.company);
  const [exported] = await w.db.select().from(t.backgroundOperations);
  const upload = await uploadImportFile(ctx, { kind: "customers", file: new File(["Name\nAda\n"], "customers.csv") });
  const keys = {
    image: image.image_key,
    logo: logo.logo_key,
    banner: (store!.settings as { banner_key: string }).banner_key,
    export: exported!.fileKey!,
    import: `companies/${w.company.companyId}/imports/${upload.file_id}`,
  };
  // Each is really there, under A's prefix: what B must never reach.
  for (const key of Object.values(keys)) {
    expect(key.startsWith(`companies/${w.company.companyId}/`)).toBe(true);
    expect(await bindings.FILES.head(key)).not.toBeNull();
  }
  return { w, ctx, keys, upload, estimate };
}

async function estimateOf(w: SalesWorld) {
  const variant = await pricedVariant(w.db, w.level, "10");
  const ctx = await ctxOf(w.company);
  return (
    await createEstimate(ctx, { customer_id: w.customer.id, location_id: w.location, lines: [{ variant_id: variant.id, quantity: "1" }] })
  ).id;
}

/** The key itself and the ways one might climb from B's prefix to it: none of them is B's file. */
function variantsOf(key: string, own: string) {
  const mine = `companies/${own}/`;
  return [
    key,
    `/${key}`,
    `${mine}../../${key}`,
    `${mine}products/../../../${key}`,
    `${mine}..%2F..%2F${key}`,
    `${mine}%2e%2e/%2e%2e/${key}`,
    `${mine}..\\..\\${key}`,
  ];
}

/** Images embedded in a PDF. */
async function imagesIn(bytes: Uint8Array): Promise<number> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.context
    .enumerateIndirectObjects()
    .filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of("Subtype")) === PDFName.of("Image")).length;
}

/** What a page's loader answers: its response, thrown or returned. */
async function page(load: () => Promise<unknown>): Promise<Response> {
  try {
    const answer = await load();
    return answer instanceof Response ? answer : new Response(JSON.stringify(answer));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    // `data(null, { status })`, as a loader's not found is thrown.
    const status = (thrown as { init?: { status?: number } } | null)?.init?.status;
    if (status) return new Response(null, { status });
    throw thrown;
  }
}

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe("the files bucket is scoped per company: another company's key serves nothing, whatever route reads it", () => {
  // Every download route of every document type, each asked several ways: slow on a busy machine.
  it("B's rows naming A's files (or a way around B's prefix to them) give 404 or B's placeholder on every download route, never A's bytes", async () => {
    const a = await companyWithFiles();
    const b = await salesWorld();
    // B's user, as its pages and its verbs see it: the exports it starts are its own to download.
    const { ctx: rc, context } = await pageContext(b.company);
    const bCtx = await ctxFromRequest(rc);
    const { id: productId } = (await (
      await fetchApp("/api/v1/products", {
        method: "POST",
        token: b.token,
        json: { label: "Cup", variants: [{ sku: `CUP-${bCtx.newId()}` }] },
      })
    ).json()) as { id: number };
    const estimate = await estimateOf(b);
    await startBulkPdf(bCtx, { type: "estimate", ids: [estimate] });
    await runQueuedOperations(b.company);
    const [operation] = await listOperations(bCtx);
    const request = (path: string) => new Request(`http://app.test${path}`);
    const own = b.company.companyId;

    // A's own PDF embeds its logo: so that B's PDF without one below says something.
    expect(await imagesIn(await bytesOf(await fetchApp(`/api/v1/estimates/${a.estimate}/pdf`, { token: a.w.token })))).toBeGreaterThan(0);

    for (const [kind, key] of Object.entries(a.keys)) {
      for (const planted of variantsOf(key, own)) {
        const seen = `${kind}: ${planted}`;
        // Rows of B naming the key, as a restore or a faulty verb could leave them.
        await b.db.update(t.products).set({ imageKey: planted }).where(eq(t.products.id, productId));
        await b.db.update(t.companySettings).set({ logoKey: planted });
        await patchStoreSettings(bCtx, { banner_key: planted });
        await b.db.update(t.backgroundOperations).set({ fileKey: planted }).where(eq(t.backgroundOperations.batchId, operation!.batch_id));

        expect.soft((await fetchApp(`/api/v1/products/${productId}/image`, { token: b.token })).status, seen).toBe(404);
        expect.soft((await fetchApp("/api/v1/company-settings/logo", { token: b.token })).status, seen).toBe(404);
        const imagePage = await page(() =>
          productImagePage({
            request: request(`/products-and-services/products/${productId}/image`),
            params: { id: String(productId) },
            context,
          } as never),
        );
        expect.soft(imagePage.headers.get("content-type"), seen).toBe("image/svg+xml");
        const logoPage = await page(() =>
          companyLogoPage({ request: request("/settings/company-settings/logo"), params: {}, context } as never),
        );
        expect.soft(logoPage.headers.get("content-type"), seen).toBe("image/svg+xml");
        const banner = await page(() =>
          storeImagePage({ request: request("/b2b/images/banner"), params: { image: "banner" }, context } as never),
        );
        expect.soft(banner.status, seen).toBe(404);
        const download = await page(() =>
          operationDownloadPage({
            request: request(`/operations/${operation!.batch_id}/download`),
            params: { batchId: operation!.batch_id },
            context,
          } as never),
        );
        expect.soft(download.status, seen).toBe(404);
        // The PDFs print the logo the settings name: A's is never printed on B's documents.
        const apiPdf = await fetchApp(`/api/v1/estimates/${estimate}/pdf`, { token: b.token });
        expect.soft(apiPdf.status, seen).toBe(200);
        expect.soft(await imagesIn(await bytesOf(apiPdf)), seen).toBe(0);
        const pagePdf = await page(() =>
          documentPdfPage({ request: request(`/sales/estimates/${estimate}/pdf`), params: { id: String(estimate) }, context } as never),
        );
        expect.soft(await imagesIn(await bytesOf(pagePdf)), seen).toBe(0);
      }
    }

    // An import names its upload by id only, under the importer's own prefix: A's upload is no file of B's.
    await expect(
      startImport(bCtx, { kind: "customers", file_id: a.upload.file_id, file_name: "customers.csv", mapping: { label: 0 } }),
    ).rejects.toMatchObject({ code: "import_file_expired" });
    // A's files are all still there: nothing B did removed them.
    for (const key of Object.values(a.keys)) expect(await bindings.FILES.head(key)).not.toBeNull();
  }, 120_000);

  it("a company's store refuses to write outside its prefix and reads its own files by relative or full key", async () => {
    const a = await companyWithFiles();
    const prefix = `companies/${a.w.company.companyId}/`;
    const written = await a.ctx.files.put("exports/own.csv", new TextEncoder().encode("x"));
    expect(written).toBe(`${prefix}exports/own.csv`);
    expect(await new Response((await a.ctx.files.get("exports/own.csv"))!.body).text()).toBe("x");
    expect(await new Response((await a.ctx.files.get(written))!.body).text()).toBe("x");
    const b = await ctxOf((await salesWorld()).company);
    for (const bad of ["../x", "a/../../x", "/x", "a//b", "a/%2e%2e/b", "a\\b", "", `companies/${a.w.company.companyId}/x`])
      await expect(b.files.put(bad, new Uint8Array([1])), bad).rejects.toThrow(/Not a key of the company's files/);
    expect(await b.files.get(written)).toBeNull();
    await b.files.delete(written);
    expect(await bindings.FILES.head(written)).not.toBeNull();
  });
});
