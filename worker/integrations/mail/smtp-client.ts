import { connect } from "cloudflare:sockets";

/** The server a message goes to, and how to sign in to it. */
export interface SmtpServer {
  host: string;
  port: number;
  /** tls: TLS from the first byte; starttls: upgraded before anything else is said (refused if not offered). */
  security: "tls" | "starttls" | "none";
  username?: string;
  password?: string;
}

export interface SmtpEnvelope {
  from: string;
  recipients: string[];
  /** The whole message, headers included, in CRLF lines. */
  message: string;
}

/** How long the server may take: for each answer, for the answer to the message, and for the whole delivery. */
export interface SmtpBounds {
  answerMs: number;
  messageAnswerMs: number;
  deliveryMs: number;
}

export const SMTP_BOUNDS: SmtpBounds = { answerMs: 10_000, messageAnswerMs: 20_000, deliveryMs: 30_000 };

/** Why a delivery failed, as the server or the clock said it. */
export class SmtpError extends Error {
  override name = "SmtpError";
}

interface Reply {
  code: number;
  lines: string[];
}

// An answer line longer than this, or an answer of more lines, is not SMTP: the server is refused.
const MAX_LINE_BYTES = 4096;
const MAX_REPLY_LINES = 100;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Sends one message over a connection of its own. Every read and write races the delivery's
 * deadline, which closes the socket when it passes: no server, however slow or broken, holds a
 * delivery longer than `bounds.deliveryMs`.
 */
export async function sendOverSmtp(server: SmtpServer, envelope: SmtpEnvelope, bounds: SmtpBounds = SMTP_BOUNDS): Promise<void> {
  const connection = new Connection(server, bounds);
  const deadline = setTimeout(
    () => connection.abort(new SmtpError(`delivery not finished within ${bounds.deliveryMs / 1000} s`)),
    bounds.deliveryMs,
  );
  try {
    await dialogue(connection, server, envelope, bounds);
  } finally {
    clearTimeout(deadline);
    connection.close();
  }
}

async function dialogue(c: Connection, server: SmtpServer, envelope: SmtpEnvelope, bounds: SmtpBounds): Promise<void> {
  await c.opened();
  expect(await c.answer(), [220], "greeting");
  const name = heloName(envelope.from);
  let capabilities = await hello(c, name);
  if (server.security === "starttls") {
    if (!capabilities.has("STARTTLS")) throw new SmtpError("the server does not offer STARTTLS");
    expect(await c.command("STARTTLS"), [220], "STARTTLS");
    c.startTls();
    capabilities = await hello(c, name);
  }
  if (server.username) await signIn(c, capabilities, server.username, server.password ?? "");
  expect(await c.command(`MAIL FROM:<${envelope.from}>`), [250], "MAIL FROM");
  for (const recipient of envelope.recipients) expect(await c.command(`RCPT TO:<${recipient}>`), [250, 251], "RCPT TO");
  expect(await c.command("DATA"), [354], "DATA");
  await c.write(`${dotStuffed(envelope.message)}.\r\n`);
  expect(await c.answer(bounds.messageAnswerMs), [250], "message");
  // The message is accepted: QUIT is a courtesy whose answer nobody needs to wait for.
  await c.write("QUIT\r\n").catch(() => undefined);
}

// EHLO, or HELO for an old server; the capabilities it announced (AUTH as "AUTH <mechanism>").
async function hello(c: Connection, name: string): Promise<Set<string>> {
  const reply = await c.command(`EHLO ${name}`);
  if (reply.code === 250) {
    const capabilities = new Set<string>();
    for (const line of reply.lines.slice(1)) {
      const [keyword = "", ...params] = line.toUpperCase().split(/[\s=]+/);
      capabilities.add(keyword);
      if (keyword === "AUTH") for (const mechanism of params) capabilities.add(`AUTH ${mechanism}`);
    }
    return capabilities;
  }
  expect(await c.command(`HELO ${name}`), [250], "HELO");
  return new Set();
}

async function signIn(c: Connection, capabilities: Set<string>, username: string, password: string): Promise<void> {
  if (capabilities.has("AUTH PLAIN")) {
    expect(await c.command(`AUTH PLAIN ${base64(`\0${username}\0${password}`)}`, "AUTH PLAIN"), [235], "sign-in");
  } else if (capabilities.has("AUTH LOGIN")) {
    expect(await c.command("AUTH LOGIN"), [334], "sign-in");
    expect(await c.command(base64(username), "AUTH LOGIN user name"), [334], "sign-in");
    expect(await c.command(base64(password), "AUTH LOGIN password"), [235], "sign-in");
  } else {
    throw new SmtpError("the server offers no sign-in this client knows (AUTH PLAIN or LOGIN)");
  }
}

function expect(reply: Reply, codes: number[], step: string): Reply {
  if (!codes.includes(reply.code)) throw new SmtpError(`${step} refused: ${reply.code} ${reply.lines.join(" ").slice(0, 300)}`);
  return reply;
}

/** Lines starting with a dot get another (RFC 5321 §4.5.2); every line ends in CRLF. */
export function dotStuffed(message: string): string {
  const lines = message.split(/\r\n|\r|\n/);
  if (lines.at(-1) === "") lines.pop();
  return lines.map((line) => `${line.startsWith(".") ? "." : ""}${line}\r\n`).join("");
}

// The domain of the sender's address names this client (EHLO wants a name, and Workers have none of their own).
function heloName(from: string): string {
  const domain = from.split("@").pop() ?? "";
  return /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(domain) ? domain : "[127.0.0.1]";
}

function base64(text: string): string {
  return btoa(Array.from(encoder.encode(text), (b) => String.fromCharCode(b)).join(""));
}

/**
 * One socket and its reader: the end of the stream is an error, each answer has its own
 * timeout, and `abort` (the deadline) closes the socket and fails whatever is waiting.
 */
class Connection {
  private socket: Socket;
  private reader: ReadableStreamDefaultReader<Uint8Array>;
  private writer: WritableStreamDefaultWriter<Uint8Array>;
  private buffered = new Uint8Array(0);
  private readonly failed: Promise<never>;
  private fail!: (error: Error) => void;
  private done = false;

  constructor(
    server: SmtpServer,
    private readonly bounds: SmtpBounds,
  ) {
    this.failed = new Promise<never>((_, reject) => (this.fail = reject));
    this.failed.catch(() => {});
    const secureTransport = server.security === "tls" ? "on" : server.security === "starttls" ? "starttls" : "off";
    this.socket = connect(
      { hostname: server.host.replace(/^\[(.*)\]$/, "$1"), port: server.port },
      { secureTransport, allowHalfOpen: false },
    );
    this.socket.closed.catch(() => {});
    this.reader = this.socket.readable.getReader();
    this.writer = this.socket.writable.getWriter();
  }

  abort(error: Error): void {
    if (this.done) return;
    this.fail(error);
    this.close();
  }

  close(): void {
    if (this.done) return;
    this.done = true;
    this.socket.close().catch(() => {});
  }

  async opened(): Promise<void> {
    await this.within(this.socket.opened, this.bounds.answerMs, "could not connect");
  }

  startTls(): void {
    this.reader.releaseLock();
    this.writer.releaseLock();
    this.socket = this.socket.startTls();
    this.socket.closed.catch(() => {});
    this.reader = this.socket.readable.getReader();
    this.writer = this.socket.writable.getWriter();
    // Anything the server sent before the upgrade is not to be believed after it.
    this.buffered = new Uint8Array(0);
  }

  async write(text: string): Promise<void> {
    await this.race(this.writer.write(encoder.encode(text)));
  }

  /** Sends one command line and reads its answer; `shown` replaces the line in errors (credentials). */
  async command(line: string, shown = line): Promise<Reply> {
    if (/[\r\n]/.test(line)) throw new SmtpError(`${shown.split(" ")[0]}: a line break in a command`);
    await this.write(`${line}\r\n`);
    return this.answer();
  }

  answer(timeoutMs = this.bounds.answerMs): Promise<Reply> {
    return this.within(this.readReply(), timeoutMs, "no answer from the server");
  }

  // The operation, failed by the deadline or by `ms` passing (which closes the connection too).
  private async within<T>(operation: Promise<T>, ms: number, what: string): Promise<T> {
    const timer = setTimeout(() => this.abort(new SmtpError(`${what} within ${ms / 1000} s`)), ms);
    try {
      return await this.race(operation);
    } finally {
      clearTimeout(timer);
    }
  }

  private race<T>(operation: Promise<T>): Promise<T> {
    operation.catch(() => {});
    return Promise.race([operation, this.failed]);
  }

  private async readReply(): Promise<Reply> {
    const lines: string[] = [];
    let code = 0;
    for (;;) {
      const line = await this.readLine();
      const match = /^([2-5][0-9]{2})([ -]|$)(.*)$/.exec(line);
      if (!match || (code && Number(match[1]) !== code)) throw new SmtpError(`not an SMTP answer: ${line.slice(0, 100)}`);
      code = Number(match[1]);
      lines.push(match[3]!);
      if (match[2] !== "-") return { code, lines };
      if (lines.length >= MAX_REPLY_LINES) throw new SmtpError("an answer of too many lines");
    }
  }

  private async readLine(): Promise<string> {
    let empty = 0;
    for (;;) {
      const end = this.buffered.indexOf(10);
      if (end >= 0) {
        const line = decoder.decode(this.buffered.subarray(0, end)).replace(/\r$/, "");
        this.buffered = this.buffered.slice(end + 1);
        return line;
      }
      if (this.buffered.length > MAX_LINE_BYTES) throw new SmtpError("an answer line too long");
      if (this.done) throw new SmtpError("the connection is closed");
      const { value, done } = await this.reader.read();
      // The end of the stream is an answer that will never come, not a reason to read again.
      if (done) throw new SmtpError("the server closed the connection");
      // A stream that only ever gives empty chunks would keep this loop from yielding.
      if (!value?.length) {
        if (++empty > 100) throw new SmtpError("the server sends nothing");
        continue;
      }
      empty = 0;
      const joined = new Uint8Array(this.buffered.length + value.length);
      joined.set(this.buffered);
      joined.set(value, this.buffered.length);
      this.buffered = joined;
    }
  }
}
