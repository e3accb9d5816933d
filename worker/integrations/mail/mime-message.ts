/**
 * An email as SMTP carries it (RFC 5322 and MIME): 7-bit lines of at most 76 characters ending
 * in CRLF. Names and subjects outside ASCII are encoded words, bodies quoted-printable, files
 * base64. Hidden copies are left out of the headers: only the envelope names them.
 */
export interface MimeEmail {
  from: { name?: string; email: string };
  to: string[];
  cc: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Base64 contents. */
  attachments: { filename: string; content: string; mimeType: string }[];
}

const encoder = new TextEncoder();

export function buildMimeMessage(email: MimeEmail, now = new Date()): string {
  const domain = email.from.email.split("@").pop() || "localhost";
  const headers = [
    header("From", mailbox(email.from)),
    header("To", email.to.join(", ")),
    ...(email.cc.length ? [header("Cc", email.cc.join(", "))] : []),
    ...(email.replyTo ? [header("Reply-To", email.replyTo)] : []),
    header("Subject", unstructured(email.subject)),
    header("Date", now.toUTCString().replace("GMT", "+0000")),
    header("Message-ID", `<${crypto.randomUUID()}@${domain}>`),
    "MIME-Version: 1.0",
  ];
  const bodies = [
    ...(email.text || !email.html ? [textPart("text/plain", email.text)] : []),
    ...(email.html ? [textPart("text/html", email.html)] : []),
  ];
  const body = bodies.length === 1 ? bodies[0]! : multipart("alternative", bodies);
  const message = email.attachments.length ? multipart("mixed", [body, ...email.attachments.map(attachmentPart)]) : body;
  return `${headers.join("\r\n")}\r\n${message}`;
}

// A part: its headers, a blank line, its content (each line ending in CRLF).
function textPart(type: string, content: string): string {
  return `Content-Type: ${type}; charset=UTF-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${quotedPrintable(content)}\r\n`;
}

function attachmentPart(file: MimeEmail["attachments"][number]): string {
  const content = file.content.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(content)) throw new Error(`attachment "${file.filename}" is not base64`);
  const type = /^[\w.+-]+\/[\w.+-]+$/.test(file.mimeType) ? file.mimeType : "application/octet-stream";
  const name = parameter("filename", file.filename);
  return [
    header("Content-Type", `${type}; ${parameter("name", file.filename)}`),
    header("Content-Disposition", `attachment; ${name}`),
    "Content-Transfer-Encoding: base64",
    "",
    ...(content.match(/.{1,76}/g) ?? []),
    "",
  ].join("\r\n");
}

// Boundaries start with "=_": quoted-printable and base64 text can never contain that.
function multipart(subtype: string, parts: string[]): string {
  const boundary = `=_${Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("")}`;
  const type = header("Content-Type", `multipart/${subtype}; boundary="${boundary}"`);
  return `${type}\r\n\r\n${parts.map((p) => `--${boundary}\r\n${p}`).join("")}--${boundary}--\r\n`;
}

// A header line folded before 78 characters at the spaces its value has.
function header(name: string, value: string): string {
  const words = `${name}: ${value.replace(/[\r\n\t]+/g, " ")}`.split(" ");
  const lines = [words.shift()!];
  for (const word of words) {
    if (lines.at(-1)!.length + 1 + word.length > 76) lines.push(` ${word}`);
    else lines[lines.length - 1] += ` ${word}`;
  }
  return lines.join("\r\n");
}

function mailbox({ name, email }: { name?: string; email: string }): string {
  if (!name) return email;
  return `${phrase(name)} <${email}>`;
}

// A display name: as it is when it is only ASCII letters, digits and spaces; quoted when it has
// other ASCII; encoded words otherwise (never inside quotes, where readers would not decode them).
function phrase(name: string): string {
  const clean = name.replace(/[\r\n\t]+/g, " ").trim();
  if (/^[A-Za-z0-9 ]+$/.test(clean)) return clean;
  if (/^[\x20-\x7e]+$/.test(clean)) return `"${clean.replace(/(["\\])/g, "\\$1")}"`;
  return encodedWords(clean);
}

function unstructured(text: string): string {
  const clean = text.replace(/[\r\n\t]+/g, " ");
  // Plain ASCII words fold at their spaces; a word too long to fold, text a reader would take for an
  // encoded word, or any other character, is encoded.
  const plain = /^[\x20-\x7e]*$/.test(clean) && !clean.includes("=?") && !clean.split(" ").some((w) => w.length > 60);
  return plain ? clean : encodedWords(clean);
}

// RFC 2047 "B" words of at most 45 bytes of UTF-8 each (75 characters encoded), never splitting a character.
function encodedWords(text: string): string {
  const words: number[][] = [];
  const chunk: number[] = [];
  for (const char of text) {
    const bytes = encoder.encode(char);
    if (chunk.length + bytes.length > 45) {
      words.push(chunk.splice(0));
    }
    chunk.push(...bytes);
  }
  if (chunk.length) words.push(chunk);
  return words.map((bytes) => `=?UTF-8?B?${base64(Uint8Array.from(bytes))}?=`).join(" ");
}

// A quoted string when the value is short plain ASCII, else RFC 2231 percent-encoded UTF-8, in
// numbered pieces short enough to fold (`name*0*=UTF-8''…; name*1*=…`).
function parameter(key: string, value: string): string {
  const clean = value.replace(/[\r\n\t]+/g, " ");
  if (/^[\x20-\x7e]*$/.test(clean) && clean.length <= 60) return `${key}="${clean.replace(/(["\\])/g, "\\$1")}"`;
  const pieces = [""];
  for (const b of encoder.encode(clean)) {
    const token = /[A-Za-z0-9!#$&+.^_`|~-]/.test(String.fromCharCode(b))
      ? String.fromCharCode(b)
      : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
    if (pieces.at(-1)!.length + token.length > 50) pieces.push("");
    pieces[pieces.length - 1] += token;
  }
  return pieces.map((piece, i) => `${key}*${i}*=${i === 0 ? "UTF-8''" : ""}${piece}`).join("; ");
}

/** Quoted-printable (RFC 2045): line breaks become CRLF, lines are cut at 76 with a soft break. */
export function quotedPrintable(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => {
      const bytes = encoder.encode(line);
      let out = "";
      let width = 0;
      for (let i = 0; i < bytes.length; i++) {
        const b = bytes[i]!;
        const last = i === bytes.length - 1;
        // Spaces and tabs stay as they are except at the end of a line, where transports strip them.
        const plain = (b >= 33 && b <= 126 && b !== 61) || ((b === 32 || b === 9) && !last);
        const token = plain ? String.fromCharCode(b) : `=${b.toString(16).toUpperCase().padStart(2, "0")}`;
        if (width + token.length > 75) {
          out += "=\r\n";
          width = 0;
        }
        out += token;
        width += token.length;
      }
      return out;
    })
    .join("\r\n");
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
