import { createHash, createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hmacSha256Hex, sha256Hex } from "../../../worker/domain/shared/ids";

describe("digests in hexadecimal", () => {
  it("are the SHA-256 and HMAC-SHA-256 of the text's UTF-8, two lower-case digits a byte", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary" }), fc.string({ minLength: 1 }), async (text, secret) => {
        expect(await sha256Hex(text)).toBe(createHash("sha256").update(text, "utf8").digest("hex"));
        expect(await hmacSha256Hex(secret, text)).toBe(createHmac("sha256", secret).update(text, "utf8").digest("hex"));
      }),
      { numRuns: 300 },
    );
    expect(await sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });
});
