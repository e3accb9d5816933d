import { PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { DEFAULT_PDF_SETTINGS } from "../../worker/domain/documents/pdf/pdf-settings";
import { getPdfSettings } from "../../worker/domain/settings/pdf-settings/get-pdf-settings";
import { updatePdfSettings } from "../../worker/domain/settings/pdf-settings/update-pdf-settings";
import { addUser, ctxOf, makeCompany } from "../support/factories";
import { callApi } from "../support/fetch-app";
import { call } from "./products-fixtures";
import { fetchApp } from "../support/fetch-app";

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (c) =>
  c.charCodeAt(0),
);

/** How many images the first page of a PDF draws. */
async function imagesOnFirstPage(response: Response): Promise<number> {
  const pdf = await PDFDocument.load(await response.arrayBuffer());
  const objects = pdf.getPage(0).node.Resources()?.lookupMaybe(PDFName.of("XObject"), PDFDict);
  return objects ? objects.keys().length : 0;
}

describe("the PDF settings", () => {
  it("are the defaults until the company changes them, and keep what a change does not give", async () => {
    const company = await makeCompany();
    const admin = await ctxOf(company);
    expect(await getPdfSettings(admin)).toEqual(DEFAULT_PDF_SETTINGS);

    await updatePdfSettings(admin, { paper_size: "letter", titles: { estimate: "Quote" } });
    const saved = await updatePdfSettings(admin, { show_sku: false, titles: { invoice: "Bill" } });
    expect(saved).toEqual({
      ...DEFAULT_PDF_SETTINGS,
      paper_size: "letter",
      show_sku: false,
      titles: { estimate: "Quote", invoice: "Bill" },
    });
    expect(await getPdfSettings(admin)).toEqual(saved);
  });

  it("take a blank title back to the default one", async () => {
    const admin = await ctxOf(await makeCompany());
    await updatePdfSettings(admin, { titles: { estimate: "Quote", invoice: "Bill" } });
    expect((await updatePdfSettings(admin, { titles: { estimate: "  " } })).titles).toEqual({ invoice: "Bill" });
  });

  it("are read by any user of the company but changed only with the settings permission", async () => {
    const company = await makeCompany();
    const clerk = await ctxOf(company, { permissions: ["view_estimates"] });
    expect(await getPdfSettings(clerk)).toEqual(DEFAULT_PDF_SETTINGS);
    await expect(updatePdfSettings(clerk, { paper_size: "letter" })).rejects.toMatchObject({ code: "forbidden" });
    expect((await getPdfSettings(clerk)).paper_size).toBe("a4");
  });
});

describe("/api/v1/pdf-settings", () => {
  it("shows and changes the settings", async () => {
    const company = await makeCompany();
    expect((await call("GET", "/pdf-settings", company.token)).body).toEqual(DEFAULT_PDF_SETTINGS);
    const saved = await call("PATCH", "/pdf-settings", company.token, { language: "fr", show_weight: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ language: "fr", show_weight: true, paper_size: "a4" });
    expect((await call("GET", "/pdf-settings", company.token)).body).toEqual(saved.body);
  });

  it.each([
    [{ paper_size: "a3" }, "paper_size", "invalid"],
    [{ language: "de" }, "language", "invalid_language"],
    [{ show_logo: "yes" }, "show_logo", "invalid"],
    [{ titles: { estimate: "x".repeat(61) } }, "titles.estimate", "too_long"],
    [{ titles: { receipt: "Receipt" } }, "titles.receipt", "unknown_field"],
    [{ margins: 2 }, "margins", "unknown_field"],
  ])("refuses %j naming %s (%s), and changes nothing", async (body, field, code) => {
    const company = await makeCompany();
    const response = await call("PATCH", "/pdf-settings", company.token, body);
    expect(response.status).toBe(422);
    expect(response.body.error.fields[field]).toMatchObject({ code });
    expect((await call("GET", "/pdf-settings", company.token)).body).toEqual(DEFAULT_PDF_SETTINGS);
  });

  it("answers 403 to a user without the settings permission who changes them, and lets them read", async () => {
    const company = await makeCompany();
    const clerk = await addUser(company.companyId, { permissions: ["view_estimates"] });
    expect((await call("PATCH", "/pdf-settings", clerk.token, { paper_size: "letter" })).status).toBe(403);
    expect((await call("GET", "/pdf-settings", clerk.token)).status).toBe(200);
  });

  it("previews a sample document printed with the saved paper size and title", async () => {
    const company = await makeCompany({ label: "Maison Preview" });
    await call("PATCH", "/pdf-settings", company.token, { paper_size: "letter", titles: { estimate: "Our quotation" } });
    const response = await callApi("GET", "/pdf-settings/preview.pdf", company.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const pdf = await PDFDocument.load(await response.arrayBuffer());
    expect(pdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    expect(pdf.getTitle()).toBe("Our quotation SAMPLE-0001");

    const invoice = await PDFDocument.load(
      await (await callApi("GET", "/pdf-settings/preview.pdf?kind=invoice", company.token)).arrayBuffer(),
    );
    expect(invoice.getTitle()).toBe("Invoice SAMPLE-0001");
  });

  it("previews with the company's logo, unless the settings leave it out", async () => {
    const company = await makeCompany();
    const preview = () => callApi("GET", "/pdf-settings/preview.pdf", company.token);
    expect(await imagesOnFirstPage(await preview())).toBe(0);
    const put = await fetchApp("/api/v1/company-settings/logo", {
      method: "PUT",
      token: company.token,
      body: PNG,
      headers: { "content-type": "image/png" },
    });
    expect(put.status).toBe(200);
    expect(await imagesOnFirstPage(await preview())).toBe(1);
    await call("PATCH", "/pdf-settings", company.token, { show_logo: false });
    expect(await imagesOnFirstPage(await preview())).toBe(0);
  });
});
