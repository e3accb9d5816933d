import { describe, expect, it } from "vitest";
import { supportSiteUrl } from "../../app/components/back-office/support-site";

describe("the support site", () => {
  it("opens the configured site in French for a French user and in English for anyone else", () => {
    const setting = "https://help.example.test/{language}/";
    expect(supportSiteUrl(setting, "fr")).toBe("https://help.example.test/fr/");
    expect(supportSiteUrl(setting, "en")).toBe("https://help.example.test/en/");
    expect(supportSiteUrl(setting, "de")).toBe("https://help.example.test/en/");
  });

  it("is the configured address as it is when it names no language", () => {
    expect(supportSiteUrl("https://support.example.test/", "fr")).toBe("https://support.example.test/");
  });

  it("is absent when no help site is configured, so the menu offers none", () => {
    expect(supportSiteUrl(undefined, "en")).toBeNull();
    expect(supportSiteUrl("", "en")).toBeNull();
  });
});
