import { describe, expect, it } from "vitest";
import { controlCharacterErrors, hasControlCharacters } from "../../../worker/domain/shared/plain-text";

describe("control characters in text", () => {
  it.each([
    ["Épicerie du Port", false, false],
    ["", false, false],
    ["Tab\there", true, false],
    ["Line\nbreak", true, false],
    ["Windows\r\nline", true, false],
    ["Lone\rCR", true, true],
    ["NUL\u0000", true, true],
    ["Bell\u0007", true, true],
    ["Vertical\u000btab", true, true],
    ["Escape\u001b[0m", true, true],
    ["DEL\u007f", true, true],
    ["Non-breaking\u00a0space and emoji 🙂", false, false],
  ])("%j: one-line refused %s, multi-line refused %s", (text, oneLine, multiLine) => {
    expect(hasControlCharacters(text)).toBe(oneLine);
    expect(hasControlCharacters(text, true)).toBe(multiLine);
  });

  it("names every field at fault by its path, lists included, one-line or multi-line by the field's name", () => {
    const input = {
      label: "Acme\tCorp",
      notes: "First\r\nSecond\tindented",
      description: "Nul\u0000",
      addresses: [{ city: "Lyon" }, { city: "Paris\n" }],
      tags: ["ok", "bad\u0001"],
      password: "any\u0000thing",
      quantity: 3,
      active: true,
      nothing: null,
    };
    expect(controlCharacterErrors(input)).toEqual({
      label: { code: "single_line" },
      description: { code: "control_characters" },
      "addresses.1.city": { code: "single_line" },
      "tags.1": { code: "single_line" },
    });
  });

  it("leaves alone what is not plain data (files, dates)", () => {
    expect(controlCharacterErrors({ image: new Blob(["\u0000"]), at: new Date(0) })).toEqual({});
  });
});
