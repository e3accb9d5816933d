import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { buildMimeMessage, quotedPrintable, type MimeEmail } from "../../../worker/integrations/mail/mime-message";

const email = (more: Partial<MimeEmail> = {}): MimeEmail => ({
  from: { name: "Maison Durand", email: "factures@durand.example" },
  to: ["lea@example.test"],
  cc: [],
  subject: "Votre devis",
  text: "Bonjour",
  html: "<p>Bonjour</p>",
  attachments: [],
  ...more,
});

describe("an email as SMTP carries it", () => {
  it("is 7-bit lines of at most 78 characters ending in CRLF, whatever the names, subject, text and files", () => {
    const raw = buildMimeMessage(
      email({
        from: { name: "Éléonore “La Maison” Durand-Dûpont & fils, négociants en vins depuis 1887", email: "factures@durand.example" },
        to: Array.from({ length: 12 }, (_, i) => `client-${i}@example.test`),
        subject: `Devis n°42 — ${"très ".repeat(40)}long`,
        text: `${"mot ".repeat(100)}\n${"x".repeat(300)}\n\tTabulé en fin \n€`,
        attachments: [{ filename: `Devis ${"long ".repeat(30)}é.pdf`, content: btoa("%PDF".repeat(500)), mimeType: "application/pdf" }],
      }),
    );
    expect(raw).toMatch(/^[\x00-\x7f]*$/);
    expect(raw.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(raw.split("\r\n").filter((line) => line.length > 78)).toEqual([]);
  });

  it("reads back as written: names, subject, addresses, text, HTML and files, with no hidden copy in its headers", async () => {
    const from = { name: 'Éléonore "Léa" Durand \\ fils', email: "factures@durand.example" };
    const subject = `Devis n°42 — Éléonore ${"très ".repeat(20)}long =?UTF-8?B?x?= fin`;
    const text = [
      "Bonjour Éléonore,",
      "",
      ".",
      "..deux",
      `${"long ".repeat(40)}fin`,
      "trailing space ",
      "tab\t",
      "a=b",
      "€ 12,50 — ok",
    ].join("\n");
    const html = `<p>Bonjour</p>\n<p>${"é".repeat(200)}</p>`;
    const pdf = new Uint8Array(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
    const raw = buildMimeMessage(
      email({
        from,
        to: ["lea@example.test", "paul@example.test"],
        cc: ["compta@example.test"],
        replyTo: "contact@durand.example",
        subject,
        text,
        html,
        attachments: [
          { filename: "Devis n°42 (façade).pdf", content: btoa(String.fromCharCode(...pdf)), mimeType: "application/pdf" },
          { filename: 'plain "quoted".txt', content: btoa("hello"), mimeType: "text/plain" },
        ],
      }),
    );
    const parsed = await simpleParser(raw);
    expect(parsed.from?.value).toEqual([{ name: from.name, address: from.email }]);
    expect(parsed.subject).toBe(subject);
    expect((Array.isArray(parsed.to) ? parsed.to : [parsed.to!]).flatMap((a) => a.value.map((v) => v.address))).toEqual([
      "lea@example.test",
      "paul@example.test",
    ]);
    expect(parsed.replyTo?.value[0]?.address).toBe("contact@durand.example");
    expect(parsed.text).toBe(text);
    expect(parsed.html).toBe(html);
    expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ["Devis n°42 (façade).pdf", "application/pdf"],
      ['plain "quoted".txt', "text/plain"],
    ]);
    expect(new Uint8Array(parsed.attachments[0]!.content)).toEqual(pdf);
    expect(parsed.headers.has("bcc")).toBe(false);
    expect(parsed.messageId).toMatch(/^<[0-9a-f-]+@durand\.example>$/);
  });

  it("reads back a plain ASCII subject that looks like an encoded word as it was written", async () => {
    const subject = "Order =?UTF-8?B?SGFjaw==?= 42";
    expect((await simpleParser(buildMimeMessage(email({ subject })))).subject).toBe(subject);
  });

  it("keeps a name and a subject out of the other headers, whatever line breaks they carry", async () => {
    const raw = buildMimeMessage(
      email({ from: { name: "Evil\r\nBcc: x@y.z", email: "a@b.example" }, subject: "Hi\r\nBcc: victim@example.test" }),
    );
    const parsed = await simpleParser(raw);
    expect(parsed.headers.has("bcc")).toBe(false);
    expect(parsed.subject).toBe("Hi Bcc: victim@example.test");
  });

  it("refuses a file whose contents are not base64, which could otherwise end its part", () => {
    expect(() =>
      buildMimeMessage(email({ attachments: [{ filename: "x.pdf", content: "AAAA\r\n--boundary", mimeType: "application/pdf" }] })),
    ).toThrow(/not base64/);
  });
});

describe("quoted-printable", () => {
  it("encodes equals signs, trailing spaces and bytes outside ASCII, and cuts lines at 76 with a soft break", () => {
    expect(quotedPrintable("a=b")).toBe("a=3Db");
    expect(quotedPrintable("end \nnext\t")).toBe("end=20\r\nnext=09");
    expect(quotedPrintable("é")).toBe("=C3=A9");
    const long = quotedPrintable("x".repeat(100));
    expect(long.split("\r\n")).toEqual([`${"x".repeat(75)}=`, "x".repeat(25)]);
  });
});
