import { describe, expect, it } from "vitest";
import { safeRedirectTarget } from "../../worker/guards";

describe("a redirect target taken from input", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/products?page=2&sort=label#top", "/products?page=2&sort=label#top"],
    ["/contacts/customers/12", "/contacts/customers/12"],
    ["/b2b", "/b2b"],
    // Kept on this site, and percent-encoded so that it fits a Location header.
    ["/caf\u00e9 cr\u00e8me", "/caf%C3%A9%20cr%C3%A8me"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    ["/%09/evil.example", "/%09/evil.example"],
    ["/a/../b", "/b"],
  ])("keeps %j as %j", (value, expected) => {
    expect(safeRedirectTarget(value, "/fallback")).toBe(expected);
  });

  it.each([
    ["//evil.example", "a protocol-relative address"],
    ["///evil.example", "three slashes"],
    ["/\\evil.example", "a slash and a backslash, which browsers read as //"],
    ["\\\\evil.example", "two backslashes"],
    ["/x\\..\\\\evil.example", "a backslash further on"],
    ["/\t/evil.example", "a tab, which browsers drop (the decoded /%09/)"],
    ["/\n/evil.example", "a newline (the decoded /%0a/)"],
    ["/\r/evil.example", "a carriage return"],
    ["/\u0000/x", "a NUL"],
    ["/x\u007f", "a DEL"],
    ["https://evil.example", "an absolute address"],
    ["http:/evil.example", "a scheme with one slash"],
    ["javascript:alert(1)", "a script address"],
    ["JaVaScRiPt:alert(1)", "a script address in mixed case"],
    ["data:text/html,<script>alert(1)</script>", "a data address"],
    ["evil.example", "a bare host"],
    [" /dashboard", "a leading space"],
    ["", "nothing"],
    ["%2F%2Fevil.example", "an encoded //, not starting with /"],
  ])("refuses %j (%s)", (value) => {
    expect(safeRedirectTarget(value, "/fallback")).toBe("/fallback");
  });

  it.each([null, undefined, 42, ["/dashboard"]])("falls back for %j, which is not text", (value) => {
    expect(safeRedirectTarget(value, "/b2b")).toBe("/b2b");
  });
});
