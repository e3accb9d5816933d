import { describe, expect, it } from "vitest";
import { supportSiteUrl } from "../../app/components/back-office/support-site";

describe("the support site", () => {
  it("opens in French for a French user and in English for anyone else", () => {
    expect(supportSiteUrl("fr")).toBe("https://help.comptoir.example/fr/");
    expect(supportSiteUrl("en")).toBe("https://help.comptoir.example/en/");
    expect(supportSiteUrl("de")).toBe("https://help.comptoir.example/en/");
  });
});
