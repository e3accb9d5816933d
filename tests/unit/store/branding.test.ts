import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONTRAST_THRESHOLD, shade, storePalette, textColourOn } from "../../../worker/domain/store/branding";

const brightness = (hex: string) => {
  const v = Number.parseInt(hex.slice(1), 16);
  return ((v >> 16) & 255) * 0.299 + ((v >> 8) & 255) * 0.587 + (v & 255) * 0.114;
};

describe("the store's colours (platform spec §9)", () => {
  it("write black on a colour brighter than 186 and white otherwise", () => {
    expect(textColourOn("#ffffff")).toBe("#000000");
    expect(textColourOn("#000000")).toBe("#ffffff");
    // 187 grey is over the threshold, 186 grey is not.
    expect(textColourOn("#bbbbbb")).toBe("#000000");
    expect(textColourOn("#bababa")).toBe("#ffffff");
    expect(textColourOn("#b91c1c")).toBe("#ffffff");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (n) => {
        const hex = `#${n.toString(16).padStart(6, "0")}`;
        expect(textColourOn(hex)).toBe(brightness(hex) > CONTRAST_THRESHOLD ? "#000000" : "#ffffff");
      }),
    );
  });

  it("make the lighter and darker shades 40 apart on each channel, kept within 0–255", () => {
    expect(shade("#102030", 40)).toBe("#384858");
    expect(shade("#102030", -40)).toBe("#000008");
    expect(shade("#f0e0d0", 40)).toBe("#fffff8");
    expect(storePalette("#1e88e5", "#fdd835")).toEqual({
      primary: "#1e88e5",
      primaryText: "#ffffff",
      primaryLight: "#46b0ff",
      primaryDark: "#0060bd",
      secondary: "#fdd835",
      secondaryText: "#000000",
      secondaryLight: "#ffff5d",
      secondaryDark: "#d5b00d",
    });
  });
});
