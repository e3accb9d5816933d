import fc from "fast-check";

/**
 * What a client can put in a header: printable ASCII and tabs (never CR, LF or NUL, which fetch
 * itself refuses), with Latin-1 bytes too where the client sends them as they are (Node's fetch;
 * workerd would re-encode them as UTF-8, with a warning each time), plus values known to have hurt.
 */
export function headerTexts(options: { latin1: boolean }) {
  const codes = [fc.integer({ min: 0x20, max: 0x7e }), fc.constant(0x09)];
  if (options.latin1) codes.push(fc.integer({ min: 0xa0, max: 0xff }));
  const char = fc.oneof(...codes).map((code) => String.fromCharCode(code));
  const text = fc.oneof(
    fc.string({ unit: char, maxLength: 40 }).map((s) => s.trim()),
    fc.constantFrom("%", "%E0%A4%A", "%ZZ", "v1:a:b:1", "v1:::", "fr", "en;q=x", "*", ",;,", "Basic !!!", "Bearer", "Basic Og=="),
  );
  const contentType = fc.option(
    fc.oneof(
      text,
      fc.constantFrom(
        "application/json",
        "application/json; charset=utf-8",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "multipart/form-data; boundary=x",
        "text/plain",
      ),
    ),
  );
  return { text, maybe: fc.option(text), contentType };
}

/** The Cookie header of the given cookies, absent ones left out; null when there is none. */
export function cookieHeader(cookies: Record<string, string | null>): string | null {
  const parts = Object.entries(cookies)
    .filter(([, value]) => value !== null)
    .map(([name, value]) => `${name}=${value}`);
  return parts.length ? parts.join("; ") : null;
}
