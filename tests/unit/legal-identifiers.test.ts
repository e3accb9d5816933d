import { describe, expect, it } from "vitest";
import {
  compactIdentifier,
  frenchVatKey,
  isSiren,
  isSiret,
  isVatNumber,
  spacedIdentifier,
} from "../../worker/domain/settings/company-settings/legal-identifiers";
import { UpdateCompanySettingsInput } from "../../worker/domain/settings/company-settings/company-settings-schemas";

describe("a French company's identifiers", () => {
  it.each([
    ["732829320", true],
    ["443061841", true],
    ["732829321", false], // one digit off: the Luhn check fails
    ["73282932", false],
    ["7328293200", false],
    ["73282932A", false],
  ])("SIREN %s is valid: %s", (siren, valid) => {
    expect(isSiren(siren)).toBe(valid);
  });

  it.each([
    ["73282932000074", true],
    ["44306184100047", true],
    ["73282932000075", false],
    ["7328293200007", false],
    // La Poste: its establishments' digits add up to a multiple of 5, the Luhn check aside.
    ["35600000000048", true],
    ["35600000000010", true],
    ["35600000000011", false],
    // The same sum rule does not save another company's SIRET.
    ["73282932000040", false],
  ])("SIRET %s is valid: %s", (siret, valid) => {
    expect(isSiret(siret)).toBe(valid);
  });

  it.each([
    ["FR64443061841", true],
    ["FR44732829320", true],
    ["FR45732829320", false], // wrong key
    ["FR44732829321", false], // the SIREN inside fails its own check
    ["FRXA732829320", true], // a key with letters (no SIREN checksum to verify)
    ["DE123456789", true],
    ["DE12345678", false],
    ["BE0123456789", true],
    ["NL123456789B01", true],
    ["GB123456789", false], // not an EU number since 2021
    ["US123456789", false],
  ])("VAT number %s is valid: %s", (vat, valid) => {
    expect(isVatNumber(vat)).toBe(valid);
  });

  it("computes the French VAT key from the SIREN and writes identifiers as people read them", () => {
    expect(frenchVatKey("443061841")).toBe("64");
    expect(compactIdentifier(" fr 64 443.061-841 ")).toBe("FR64443061841");
    expect(spacedIdentifier("73282932000074")).toBe("732 829 320 00074");
    expect(spacedIdentifier("732829320")).toBe("732 829 320");
  });

  it("reads them as typed in the settings, and names the field of a wrong one", () => {
    expect(
      UpdateCompanySettingsInput.parse({ siren: "732 829 320", siret: "732 829 320 00074", vat_number: "fr 44 732829320" }),
    ).toMatchObject({
      siren: "732829320",
      siret: "73282932000074",
      vat_number: "FR44732829320",
    });
    expect(UpdateCompanySettingsInput.parse({ siren: " ", vat_number: null })).toMatchObject({ siren: null, vat_number: null });
    const refused = UpdateCompanySettingsInput.safeParse({ siren: "123456789", siret: "1", vat_number: "FR00732829320" });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["siren", "invalid_siren"],
      ["siret", "invalid_siret"],
      ["vat_number", "invalid_vat_number"],
    ]);
  });
});
